#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// An espeak-ng voice file on disk, checked before libespeak-ng sees it.
///
/// libespeak-ng is lenient: it ignores lines it does not know and falls back to a built-in
/// voice. Earshot wants a clear error instead, so a file is read and checked here first: it must
/// be UTF-8 text, every line must start with a known keyword, and it must name a `language`.
///
/// ```swift
/// let voice = try VoiceFile(path: "voices/hint")   // role "hint"
/// ```
public struct VoiceFile: Hashable, Sendable {
    /// The role, taken from the file's name.
    public var role: VoiceRole
    /// Absolute path of the file.
    public var path: String
    /// The `name` line, if any.
    public var name: String?
    /// The `language` line.
    public var language: String

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
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw SpeechError(
                .voiceFileInvalid, "Voice file \(absolute) is not a text file. Keeping the previous voice.",
                path: absolute)
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
                    "Voice file \(absolute), line \(index + 1): unknown keyword “\(keyword)”. Keeping the previous voice.",
                    path: absolute)
            }
            if keyword == "name" { name = words.dropFirst().joined(separator: " ") }
            if keyword == "language", language == nil, words.count > 1 { language = String(words[1]) }
        }
        guard let language else {
            throw SpeechError(
                .voiceFileInvalid,
                "Voice file \(absolute) has no “language” line. Keeping the previous voice.", path: absolute)
        }
        self.role = VoiceRole(rawValue: absolute.split(separator: "/").last.map(String.init) ?? absolute)
        self.path = absolute
        self.name = name
        self.language = language
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return cwd + "/" + path
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }
}
