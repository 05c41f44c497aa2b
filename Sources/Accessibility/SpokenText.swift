import UnicodeData

/// Turns label, value, announcement and hint text into what the voice should read.
///
/// Every voice's text passes through here, so every voice reads a text the same way:
/// - Every emoji is read by its CLDR name, ZWJ sequences and skin tones included, longest
///   match first ("👩🏽‍💻" → "woman technologist, medium skin tone", "🦩" → "flamingo"); the
///   names come from ``UnicodeData/EmojiCatalog``. Shortcodes become names too (":smile:" →
///   "smile", ":thumbs_up:" → "thumbs up").
/// - Zero-width and bidi control characters go (U+200B–U+200F, U+202A–U+202E, U+2060–U+2064,
///   U+2066–U+2069, U+FEFF, the soft hyphen, stray presentation selectors): "k\u{200B}im" is
///   "kim". A zero-width joiner inside an emoji sequence is part of the emoji's name.
/// - Styled letters are read as letters: compatibility normalisation (NFKC) makes "𝐛𝐨𝐥𝐝",
///   "𝘪𝘵𝘢𝘭𝘪𝘤" and "ｆｕｌｌｗｉｄｔｈ" plain. Not where it would change what is said: vulgar
///   fractions ("½" is "a half", but its NFKC "1⁄2" would be "one two"), superscripts and
///   subscripts ("x²") and the micro sign stay for the voice, which reads them well.
/// - Symbols are named or dropped by the ``PunctuationLevel``, and line breaks and runs of
///   spaces fold into one space.
///
/// Two kinds of symbol are read the same at every level:
/// - A symbol standing alone as a word names a key, so it is always named: "or ] and [," →
///   "or right bracket and left bracket,", "Press ? for help" → "Press question mark for help".
///   Alone means white space, the start or end, or a dropped or named symbol on both sides
///   (trailing sentence punctuation such as the comma above is skipped). Sentence punctuation
///   itself (`- , . ; : ' !`) and `"` are never read this way: spaced out, they are prose.
/// - A hyphen joining a modifier to a key ("Ctrl-Right", "Shift-Tab", "Alt-1") is kept, never
///   read "dash": the voice says "control right".
///
/// Preparing is idempotent: `prepare(prepare(t, p), p) == prepare(t, p)`, so text that
/// was prepared already (a phrase) may be prepared again on its way to a voice. That is why an
/// emoji name's colon is a comma below ``PunctuationLevel/all`` and a plain space at `all`,
/// where a comma would be named.
///
/// ```swift
/// SpokenText.prepare(":wave: #general", punctuation: .some) // "wave hash general"
/// SpokenText.prepare("k\u{200B}im 👩🏽‍💻 𝐛𝐨𝐥𝐝", punctuation: .some)
/// // "kim woman technologist, medium skin tone bold"
/// SpokenText.prepare("Ctrl-Right and Ctrl-Left, or ] and [, change the rotor setting",
///                    punctuation: .some)
/// // "Ctrl-Right and Ctrl-Left, or right bracket and left bracket, change the rotor setting"
/// ```
public enum SpokenText {
    /// `text` made ready for the voice at `punctuation`, its emoji said as `emoji` asks.
    public static func prepare(_ text: String, punctuation: PunctuationLevel, emoji: EmojiSpeech = .names) -> String {
        if isPlain(text) { return text }
        let (normal, emojiNames) = normalized(text, punctuation: punctuation, emoji: emoji)
        var names = emojiNames.makeIterator()
        let characters = Array(replacingShortcodes(in: replacingChatForms(in: normal), punctuation: punctuation))
        var result = ""
        result.reserveCapacity(characters.count + 8)
        // Whether `result` ends with a space put there after a name (a named symbol or emoji):
        // sentence punctuation right after it goes back against the word ("left bracket,").
        // Not after a dropped symbol: ":a[:" must not become the shortcode ":a:".
        var endsWithName = false
        // Whether `result` ends with the space a dropped symbol left ('such as "194%".'):
        // a full stop or comma after it goes back against the word too, but not a colon.
        var endsWithDropped = false
        // Whether the last thing put in `result` (spaces aside) is an emoji's name.
        var endsWithEmoji = false
        for index in characters.indices {
            let character = characters[index]
            var named = false
            var dropped = false
            var saidEmoji: Bool?
            if let symbol = symbols[character] {
                if character == "-" && joinsKeyName(characters, at: index) {
                    result.append(character)
                } else if punctuation >= symbol.level
                    || standsAlone(characters, at: index, punctuation: punctuation)
                    || startsChannelName(characters, at: index)
                {
                    result.append(" \(symbol.name) ")
                    named = true
                } else if preserved.contains(character) {
                    if (endsWithName || (endsWithDropped && character != ":"))
                        && trailingPunctuation.contains(character)
                    {
                        while result.last == " " { result.removeLast() }
                    }
                    result.append(character)
                } else {
                    result.append(" ")
                    dropped = true
                }
            } else if character.unicodeScalars.first == emojiMarker {
                let name = names.next() ?? ""
                // Two emoji side by side are two things: a pause between their names ("thumbs
                // up, light skin tone, fire"), a space at `all`, where a comma would be named.
                // After words, too: "that was fast, party popper", never "that was fast party
                // popper", which runs the name into the sentence.
                let afterWord = result.last { $0 != " " }.map { $0.isLetter || $0.isNumber } ?? false
                if endsWithEmoji || afterWord, !name.isEmpty {
                    while result.last == " " { result.removeLast() }
                    result.append(punctuation == .all ? " " : ",")
                }
                result.append(" \(name) ")
                named = true
                saidEmoji = !name.isEmpty
            } else {
                // Words after an emoji's name are apart from it: "thumbs up, great", never
                // "thumbs up great" (a comma's pause; a space at `all`, where it would be named).
                if endsWithEmoji, character.isLetter || character.isNumber {
                    while result.last == " " { result.removeLast() }
                    result.append(punctuation == .all ? "  " : ", ")
                }
                result.append(character)
            }
            endsWithName = named
            endsWithDropped = dropped
            if let saidEmoji { endsWithEmoji = saidEmoji } else if character != " " { endsWithEmoji = false }
        }
        let spoken = result.foldingWhitespace()
        // Emoji not said, and nothing else: the listener still hears that something came.
        if spoken.isEmpty, emoji == .none, !emojiNames.isEmpty { return "emoji" }
        return spoken
    }

