/// Turns label and value text into what the voice should read.
///
/// Emoji shortcodes become their names (":smile:" → "smile", ":thumbs_up:" → "thumbs up"),
/// a few common emoji characters become names too, symbols are named or dropped by the
/// ``PunctuationLevel``, and line breaks and runs of spaces fold into one space.
///
/// ```swift
/// SpokenText.prepare(":wave: #general", punctuation: .some) // "wave hash general"
/// ```
public enum SpokenText {
    /// `text` made ready for the voice at `punctuation`.
    public static func prepare(_ text: String, punctuation: PunctuationLevel) -> String {
        if isPlain(text) { return text }
        let named = replacingEmoji(in: text)
        var result = ""
        result.reserveCapacity(named.utf8.count + 8)
        for character in named {
            if let symbol = symbols[character] {
                if punctuation >= symbol.level {
                    result.append(" \(symbol.name) ")
                } else if preserved.contains(character) {
                    result.append(character)
                } else {
                    result.append(" ")
                }
            } else if let name = emojiNames[character] {
                result.append(" \(name) ")
            } else {
                result.append(character)
            }
        }
        return result.foldingWhitespace()
    }

    /// The name of one character for review by character: letters as themselves, white space
    /// and symbols by name ("space", "hash").
    public static func characterName(_ character: Character) -> String {
        if character == " " { return "space" }
        if character.isNewline { return "new line" }
        if character == "\t" { return "tab" }
        if let symbol = symbols[character] { return symbol.name }
        if let name = emojiNames[character] { return name }
        return String(character)
    }

    /// Whether `text` is only ASCII letters, digits, single spaces and `%$`: nothing to do.
    private static func isPlain(_ text: String) -> Bool {
        var previousSpace = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "%"), UInt8(ascii: "$"):
                previousSpace = false
            case UInt8(ascii: " "):
                if previousSpace { return false }
                previousSpace = true
            default:
                return false
            }
        }
        return !previousSpace || text.isEmpty
    }

    /// Replaces `:shortcode:` runs with their names.
    private static func replacingEmoji(in text: String) -> String {
        guard text.contains(":") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: ":") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: ":") else { break }
            let code = rest[afterOpen..<close]
            let afterClose = rest.index(after: close)
            // A shortcode stands alone: white space (or the start) before, none of its kind after.
            let before = open == rest.startIndex ? result.last : rest[rest.index(before: open)]
            let startsWord = before.map { $0.isWhitespace } ?? true
            let endsWord =
                afterClose == rest.endIndex || !isShortcodeCharacter(rest[afterClose])
            if !code.isEmpty, startsWord, endsWord, code.allSatisfy(isShortcodeCharacter) {
                result += rest[..<open]
                result += " " + shortcodeName(code) + " "
                rest = rest[afterClose...]
            } else {
                result += rest[...open]
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return result
    }

    private static func isShortcodeCharacter(_ character: Character) -> Bool {
        character.isASCII
            && (character.isLetter || character.isNumber || character == "_" || character == "-"
                || character == "+")
    }

    private static func shortcodeName(_ code: Substring) -> String {
        switch code {
        case "+1": return "thumbs up"
        case "-1": return "thumbs down"
        default: return String(code.map { $0 == "_" || $0 == "-" ? " " : $0 })
        }
    }

    /// Symbol names and the level from which each is named.
    static let symbols: [Character: (name: String, level: PunctuationLevel)] = [
        "#": ("hash", .some), "@": ("at", .some), "&": ("and", .some), "*": ("star", .some),
        "+": ("plus", .some), "=": ("equals", .some), "/": ("slash", .some),
        "\\": ("backslash", .some), "|": ("bar", .some), "~": ("tilde", .some),
        "^": ("caret", .some), "<": ("less than", .some), ">": ("greater than", .some),
        "(": ("left paren", .most), ")": ("right paren", .most), "[": ("left bracket", .most),
        "]": ("right bracket", .most), "{": ("left brace", .most), "}": ("right brace", .most),
        "\"": ("quote", .most), "_": ("underline", .most), "`": ("grave", .most),
        ":": ("colon", .most), ";": ("semicolon", .most),
        ".": ("dot", .all), ",": ("comma", .all), "?": ("question", .all), "!": ("bang", .all),
        "'": ("apostrophe", .all), "-": ("dash", .all),
    ]

    /// Symbols kept as they are below their level: the voice pauses on them.
    static let preserved: Set<Character> = [".", ",", "?", "!", ";", ":", "'", "-"]

    /// Names of emoji characters common in chat.
    static let emojiNames: [Character: String] = [
        "😀": "grinning face", "😄": "smile", "😂": "joy", "🙂": "slightly smiling face",
        "😉": "wink", "😍": "heart eyes", "😢": "cry", "😭": "sob", "😮": "open mouth",
        "😡": "rage", "🤔": "thinking", "👍": "thumbs up", "👎": "thumbs down", "👋": "wave",
        "🙏": "pray", "👏": "clap", "🎉": "tada", "🔥": "fire", "❤️": "heart", "❤": "heart",
        "✅": "white check mark", "❌": "x", "👀": "eyes", "🚀": "rocket", "💯": "hundred points",
    ]
}
