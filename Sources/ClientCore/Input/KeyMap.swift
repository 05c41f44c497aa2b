import Terminal

/// What each key does, VoiceOver-style (DESIGN.md, "Keys"), and the help list built from it.
public enum KeyMap {
    /// What Shift makes of 1 … 9 and 0 on a US keyboard, as a terminal sends them with Alt.
    static let recentSymbols: [Character] = ["!", "@", "#", "$", "%", "^", "&", "*", "(", ")"]

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
        /// Alt-T: the time of the message focused or reviewed.
        case sayTime
        case speechHistory
        case sayAll
        case search
        case nextActivity
        case channelNumber(Int)
        /// Alt-Shift-1 … Alt-Shift-0: the Nth most recent message (1 … 10), focus unmoved.
        case recentMessage(Int)
        case reviewPrevious, reviewNext
        case cyclePunctuation
        case actions
        case expand, compress
        case help
        case type(String)
        case backspace
        case quit
        /// In a text field: the caret by a character, by a word, to an end. Left, Right, Home
        /// and End (`arrows`) in an empty field move between elements, as anywhere else: there
        /// is no caret to move.
        case caret(forward: Bool)
        case caretWord(forward: Bool, arrows: Bool)
        case caretToEnd(Bool, arrows: Bool)
        /// In a text field: Delete (Ctrl-D in a field with text), Ctrl-W, Ctrl-U, Ctrl-K, Ctrl-Y.
        case deleteForward
        case killWord, killToStart, killToEnd
        case yank
        /// In a text field: Up and Down recall lines sent (other fields move as anywhere else).
        case recall(older: Bool)
        /// Alt-= and Alt--: the text size one step larger or smaller, from anywhere (a
        /// terminal's own Ctrl-+ zoom never reaches a program).
        case textSize(larger: Bool)
    }

    /// The command for `key` in a text field, where keys edit as readline's do; nil for keys
    /// that do what they do anywhere.
    static func editingCommand(for key: KeyEvent) -> Command? {
        switch key {
        case .key(.left, []): .caret(forward: false)
        case .key(.right, []): .caret(forward: true)
        case .key(.left, let m) where m.contains(.control) || m.contains(.alt): .caretWord(forward: false, arrows: true)
        case .key(.right, let m) where m.contains(.control) || m.contains(.alt): .caretWord(forward: true, arrows: true)
        case .alt("b"), .alt("B"): .caretWord(forward: false, arrows: false)
        case .alt("f"), .alt("F"): .caretWord(forward: true, arrows: false)
        case .key(.home, _): .caretToEnd(false, arrows: true)
        case .key(.end, _): .caretToEnd(true, arrows: true)
        case .control("a"): .caretToEnd(false, arrows: false)
        case .control("e"): .caretToEnd(true, arrows: false)
        case .key(.delete, _): .deleteForward
        case .control("w"): .killWord
        case .control("u"): .killToStart
        case .control("k"): .killToEnd
        case .control("y"): .yank
        case .key(.up, []): .recall(older: true)
        case .key(.down, []): .recall(older: false)
        default: nil
        }
    }

    /// The command for `key`; `editing` is whether a text field has focus (letters type there).
    public static func command(for key: KeyEvent, editing: Bool) -> Command? {
        if editing, let command = editingCommand(for: key) { return command }
        switch key {
        case .key(let named, let modifiers):
            switch (named, modifiers) {
            case (.function(1), _): return .help
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
        // Ctrl-D deletes forward in a field with text (the core decides); elsewhere it quits,
        // as end-of-input does in a shell.
        case .control("d"): return editing ? .deleteForward : .quit
        case .control("c"), .control("q"): return .quit
        case .alt("p"), .alt("P"): return .cyclePunctuation
        case .alt("s"), .alt("S"): return .pauseSpeech
        case .alt("l"), .alt("L"): return .repeatSpeech
        case .alt("t"), .alt("T"): return .sayTime
        case .alt("h"), .alt("H"): return .speechHistory
        case .alt("r"), .alt("R"): return .sayAll
        case .alt("a"), .alt("A"): return .nextActivity
        // Control-F searches from anywhere, the message field too (where Alt-F is a word
        // forward, as in readline); Alt-F outside a text field stays for old hands.
        case .control("f"), .alt("f"), .alt("F"): return .search
        case .alt("="), .alt("+"): return .textSize(larger: true)
        case .alt("-"), .alt("_"): return .textSize(larger: false)
        case .alt(let digit) where ("1"..."9").contains(digit): return .channelNumber(Int(String(digit)) ?? 1)
        // Shift with the digit (the symbols of the digit row): Alt-digit is the channel, and
        // Ctrl-digit reaches no program through most terminals.
        case .alt(let symbol) where recentSymbols.contains(symbol):
            return .recentMessage((recentSymbols.firstIndex(of: symbol) ?? 0) + 1)
        // Outside a text field, what is typed is still typing: the core takes it to the
        // conversation's message field, or says it cannot be typed here.
        case .paste(let text): return .type(text)
        case .character(let c):
            if editing { return .type(String(c)) }
            switch c {
            case " ": return .activate
            case "a", "A": return .actions
            case "?": return .help
            case "]": return .nextRotor
            case "[": return .previousRotor
            default: return c.isLetter || c.isNumber || c.isPunctuation || c.isSymbol ? .type(String(c)) : nil
            }
        default: return nil
        }
    }
}
