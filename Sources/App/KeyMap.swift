import Terminal

/// What each key does, VoiceOver-style (DESIGN.md, "Keys"), and the help list built from it.
public enum KeyMap {
    /// A command the key map produces.
    public enum Command: Hashable, Sendable {
        case next, previous, first, last
        case activate
        case up, down
        case nextRotor, previousRotor
        case escape
        case stopSpeech
        case pauseSpeech
        case repeatSpeech
        case speechHistory
        case sayAll
        case search
        case nextActivity
        case channelNumber(Int)
        case reviewPrevious, reviewNext
        case cyclePunctuation
        case actions
        case expand, compress
        case help
        case type(String)
        case backspace
        case quit
    }

    /// The command for `key`; `editing` is whether a text field has focus (letters type there).
    public static func command(for key: KeyEvent, editing: Bool) -> Command? {
        switch key {
        case .key(let named, let modifiers):
            switch (named, modifiers) {
            case (.right, []), (.tab, []): return .next
            case (.left, []), (.backTab, _): return .previous
            case (.right, let m) where m.contains(.control): return .nextRotor
            case (.left, let m) where m.contains(.control): return .previousRotor
            case (.home, _): return .first
            case (.end, _): return .last
            case (.enter, _): return .activate
            case (.up, let m) where m.contains(.alt) || m.contains(.meta): return .reviewPrevious
            case (.down, let m) where m.contains(.alt) || m.contains(.meta): return .reviewNext
            case (.up, let m) where m.contains(.shift): return .expand
            case (.down, let m) where m.contains(.shift): return .compress
            case (.up, _): return .up
            case (.down, _): return .down
            case (.escape, _): return .escape
            case (.backspace, _): return editing ? .backspace : nil
            default: return nil
            }
        case .control(" "), .control("x"): return .stopSpeech
        case .control("c"), .control("d"), .control("q"): return .quit
        case .alt("p"), .alt("P"): return .cyclePunctuation
        case .alt("s"), .alt("S"): return .pauseSpeech
        case .alt("l"), .alt("L"): return .repeatSpeech
        case .alt("h"), .alt("H"): return .speechHistory
        case .alt("r"), .alt("R"): return .sayAll
        case .alt("a"), .alt("A"): return .nextActivity
        case .alt("f"), .alt("F"): return .search
        case .alt(let digit) where ("1"..."9").contains(digit): return .channelNumber(Int(String(digit)) ?? 1)
        case .paste(let text): return editing ? .type(text) : nil
        case .character(let c):
            if editing { return .type(String(c)) }
            switch c {
            case " ": return .activate
            case "a", "A": return .actions
            case "?": return .help
            case "]": return .nextRotor
            case "[": return .previousRotor
            default: return nil
            }
        default: return nil
        }
    }

    /// The key help sheet's list: keys, then what they do.
    public static let help: [(keys: String, does: String)] = [
        ("Right or Tab", "next element"),
        ("Left or Shift-Tab", "previous element"),
        ("Home or End", "first or last element"),
        ("Enter or Space", "activate"),
        ("Up or Down", "adjust a value, or move by the rotor setting"),
        ("Control-Right or Control-Left, also right and left bracket", "next or previous rotor setting"),
        ("Escape", "dismiss a sheet or go back"),
        ("Control-Space or Control-X", "stop speech"),
        ("Alt-S", "pause speech, or resume it"),
        ("Alt-L", "say the last thing again"),
        ("Alt-H", "speech history: the last 100 things said"),
        ("Alt-R", "read from here to the end; any key stops"),
        ("Alt-F", "search every channel's messages"),
        ("Alt-A", "next channel with new messages, mentions first"),
        ("Alt-1 to Alt-9", "the channel with that number in the drawer"),
        ("Alt-Up or Alt-Down", "the previous or next message of this channel, without moving focus"),
        ("Alt-P", "next punctuation level: none, some, most, all"),
        ("A", "actions for the focused message"),
        ("Shift-Up or Shift-Down", "expand or compress a sheet or the drawer"),
        ("Question mark", "this key help"),
        ("Control-C", "quit"),
    ]
}
