/// An espeak-ng voice file, checked before libespeak-ng sees it: on disk, or one of the
/// definitions compiled into Earshot.
///
/// libespeak-ng is lenient: it ignores lines it does not know and falls back to a built-in
/// voice. Earshot wants a clear error instead, so a file is read and checked here first: it must
/// be UTF-8 text, every line must start with a known keyword, and it must name a `language`.
/// The checked text is what the engine hands to libespeak-ng, so a file that changes after the
/// check cannot surprise it.
///
/// ```swift
/// let voice = try VoiceFile(path: "voices/hint")   // role "hint"
/// let reader = VoiceFile.builtIn[.reader]          // compiled in; `path` is nil
/// ```
public struct VoiceFile: Hashable, Sendable {
    /// The role, taken from the file's name.
    public var role: VoiceRole
    /// Absolute path of the file; `nil` for a definition compiled into Earshot.
    public var path: String?
    /// The `name` line, if any.
    public var name: String?
    /// The `language` line.
    public var language: String
    /// The file's text, as checked.
    public var text: String

    /// Where the voice comes from, as a person reads it: the file's path, or "built in".
    public var origin: String { path ?? "built in" }

    /// Keywords espeak-ng 1.51 accepts in a voice file (voices.c's keyword table).
    static let keywords: Set<String> = [
        "name", "language", "gender", "formant", "pitch", "echo", "flutter", "roughness", "clarity",
        "tone", "voicing", "breath", "breathw", "numbers", "intonation", "dictrules", "stressadd",
        "stresslength", "stressamp", "stressrule", "replace", "words", "klatt", "fast_test2",
        "speed", "dict_min", "alphabet2", "dictdialect", "consonants", "tunes", "maintainer",
        "status", "variants", "mbrola", "l_dieresis", "l_prefix", "l_regressive", "l_unpronouncable",
        "l_sonorant_min", "apostrophe", "brackets", "bracketsAnnounced", "option", "charset",
        "phonemes", "translator", "dictionary", "variant",
    ]

    /// Reads and checks the file at `path`; the role is the file's name.
    public init(path: String) throws(SpeechError) {
        let absolute = Self.absolute(path)
        guard let bytes = Self.read(absolute) else {
            throw SpeechError(
                .voiceFileNotFound, "Voice file not found: \(absolute). Keeping the previous voice.",
                path: absolute)
        }
        let role = VoiceRole(rawValue: absolute.split(separator: "/").last.map(String.init) ?? absolute)
        try self.init(bytes: bytes, role: role, path: absolute)
    }

    /// Checks `bytes` as the voice for `role`; `path` is `nil` for a built-in definition.
    init(bytes: [UInt8], role: VoiceRole, path: String?) throws(SpeechError) {
        let label = path ?? "(built in) \(role)"
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw SpeechError(
                .voiceFileInvalid, "Voice file \(label) is not a text file. Keeping the previous voice.",
                path: path)
        }
        var name: String?
        var language: String?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let keyword = words.first else { continue }
            guard Self.keywords.contains(String(keyword)) else {
                throw SpeechError(
                    .voiceFileInvalid,
                    "Voice file \(label), line \(index + 1): unknown keyword “\(keyword)”. Keeping the previous voice.",
                    path: path)
            }
            if keyword == "name" { name = words.dropFirst().joined(separator: " ") }
            if keyword == "language", language == nil, words.count > 1 { language = String(words[1]) }
        }
        guard let language else {
            throw SpeechError(
                .voiceFileInvalid,
                "Voice file \(label) has no “language” line. Keeping the previous voice.", path: path)
        }
        self.role = role
        self.path = path
        self.name = name
        self.language = language
        self.text = text
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = Libc.currentDirectory() else { return path }
        return cwd + "/" + path
    }

    static func read(_ path: String) -> [UInt8]? { Libc.contents(of: path) }

    /// The voice's definition speaking `language` (an espeak-ng code such as "ru"): its
    /// `language` line replaced, so pitch, formants and the rest stay the role's.
    public func text(language: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("language ")
        }
        let at = lines.firstIndex { $0.hasPrefix("name ") }.map { $0 + 1 } ?? 0
        lines.insert(Substring("language \(language)"), at: at)
        return lines.joined(separator: "\n")
    }
}
