/// A strict TOML 1.0 reader: tables, dotted keys, arrays of tables, inline tables, basic and
/// literal strings (single and multi-line), integers, floats, booleans, typed dates and
/// times, arrays and comments.
///
/// Everything the specification refuses is refused: invalid UTF-8, control characters in
/// strings and comments (tab aside; a CR only before an LF), numbers against the grammar
/// (underscores only between digits, no leading zeros, signs only on decimals, 64-bit
/// integers), dates and times that do not exist, and tables defined twice. Nesting (table
/// names, dotted keys, arrays and inline tables together) stops at ``maximumDepth`` with an
/// error, so no document can exhaust the stack. A UTF-8 byte order mark at the start is
/// skipped.
///
/// Errors carry the line and column (1-based, in Unicode scalars) and the key being read.
struct TOMLParser {
    /// A table while it is being built; reference type so the current section can be extended.
    final class Builder {
        var order: [String] = []
        /// By the key's UTF-8 bytes: TOML keys are equal only when their code points are
        /// (Swift's `String` equality would make "é" and "e\u{301}" one key).
        var slots: [[UInt8]: Slot] = [:]
        /// Defined by its own `[header]` (not only implied by a longer one).
        var explicit = false
        /// Made by dotted keys (`a.b = 1`); may not get a header later.
        var dotted = false
        var inline = false

        enum Slot {
            case value(TOMLValue)
            case table(Builder)
            case tableArray([Builder])
        }

        subscript(key: String) -> Slot? { slots[Array(key.utf8)] }

        func set(_ key: String, _ slot: Slot) {
            let bytes = Array(key.utf8)
            if slots[bytes] == nil { order.append(key) }
            slots[bytes] = slot
        }

        func build() -> TOMLTable {
            TOMLTable(
                entries: order.compactMap { key in
                    guard let slot = self[key] else { return nil }
                    switch slot {
                    case .value(let value): return .init(key: key, value: value)
                    case .table(let table): return .init(key: key, value: .table(table.build()))
                    case .tableArray(let tables):
                        return .init(key: key, value: .array(tables.map { .table($0.build()) }))
                    }
                })
        }
    }

    struct Result {
        var root: TOMLTable
        var locations: [String: TOMLDocument.Location]
        var sectionEnds: [String: Int]
        var sectionHeaders: Set<String>
    }

    let bytes: [UInt8]
    var pos = 0
    var line = 1
    var lineStart = 0
    /// The last column counted: line start, offset and column there.
    var columnCache: (lineStart: Int, offset: Int, column: Int) = (0, 0, 1)
    let root = Builder()
    var current: Builder
    var currentPath = ""
    var currentKey: String?
    var locations: [String: TOMLDocument.Location] = [:]
    var sectionEnds: [String: Int] = ["": 0]
    var sectionHeaders: Set<String> = []
    /// How deep the current section's name is (`[a.b]` is 2).
    var sectionDepth = 0

    /// The deepest nesting read: table name parts, dotted key parts, arrays and inline
    /// tables together.
    static let maximumDepth = 128

    init(text: String) {
        bytes = Array(text.utf8)
        current = root
    }

    /// A parser of raw bytes, which are checked to be UTF-8 (a `String` already is).
    init(bytes: [UInt8]) {
        self.bytes = bytes
        current = root
    }

    // MARK: Document

