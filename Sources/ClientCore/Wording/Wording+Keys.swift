/// The key help's words: each key, then what it does (the key help sheet lists them; F1 and `?`
/// open it). The keys themselves are read by ``KeyMap``.
extension Wording {
    /// The key help sheet's list: keys, then what they do.
    public static let keyHelp: [(keys: String, does: String)] = [
        ("Right or Tab", "next item"),
        ("Left or Shift-Tab", "previous item"),
        ("Home or End", "first or last item"),
        ("Enter or Space", "activate"),
        ("Up or Down", "adjust a value, or move by the rotor setting"),
        ("Control-Right or Control-Left, also right and left bracket", "next or previous rotor setting"),
        ("Escape", "close what is open, or go back"),
        ("Control-Space or Control-X", "stop speech"),
        ("Alt-S", "pause speech, or resume it"),
        ("Alt-L", "say the last thing again"),
        ("Alt-T", "the time of this message, or of the one Alt-Up and Alt-Down last read"),
        ("Alt-H", "speech history: the last 100 things said"),
        ("Alt-R", "read from here to the end; any key stops"),
        ("Control-F, from anywhere", "search every channel's messages"),
        ("Alt-A", "next channel with new messages, mentions first"),
        ("Alt-1 to Alt-9", "the channel with that number in the drawer"),
        ("Alt-Up or Alt-Down", "the previous or next message of this channel, without moving focus"),
        ("Alt-Shift-1 to Alt-Shift-0", "the newest to the tenth newest message, without moving focus; twice copies it"),
        ("Alt-P", "next punctuation level: none, some, most, all"),
        ("Alt-Equals or Alt-Minus", "larger or smaller text"),
        ("A", "actions for the focused message"),
        ("Shift-Up or Shift-Down", "show more or fewer: of a list of actions, or of the channels"),
        ("In a text field, Left or Right", "move the caret and say the character passed"),
        ("In a text field, Control-Left or Control-Right, also Alt-B or Alt-F", "move by a word"),
        ("In a text field, Home or End, also Control-A or Control-E", "to the start or the end"),
        ("In a text field, Backspace or Delete", "delete a character"),
        (
            "In a text field, Control-W, Control-U or Control-K",
            "delete the word before, all before, or all after the caret"
        ),
        ("In a text field, Control-Y", "put back what was deleted"),
        ("In the message field, Up or Down", "recall the lines you sent in this channel"),
        ("In a text field, Tab", "complete a command, channel or nick, or go to the next item"),
        ("In a text field, Shift-Tab or Escape", "leave the field"),
        (
            "On a braille display, pan right or pan left",
            "the next or previous part of the line; past its end, the next or previous item"
        ),
        ("On a braille display, line down or line up", "the next or previous item"),
        ("On a braille display, a routing key", "activate, or in a text field move the caret there"),
        (
            "On a braille display with speech off, or braille paced on",
            "a message is read once you pan past its end or rest on it; Alt-R starts at the first unread"
        ),
        ("F1, or question mark outside a text field", "this key help, from anywhere"),
        ("Control-C", "quit"),
    ]
}
