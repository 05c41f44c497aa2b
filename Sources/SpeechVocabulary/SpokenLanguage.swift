/// Which language each stretch of a text is read in.
///
/// The reading voice speaks the client's own words; someone else's words in another script are
/// read with a voice for that script, chosen as NVDA's automatic language switching does: by
/// the letters' script (Cyrillic is read as Russian, Han as Mandarin, kana as Japanese, …).
/// A channel whose language the settings name (`speech.channels."#de".language`) marks its
/// messages with ``mark(_:language:)``, and the mark wins over the script.
///
/// ```swift
/// let (text, runs) = SpokenLanguage.runs(in: "kim: Привет всем")
/// // text == "kim: Привет всем", runs == [LanguageRun(start: 5, count: 19, language: "ru")]
/// ```
public enum SpokenLanguage {
    static let open: Character = "\u{E003}"
    static let close: Character = "\u{E004}"
    static let end: Character = "\u{E005}"

    /// `text` to be read in `language` (an espeak-ng language code) wherever it is said.
    public static func mark(_ text: String, language: String) -> String {
        String(open) + language.filter { $0.isASCII && !$0.isWhitespace } + String(close) + withoutMarks(text)
            + String(end)
    }

    /// Whether `character` is one of the marks (a sender's text must not carry them).
    public static func isMark(_ character: Character) -> Bool {
        character == open || character == close || character == end
    }

    /// `text` without marks, their language codes included: for the screen.
    public static func withoutMarks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xE003...0xE005).contains($0.value) }) else { return text }
        var result = ""
        var inCode = false
        for character in text {
            switch character {
            case open: inCode = true
            case close: inCode = false
            case end: break
            default: if !inCode { result.append(character) }
            }
        }
        return result
    }

    /// `text` without marks, and the runs to read in another language than the voice's own:
    /// the marked ones, and outside them every stretch of letters in a script the voice's
    /// language does not use. Offsets count UTF-8 bytes of the returned text.
    public static func runs(in text: String) -> (text: String, runs: [LanguageRun]) {
        var result = ""
        var scriptRuns: [LanguageRun] = []
        var markedRuns: [LanguageRun] = []
        var marked: String?
        var code = ""
        var inCode = false
        var markStart = 0
        // The run being gathered by script, and where its last letter ended (spaces and
        // punctuation between letters of one script stay in its run).
        var scriptRun: (language: String, start: Int, end: Int)?
        func closeScriptRun() {
            if let run = scriptRun {
                scriptRuns.append(LanguageRun(start: run.start, count: run.end - run.start, language: run.language))
            }
            scriptRun = nil
        }
        for character in text {
            if character == open {
                closeScriptRun()
                inCode = true
                code = ""
                continue
            }
            if character == close, inCode {
                inCode = false
                marked = code
                markStart = result.utf8.count
                continue
            }
            if inCode {
                code.append(character)
                continue
            }
            if character == end {
                closeScriptRun()
                if let language = marked, result.utf8.count > markStart {
                    markedRuns.append(
                        LanguageRun(start: markStart, count: result.utf8.count - markStart, language: language))
                }
                marked = nil
                continue
            }
            let offset = result.utf8.count
            result.append(character)
            if let scalar = character.unicodeScalars.first, let language = language(of: scalar) {
                if let run = scriptRun, run.language == language || (run.language == "ja" && language == "cmn") {
                    scriptRun?.end = result.utf8.count
                } else if var run = scriptRun, run.language == "cmn", language == "ja" {
                    // Kana among Han characters: the whole stretch is Japanese.
                    run.language = "ja"
                    run.end = result.utf8.count
                    scriptRun = run
                } else {
                    closeScriptRun()
                    scriptRun = (language, offset, result.utf8.count)
                }
            } else if character.isLetter {
                // A letter of the voice's own script ends the run.
                closeScriptRun()
            }
        }
        closeScriptRun()
        // A marked stretch is read in its language, but for letters of another script in it
        // ("Привет from Berlin" in a German channel): those go by their script.
        var runs = scriptRuns
        for mark in markedRuns {
            var position = mark.start
            let end = mark.start + mark.count
            for script in scriptRuns where script.start >= mark.start && script.start < end {
                if script.start > position {
                    runs.append(LanguageRun(start: position, count: script.start - position, language: mark.language))
                }
                position = max(position, script.start + script.count)
            }
            if position < end {
                runs.append(LanguageRun(start: position, count: end - position, language: mark.language))
            }
        }
        return (result, runs.sorted { $0.start < $1.start })
    }

    /// The espeak-ng language for letters of `scalar`'s script, when it is not Latin (nil for
    /// Latin, digits, punctuation, symbols and emoji).
    public static func language(of scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        guard value >= 0x0370 else { return nil }
        for (range, language) in scripts where range.contains(value) { return language }
        return nil
    }

    /// Scripts by block, and the language read for each (espeak-ng's codes).
    public static let scripts: [(ClosedRange<UInt32>, String)] = [
        (0x0370...0x03FF, "el"), (0x1F00...0x1FFF, "el"),
        (0x0400...0x052F, "ru"), (0x1C80...0x1C8F, "ru"), (0x2DE0...0x2DFF, "ru"), (0xA640...0xA69F, "ru"),
        (0x0530...0x058F, "hy"),
        (0x0590...0x05FF, "he"),
        (0x0600...0x06FF, "ar"), (0x0750...0x077F, "ar"), (0x08A0...0x08FF, "ar"), (0xFB50...0xFDFF, "ar"),
        (0xFE70...0xFEFF, "ar"),
        (0x0900...0x097F, "hi"),
        (0x0980...0x09FF, "bn"),
        (0x0A00...0x0A7F, "pa"),
        (0x0A80...0x0AFF, "gu"),
        (0x0B00...0x0B7F, "or"),
        (0x0B80...0x0BFF, "ta"),
        (0x0C00...0x0C7F, "te"),
        (0x0C80...0x0CFF, "kn"),
        (0x0D00...0x0D7F, "ml"),
        (0x0D80...0x0DFF, "si"),
        (0x0E00...0x0E7F, "th"),
        (0x1000...0x109F, "my"),
        (0x10A0...0x10FF, "ka"),
        (0x1100...0x11FF, "ko"), (0x3130...0x318F, "ko"), (0xAC00...0xD7AF, "ko"),
        (0x1200...0x139F, "am"),
        (0x3040...0x30FF, "ja"), (0x31F0...0x31FF, "ja"), (0xFF66...0xFF9F, "ja"),
        (0x3400...0x4DBF, "cmn"), (0x4E00...0x9FFF, "cmn"), (0xF900...0xFAFF, "cmn"), (0x20000...0x2FA1F, "cmn"),
    ]
}

/// A stretch of an utterance read in another language: `count` UTF-8 bytes from `start`.
public struct LanguageRun: Hashable, Sendable, Codable {
    public var start: Int
    public var count: Int
    /// An espeak-ng language code ("ru", "cmn", "de").
    public var language: String

    public init(start: Int, count: Int, language: String) {
        self.start = start
        self.count = count
        self.language = language
    }
}