    /// The name of one character for review by character and typing echo: letters as
    /// themselves (a styled letter as its plain letter, a capital after "cap" when `capitals` is
    /// ``CapitalMarking/word``), white space, symbols, emoji and invisible characters by name
    /// ("space", "hash", "flamingo", "zero width space").
    public static func characterName(_ character: Character, capitals: CapitalMarking = .none) -> String {
        if character == " " { return "space" }
        if character.isNewline { return "new line" }
        if character == "\t" { return "tab" }
        if let symbol = symbols[character] { return symbol.name }
        var plain = String(character)
        if !character.isASCII {
            if EmojiCatalog.mayHoldEmoji(Array(character.unicodeScalars)),
                let entry = EmojiCatalog.shared.entry(for: plain)
            {
                return entry.spokenName
            }
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                isInvisible(scalar)
            {
                return scalar.properties.name?.lowercased() ?? "invisible character"
            }
            let (text, names) = normalized(plain, punctuation: .some)
            if !names.isEmpty { return names.joined(separator: " ") }
            plain = text
        }
        if capitals == .word, plain.count == 1, plain.first?.isUppercase == true { return "cap \(plain)" }
        return plain
    }

    /// An echoed word marked as `capitals` says: "cap" before a word that starts with a capital,
    /// "all caps" before one whose letters (two or more) are all capitals.
    ///
    /// ```swift
    /// SpokenText.markingCapitals("NASA", .word) // "all caps NASA"
    /// SpokenText.markingCapitals("Ada", .word)  // "cap Ada"
    /// ```
    public static func markingCapitals(_ word: String, _ capitals: CapitalMarking) -> String {
        guard capitals == .word else { return word }
        let letters = word.filter(\.isLetter)
        guard let first = letters.first, first.isUppercase else { return word }
        if letters.count > 1, letters.allSatisfy(\.isUppercase) { return "all caps \(word)" }
        return "cap \(word)"
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

    /// Replaces `:shortcode:` runs with their names. A shortcode starts a word (after white
    /// space, the start, or a symbol that is dropped or named) and is not followed by a letter
    /// or digit.
    private static func replacingShortcodes(in text: String, punctuation: PunctuationLevel) -> String {
        guard text.contains(":") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: ":") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: ":") else { break }
            let code = rest[afterOpen..<close]
            let afterClose = rest.index(after: close)
            let before = open == rest.startIndex ? result.last : rest[rest.index(before: open)]
            let startsWord = before.map { isBoundary($0, punctuation: punctuation) } ?? true
            let endsWord =
                afterClose == rest.endIndex
                || !(rest[afterClose].isLetter || rest[afterClose].isNumber)
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