    mutating func parse() throws(TOMLError) -> Result {
        try validateUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            pos = 3
            lineStart = 3
        }
        while pos < bytes.count {
            currentKey = nil
            skipSpaces()
            guard let byte = peek() else { break }
            if byte == UInt8(ascii: "#") {
                try skipComment()
            } else if isNewline() {
                consumeNewline()
                continue
            } else if byte == UInt8(ascii: "[") {
                try parseHeader()
                try expectLineEnd()
                consumeNewline()
                sectionEnds[currentPath] = pos
            } else {
                try parseKeyValue(into: current, prefix: currentPath, depth: sectionDepth, recordLocations: true)
                try expectLineEnd()
                consumeNewline()
                sectionEnds[currentPath] = pos
            }
        }
        return Result(
            root: root.build(), locations: locations, sectionEnds: sectionEnds,
            sectionHeaders: sectionHeaders)
    }

    mutating func parseHeader() throws(TOMLError) {
        currentKey = nil
        pos += 1  // [
        let isArray = peek() == UInt8(ascii: "[")
        if isArray { pos += 1 }
        skipSpaces()
        let (headerLine, headerColumn) = (line, currentColumn())
        let (keys, _) = try parseKey(depth: 0)
        skipSpaces()
        guard peek() == UInt8(ascii: "]") else { throw error(.syntax, "expected ] to close the table header") }
        pos += 1
        if isArray {
            guard peek() == UInt8(ascii: "]") else {
                throw error(.syntax, "expected ]] to close the array of tables header")
            }
            pos += 1
        }
        var table = root
        var path = ""
        for (index, key) in keys.enumerated() {
            let last = index == keys.count - 1
            path = path.isEmpty ? quote(key) : path + "." + quote(key)
            currentKey = path
            switch table[key] {
            case nil:
                if last && isArray {
                    let element = Builder()
                    element.explicit = true
                    table.set(key, .tableArray([element]))
                    path += "[0]"
                    table = element
                } else {
                    let next = Builder()
                    table.set(key, .table(next))
                    table = next
                }
            case .table(let next):
                if last {
                    if isArray {
                        throw error(
                            .duplicateKey, "\(path) is already a table, not an array of tables", line: headerLine,
                            column: headerColumn)
                    }
                    if next.explicit || next.dotted || next.inline {
                        throw error(
                            .duplicateKey, "table [\(path)] is defined twice", line: headerLine, column: headerColumn)
                    }
                }
                table = next
            case .tableArray(var elements):
                if last {
                    guard isArray else {
                        throw error(
                            .duplicateKey, "\(path) is an array of tables; use [[\(path)]]", line: headerLine,
                            column: headerColumn)
                    }
                    let element = Builder()
                    element.explicit = true
                    elements.append(element)
                    table.set(key, .tableArray(elements))
                    path += "[\(elements.count - 1)]"
                    table = element
                } else {
                    guard let lastElement = elements.last else {
                        throw error(.notATable, "\(path) is empty", line: headerLine, column: headerColumn)
                    }
                    path += "[\(elements.count - 1)]"
                    table = lastElement
                }
            case .value:
                throw error(
                    .notATable, "\(path) already holds a value, so it cannot be a table", line: headerLine,
                    column: headerColumn)
            }
        }
        table.explicit = true
        current = table
        currentPath = path
        sectionDepth = keys.count
        sectionHeaders.insert(path)
        currentKey = nil
    }

    /// Reads `key = value` and stores it in `table`.
    mutating func parseKeyValue(
        into table: Builder, prefix: String, depth: Int, recordLocations: Bool
    ) throws(TOMLError) {
        let keyLine = line
        let keyColumn = currentColumn()
        let (keys, _) = try parseKey(depth: depth)
        var path = prefix
        var target = table
        for (index, key) in keys.enumerated() {
            path = path.isEmpty ? quote(key) : path + "." + quote(key)
            currentKey = path
            if index == keys.count - 1 { break }
            switch target[key] {
            case nil:
                let next = Builder()
                next.dotted = true
                target.set(key, .table(next))
                target = next
            case .table(let next):
                if next.explicit || next.inline {
                    throw error(.duplicateKey, "\(path) is a table defined elsewhere", line: keyLine, column: keyColumn)
                }
                // Extended by a dotted key, it may no longer get a [header] of its own.
                next.dotted = true
                target = next
            default:
                throw error(
                    .notATable, "\(path) already holds a value, so it cannot be a table", line: keyLine,
                    column: keyColumn)
            }
        }
        skipSpaces()
        guard peek() == UInt8(ascii: "=") else {
            throw error(.syntax, "expected = after the key")
        }
        pos += 1
        skipSpaces()
        guard let lastKey = keys.last else { throw error(.syntax, "expected a key") }
        if target[lastKey] != nil {
            throw error(.duplicateKey, "\(path) is given twice", line: keyLine, column: keyColumn)
        }
        let valueLine = line
        let valueColumn = currentColumn()
        let start = pos
        let value = try parseValue(path: path, depth: depth + keys.count)
        if recordLocations {
            locations[path] = TOMLDocument.Location(
                line: keyLine, column: keyColumn, valueLine: valueLine, valueColumn: valueColumn,
                valueRange: start..<pos)
        }
        target.set(lastKey, .value(value))
        currentKey = path
    }

    // MARK: Keys

    /// A dotted key: bare or quoted parts separated by dots, at most ``maximumDepth`` deep
    /// counting the `depth` it starts at.
    mutating func parseKey(depth: Int) throws(TOMLError) -> ([String], Int) {
        var parts: [String] = []
        let start = pos
        while true {
            skipSpaces()
            guard depth + parts.count < Self.maximumDepth else {
                throw error(.syntax, "the key nests deeper than \(Self.maximumDepth) levels")
            }
            guard let byte = peek() else { throw error(.syntax, "expected a key") }
            if byte == UInt8(ascii: "\"") {
                if starts(with: "\"\"\"") { throw error(.syntax, "a key cannot be a multi-line string") }
                parts.append(try parseBasicString())
            } else if byte == UInt8(ascii: "'") {
                if starts(with: "'''") { throw error(.syntax, "a key cannot be a multi-line string") }
                parts.append(try parseLiteralString())
            } else if isBareKeyByte(byte) {
                let from = pos
                while let next = peek(), isBareKeyByte(next) { pos += 1 }
                parts.append(String(decoding: bytes[from..<pos], as: UTF8.self))
            } else {
                throw error(.syntax, "expected a key, found \(describe(byte))")
            }
            skipSpaces()
            if peek() == UInt8(ascii: ".") {
                pos += 1
                continue
            }
            return (parts, start)
        }
    }

    func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x2D
    }
}
