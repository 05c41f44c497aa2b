import Foundation

extension EmojiCatalog {
    /// Where Debian's `unicode-data` and `unicode-cldr-core` put Unicode's data.
    public static let defaultDirectory = "/usr/share/unicode"

    /// The folder to read: `EARSHOT_UNICODE_DIR` when set (tests point it elsewhere), else
    /// ``defaultDirectory``.
    public static var directory: String {
        ProcessInfo.processInfo.environment["EARSHOT_UNICODE_DIR"] ?? defaultDirectory
    }

    /// `emoji-test.txt` under `directory`.
    public static func emojiTestPath(in directory: String = EmojiCatalog.directory) -> String {
        directory + "/emoji/emoji-test.txt"
    }

    /// What to say when the data is missing: what is lost and the package that brings it.
    public static let installAdvice =
        "Emoji names need Debian's unicode-data package; until it is installed Earshot knows only "
        + "\(builtInList.count) emoji. Install it with: sudo apt-get install unicode-data unicode-cldr-core"

    /// Whether the data file is there: a check cheap enough for start (nothing is read).
    public static func isInstalled(in directory: String = EmojiCatalog.directory) -> Bool {
        FileManager.default.isReadableFile(atPath: emojiTestPath(in: directory))
    }

    /// The catalog, read when first used: from the data files, else the built-in set.
    public static let shared: EmojiCatalog = load()

    /// Reads `emoji-test.txt` under `directory`; the built-in set, with ``problem`` set, when
    /// the file cannot be read.
    public static func load(directory: String = EmojiCatalog.directory) -> EmojiCatalog {
        let path = emojiTestPath(in: directory)
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            return builtIn(problem: "\(path) is missing. " + installAdvice)
        }
        let forms = parseEmojiTest(Array(data))
        guard !forms.isEmpty else { return builtIn(problem: "\(path) has no emoji. " + installAdvice) }
        return EmojiCatalog(forms: forms, source: .unicodeData(path: path), problem: nil)
    }

    /// Every data line of `emoji-test.txt`:
    /// `1F469 1F3FD 200D 1F4BB ; fully-qualified # 👩🏽‍💻 E4.0 woman technologist: medium skin tone`.
    static func parseEmojiTest(_ bytes: [UInt8]) -> [(entry: Entry, fullyQualified: Bool)] {
        var result: [(entry: Entry, fullyQualified: Bool)] = []
        result.reserveCapacity(5000)
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if let form = parseLine(bytes[lineStart..<lineEnd]) { result.append(form) }
            lineStart = lineEnd + 1
        }
        return result
    }

    /// One line, or nil for comments, blank lines and anything malformed.
    static func parseLine(_ line: ArraySlice<UInt8>) -> (entry: Entry, fullyQualified: Bool)? {
        guard let first = line.first, first != UInt8(ascii: "#"),
            let semicolon = line.firstIndex(of: UInt8(ascii: ";")),
            let hash = line[semicolon...].firstIndex(of: UInt8(ascii: "#"))
        else { return nil }
        var scalars = String.UnicodeScalarView()
        for field in line[..<semicolon].split(separator: UInt8(ascii: " ")) {
            guard let value = UInt32(String(decoding: field, as: UTF8.self), radix: 16),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            scalars.append(scalar)
        }
        guard !scalars.isEmpty else { return nil }
        let status = trimmed(line[line.index(after: semicolon)..<hash])
        // The comment: the emoji, its version ("E4.0"), then the name.
        let comment = line[line.index(after: hash)...].split(separator: UInt8(ascii: " "), maxSplits: 2)
        guard comment.count == 3, comment[1].first == UInt8(ascii: "E") else { return nil }
        let name = String(decoding: trimmed(comment[2]), as: UTF8.self)
        guard !name.isEmpty else { return nil }
        let fullyQualified = status.elementsEqual("fully-qualified".utf8)
        return (Entry(character: String(scalars), name: name), fullyQualified)
    }

    /// `bytes` without the spaces, tabs and carriage returns at either end.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return [] }
        return bytes[first...last]
    }
}