    /// Whether `character` separates words once prepared: white space, an emoji, or a symbol
    /// that is named or dropped at `punctuation` (sentence punctuation kept for pauses is not).
    private static func isBoundary(_ character: Character, punctuation: PunctuationLevel) -> Bool {
        if character.isWhitespace || character.unicodeScalars.first == emojiMarker { return true }
        guard let symbol = symbols[character] else { return false }
        return !isKept(character, level: symbol.level, punctuation: punctuation)
    }

    private static func isKept(
        _ character: Character, level: PunctuationLevel, punctuation: PunctuationLevel
    ) -> Bool {
        punctuation < level && preserved.contains(character)
    }

    /// Whether the symbol at `index` stands alone as a word and names a key ("or ] and [").
    private static func standsAlone(
        _ characters: [Character], at index: Int, punctuation: PunctuationLevel
    ) -> Bool {
        guard keySymbols.contains(characters[index]) else { return false }
        if index > characters.startIndex,
            !isBoundary(characters[index - 1], punctuation: punctuation)
        {
            return false
        }
        var after = index + 1
        while after < characters.endIndex, trailingPunctuation.contains(characters[after]),
            let symbol = symbols[characters[after]],
            isKept(characters[after], level: symbol.level, punctuation: punctuation)
        {
            after += 1
        }
        return after == characters.endIndex || isBoundary(characters[after], punctuation: punctuation)
    }

    /// Whether the hyphen at `index` joins a modifier to a key ("Shift-Tab", "Ctrl-Alt-Delete").
    private static func joinsKeyName(_ characters: [Character], at index: Int) -> Bool {
        let next = index + 1
        guard next < characters.endIndex, characters[next].isLetter || characters[next].isNumber
        else { return false }
        var start = index
        while start > characters.startIndex, characters[start - 1].isLetter { start -= 1 }
        guard start < index, modifierKeys.contains(String(characters[start..<index]).lowercased())
        else { return false }
        return start == characters.startIndex
            || !characters[start - 1].isLetter
                && !characters[start - 1].isNumber
    }

    private static func isShortcodeCharacter(_ character: Character) -> Bool {
        character.isASCII
            && (character.isLetter || character.isNumber || character == "_" || character == "-"
                || character == "+")
    }

    /// A "#" that starts a word and comes before a letter starts a channel's name ("#welcome"):
    /// named at every level, or "welcome" alone sounds like a greeting.
    static func startsChannelName(_ characters: [Character], at index: Int) -> Bool {
        guard characters[index] == "#", index + 1 < characters.count, characters[index + 1].isLetter else {
            return false
        }
        return index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == "("
    }

    private static func shortcodeName(_ code: Substring) -> String {
        switch code {
        case "+1": return "thumbs up"
        case "-1": return "thumbs down"
        default: return String(code.map { $0.isLetter || $0.isNumber ? $0 : " " })
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
        "\"": ("quote", .most), "_": ("underscore", .most), "`": ("grave", .most),
        ":": ("colon", .most), ";": ("semicolon", .most),
        ".": ("dot", .all), ",": ("comma", .all), "?": ("question mark", .all), "!": ("bang", .all),
        "'": ("apostrophe", .all), "-": ("dash", .all),
    ]

    /// Symbols that name a key when they stand alone, at every level: every symbol but
    /// sentence punctuation and the double quote, which spaced out are prose.
    static let keySymbols: Set<Character> = Set(symbols.keys).subtracting(["-", ",", ".", ";", ":", "'", "!", "\""])

    /// Punctuation that may follow a key symbol and still leave it alone ("[,").
    static let trailingPunctuation: Set<Character> = [",", ".", ";", ":", "!", "?"]

    /// Modifier names that a hyphen joins to a key.
    static let modifierKeys: Set<String> = [
        "ctrl", "control", "alt", "shift", "meta", "super", "cmd", "command", "option", "opt", "fn",
    ]

    /// Symbols kept as they are below their level: the voice pauses on them.
    static let preserved: Set<Character> = [".", ",", "?", "!", ";", ":", "'", "-"]
}
