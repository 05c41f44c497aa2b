/// A parsed TOML file: its values, where each key was, and how to edit the text in place.
///
/// Edits change the original text (a value token is replaced, a key is appended to its
/// section, or a section is appended), so the user's comments, order and unknown keys stay.
///
/// ```swift
/// var document = try TOMLDocument(parsing: "[text]\nsize = \"large\" # mine\n")
/// try document.set(.string("accessibilityLarge"), at: ["text", "size"])
/// document.text  // "[text]\nsize = \"accessibilityLarge\" # mine\n"
/// ```
public struct TOMLDocument: Sendable, Equatable {
    /// Where a key and its value are in the text.
    public struct Location: Sendable, Equatable {
        /// Line and column of the key (1-based).
        public var line: Int
        public var column: Int
        /// Line and column where the value starts.
        public var valueLine: Int
        public var valueColumn: Int
        /// UTF-8 offsets of the value's text.
        public var valueRange: Range<Int>
    }

    /// The source text.
    public private(set) var text: String
    /// The root table.
    public private(set) var root: TOMLTable
    /// Where each key is, by its dotted path ("text.size", "irc.servers[0].host").
    public private(set) var locations: [String: Location]
    /// For each `[section]` (dotted path, "" for the root), the UTF-8 offset just after its
    /// last line of content: where a new key for that section goes.
    public private(set) var sectionEnds: [String: Int]
    /// Sections that have a header in the file.
    public private(set) var sectionHeaders: Set<String>

    /// Parses `text`; throws ``TOMLError`` with line and column.
    public init(parsing text: String) throws(TOMLError) {
        var parser = TOMLParser(text: text)
        let result = try parser.parse()
        self.init(text: text, result: result)
    }

    /// Parses the bytes of a file; throws ``TOMLError`` with line and column, for invalid
    /// UTF-8 too (which `String(decoding:as:)` would have turned into U+FFFD without a word).
    public init(parsing bytes: [UInt8]) throws(TOMLError) {
        var parser = TOMLParser(bytes: bytes)
        let result = try parser.parse()
        self.init(text: String(decoding: bytes, as: UTF8.self), result: result)
    }

    private init(text: String, result: TOMLParser.Result) {
        self.text = text
        self.root = result.root
        self.locations = result.locations
        self.sectionEnds = result.sectionEnds
        self.sectionHeaders = result.sectionHeaders
    }

    /// The value at a key path such as `["display", "contrast"]`.
    public func value(at path: [String]) -> TOMLValue? {
        var table = root
        for (index, key) in path.enumerated() {
            guard let value = table[key] else { return nil }
            if index == path.count - 1 { return value }
            guard let next = value.tableValue else { return nil }
            table = next
        }
        return .table(table)
    }

    /// Sets the value at `path` (section keys then the key) by editing the text, then parses
    /// the result again.
    ///
    /// The value replaces the old value's text when the key exists; otherwise the key goes at
    /// the end of its `[section]`, or a `[section]` is appended; a section made only by dotted
    /// keys (`text.sh = 2`) gets a dotted key next to them (`text.size = …`) instead, since a
    /// `[text]` header would define it twice. Throws when no edit gives a document that parses with the
    /// value in place (an inline table cannot be extended, for one).
    public mutating func set(_ value: TOMLValue, at path: [String]) throws(TOMLError) {
        guard let key = path.last else { return }
        let sectionParts = path.dropLast().map(TOMLDocument.quoteKeyIfNeeded)
        let section = sectionParts.joined(separator: ".")
        let dotted = path.map(TOMLDocument.quoteKeyIfNeeded).joined(separator: ".")
        let bytes = Array(text.utf8)
        let literal = Array(value.tomlLiteral.utf8)
        var candidates: [[UInt8]] = []
        if let location = locations[dotted] {
            var edited = bytes
            edited.replaceSubrange(location.valueRange, with: literal)
            candidates.append(edited)
        } else {
            if sectionHeaders.contains(section) || section.isEmpty, let end = sectionEnds[section] {
                candidates.append(Self.inserting(TOMLDocument.quoteKeyIfNeeded(key), literal, into: bytes, at: end))
            }
            var block = bytes
            if let last = block.last, last != 0x0A { block.append(0x0A) }
            if !block.isEmpty { block.append(0x0A) }
            block += Array("[\(section)]\n\(TOMLDocument.quoteKeyIfNeeded(key)) = ".utf8) + literal + [0x0A]
            candidates.append(block)
            if self.value(at: Array(path.dropLast())) != nil {
                // The section exists without a header of its own: add a dotted key to the
                // nearest enclosing section that has one (or the top of the file).
                for split in stride(from: sectionParts.count - 1, through: 0, by: -1) {
                    let enclosing = sectionParts[..<split].joined(separator: ".")
                    guard enclosing.isEmpty || sectionHeaders.contains(enclosing), let end = sectionEnds[enclosing]
                    else { continue }
                    let relative = (sectionParts[split...] + [TOMLDocument.quoteKeyIfNeeded(key)]).joined(
                        separator: ".")
                    candidates.append(Self.inserting(relative, literal, into: bytes, at: end))
                    break
                }
            }
        }
        var firstError: (any Error)?
        for candidate in candidates {
            do {
                let edited = try TOMLDocument(parsing: String(decoding: candidate, as: UTF8.self))
                // Compared as text, so a NaN value matches itself.
                if edited.value(at: path)?.tomlLiteral == value.tomlLiteral {
                    self = edited
                    return
                }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        let defined = locations.filter { $0.key.hasPrefix(section + ".") || $0.key == section }.values
            .min { ($0.line, $0.column) < ($1.line, $1.column) }
        throw TOMLError(
            code: .notATable,
            message: "cannot set \(dotted): " + (firstError.map { "\($0)" } ?? "\(section) cannot take more keys"),
            line: defined?.line ?? 1, column: defined?.column ?? 1, key: dotted)
    }

    /// `bytes` with `key = literal` as a line of its own at `offset`.
    private static func inserting(_ key: String, _ literal: [UInt8], into bytes: [UInt8], at offset: Int) -> [UInt8] {
        var line = Array("\(key) = ".utf8) + literal + [0x0A]
        if offset > 0, bytes[offset - 1] != 0x0A { line.insert(0x0A, at: 0) }
        var edited = bytes
        edited.insert(contentsOf: line, at: offset)
        return edited
    }

    /// `key` as written in TOML: bare when it can be, quoted otherwise.
    public static func quoteKeyIfNeeded(_ key: String) -> String {
        let bare =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2D
            }
        return bare ? key : TOMLValue.string(key).tomlLiteral
    }
}
