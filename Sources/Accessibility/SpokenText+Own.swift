import Foundation

/// The client's own sentences: their commas, colons and full stops are pauses at every
/// punctuation level, as a phrase's are, while someone else's words inside them (a message, a
/// nick, a server's reason) are read at the level like any other text.
///
/// At `all`, "Message actions" must not become "Message actions comma sheet
/// comma short form", but "kim: a, b" from the network must still say "a comma b".
///
/// ```swift
/// let text = "hash b, kim: " + SpokenText.verbatim("a, b")
/// SpokenText.prepareOwn(text, punctuation: .all)   // "hash b, kim: a comma b"
/// ```
extension SpokenText {
    private static let verbatimStart: Character = "\u{E001}"
    private static let verbatimEnd: Character = "\u{E002}"

    /// Marks `text` as someone else's words, read at the punctuation level even inside the
    /// client's own sentence. The marks are removed by ``prepareOwn(_:punctuation:)`` (any
    /// marks inside `text` itself are dropped first, so a sender cannot forge them).
    public static func verbatim(_ text: String) -> String {
        String(verbatimStart) + withoutOwnMarks(text, languageMarks: true) + String(verbatimEnd)
    }

    /// `text` without the verbatim marks (and the language marks too with `languageMarks`):
    /// all are private-use scalars, U+E001…U+E005, which a sender's text almost never holds,
    /// so most text is returned as it is after one pass over its bytes (a burst of thousands
    /// of messages goes through here).
    private static func withoutOwnMarks(_ text: String, languageMarks: Bool) -> String {
        // Each of them is three bytes in UTF-8, the first 0xEE.
        guard text.utf8.contains(0xEE) else { return text }
        let marks: ClosedRange<UInt32> = 0xE001...(languageMarks ? 0xE005 : 0xE002)
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !marks.contains($0.value) })
        return String(scalars)
    }

    /// Someone else's words, read in `language` when one is given (a channel's language from
    /// the settings), else by their script.
    public static func verbatim(_ text: String, language: String?) -> String {
        guard let language else { return verbatim(text) }
        return String(verbatimStart)
            + SpokenLanguage.mark(withoutOwnMarks(text, languageMarks: false), language: language)
            + String(verbatimEnd)
    }

    /// `text` with the marks of ``verbatim(_:)`` taken out, for the screen.
    public static func unmarked(_ text: String) -> String {
        SpokenLanguage.withoutMarks(text.filter { $0 != verbatimStart && $0 != verbatimEnd })
    }

    /// `text`, one of the client's own sentences, made ready for the voice: outside
    /// ``verbatim(_:)`` parts, ", ", ": ", "; " and ". " (and a final full stop) are pauses;
    /// everything between them, and every verbatim part, is prepared as ``prepare(_:punctuation:)``
    /// does.
    public static func prepareOwn(_ text: String, punctuation: PunctuationLevel, emoji: EmojiSpeech = .names) -> String
    {
        if punctuation < .most && !text.contains(verbatimStart) {
            return prepare(text, punctuation: punctuation, emoji: emoji)
        }
        var result = ""
        var own = ""
        var theirs = ""
        var inside = false
        func flushOwn() {
            append(ownPrepared(own, punctuation: punctuation, emoji: emoji), to: &result)
            own = ""
        }
        for character in text {
            switch character {
            case verbatimStart where !inside:
                flushOwn()
                inside = true
            case verbatimEnd where inside:
                append(prepared(theirs, punctuation, emoji), to: &result)
                theirs = ""
                inside = false
            default:
                if inside { theirs.append(character) } else { own.append(character) }
            }
        }
        if inside { append(prepared(theirs, punctuation, emoji), to: &result) }
        flushOwn()
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// `text` prepared, keeping a space it had at either end (``prepare(_:punctuation:)`` trims
    /// them, but between a verbatim part and the client's words they are needed).
    private static func prepared(_ text: String, _ punctuation: PunctuationLevel, _ emoji: EmojiSpeech) -> String {
        let leading = text.first?.isWhitespace ?? false
        let trailing = text.last?.isWhitespace ?? false
        let core = prepare(text, punctuation: punctuation, emoji: emoji)
        if core.isEmpty { return leading || trailing ? " " : "" }
        return (leading ? " " : "") + core + (trailing ? " " : "")
    }

    /// Appends without doubling a space at the join.
    private static func append(_ text: String, to result: inout String) {
        if result.last == " " && text.first == " " { result += text.dropFirst() } else { result += text }
    }

    /// The client's words: split at its separators, each piece prepared, the separators kept
    /// as they are (the voice pauses at them; nothing names them).
    private static func ownPrepared(_ text: String, punctuation: PunctuationLevel, emoji: EmojiSpeech) -> String {
        guard !text.isEmpty else { return "" }
        var result = ""
        var piece = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let separates = ",:;.".contains(character) && (next == " " || (character == "." && next == nil))
            // A time's colon ("20:05") is the client's too: kept, not named at every level.
            let inTime = character == ":" && index > 0 && characters[index - 1].isNumber && next?.isNumber == true
            if separates || inTime {
                append(prepared(piece, punctuation, emoji), to: &result)
                while result.last == " " { result.removeLast() }
                piece = ""
                result.append(character)
                if next == " " {
                    result.append(" ")
                    index += 1
                }
            } else {
                piece.append(character)
            }
            index += 1
        }
        append(prepared(piece, punctuation, emoji), to: &result)
        return result
    }
}
