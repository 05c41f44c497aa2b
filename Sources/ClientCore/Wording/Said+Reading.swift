import Accessibility

/// What a key that reads or moves found, when it is not an element's own phrase.
enum ReadingFact: Hashable, Sendable {
    case noActions
    /// Shift-Up or Shift-Down with nothing to show more or fewer of.
    case noSheetOrDrawer
    /// The drawer is already as tall (`true`) or as short as it goes.
    case drawerAlready(full: Bool)
    /// Alt-A with no news elsewhere.
    case noNewsElsewhere
    /// Alt-digit past the last channel.
    case noChannel(Int)
    /// Alt-T away from any message.
    case noMessageHere
    /// Alt-Up or Alt-Down in an empty channel.
    case noMessages
    /// Alt-Shift-digit past the oldest message of the channel, which holds `held`.
    case noRecent(Int, held: Int)
    /// Alt-L before anything was said.
    case nothingSaidYet
    /// Letters typed in the speech history found nothing said with them.
    case nothingSaidWith(String)
    case markedUnread
    case copied
    /// Open link with no desktop to open it (over SSH): copied instead.
    case copiedNotOpened
    /// Copied by a terminal known not to take a program's copies.
    case notCopiedHere
    /// Open link: the desktop's browser is asked.
    case opening
    /// A channel's language at an end of its list: nil is "each message by its script".
    case channelLanguage(String?)
    /// Alt-R on a message, on the display at the reader's pace: reading goes on from it as the
    /// reader pans past each message's end.
    case readingFromHere
    /// Alt-Up or Alt-Down at an end of the channel, with when the message there was written
    /// ("17:02", "Yesterday 17:02"), where one is.
    case top(String?)
    case bottom(String?)
    /// Alt-Up past the oldest stored message: the server is asked for the page before it.
    case askingForOlder(again: Bool)
    /// The server sent `count` older messages (said before the first of them).
    case olderCame(Int)
    /// The server keeps nothing older than the oldest message here: the answer to asking, whose
    /// phrase said "Top" already.
    case nothingOlder
}

extension Wording {
    /// How a message's unread state ends its phrase (the navigator's trait word, made a sentence).
    static let unreadState = "Unread."

    static func sentence(_ fact: ReadingFact) -> String {
        switch fact {
        case .noActions: "No actions"
        case .noSheetOrDrawer: "No sheet or drawer here"
        // In the drawer's own words ("Channels, search only"), not the panel's states.
        case .drawerAlready(let full):
            full ? "Channels already at full height" : "Channels already at their fewest. Shift-Up shows more"
        case .noNewsElsewhere: "No new messages in other channels"
        case .noChannel(let number): "No channel \(number)"
        case .noMessageHere: "No message here: Alt-T says when the focused message was written"
        case .noMessages: "No messages"
        case .noRecent(let number, let held):
            held == 0
                ? "No messages"
                : "No \(ordinal(number)) newest message: this channel has " + Plural.phrase(held, "message")
        case .nothingSaidYet: "Nothing has been said yet"
        case .nothingSaidWith(let typed): "Nothing said has " + SpokenText.verbatim(typed)
        case .markedUnread: "Marked unread"
        case .copied: "Copied"
        case .copiedNotOpened: "Link copied: no browser here can open it"
        case .notCopiedHere:
            "Not copied: this terminal does not take copies from programs. Inside tmux, or in xterm, kitty, foot or WezTerm, it is copied"
        case .opening: "Opening it in the browser"
        case .channelLanguage(let name): name ?? "by their script"
        case .readingFromHere: "Reading from here, at your pace"
        case .top(let when): when.map { "Top. The oldest message is from \($0)" } ?? "Top"
        case .bottom(let when): when.map { "Bottom. The newest message is from \($0)" } ?? "Bottom"
        case .askingForOlder(let again):
            again ? "Still asking the server for older messages" : "Top. Asking the server for older messages"
        case .olderCame(let count): count == 1 ? "1 older message" : "\(count) older messages"
        case .nothingOlder: "The server keeps nothing older"
        }
    }

    /// "2nd", "3rd", "10th": the place of a recent message, as written.
    static func ordinal(_ number: Int) -> String {
        let tens = number % 100
        let suffix = (11...13).contains(tens) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }
}
