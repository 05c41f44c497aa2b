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

    private let bytes: [UInt8]
    private var pos = 0
    private var line = 1
    private var lineStart = 0
    /// The last column counted: line start, offset and column there.
    private var columnCache: (lineStart: Int, offset: Int, column: Int) = (0, 0, 1)
    private let root = Builder()
    private var current: Builder
    private var currentPath = ""
    private var currentKey: String?
    private var locations: [String: TOMLDocument.Location] = [:]
    private var sectionEnds: [String: Int] = ["": 0]
    private var sectionHeaders: Set<String> = []
    /// How deep the current section's name is (`[a.b]` is 2).
    private var sectionDepth = 0

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

    private mutating func parseHeader() throws(TOMLError) {
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
    private mutating func parseKeyValue(
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
    private mutating func parseKey(depth: Int) throws(TOMLError) -> ([String], Int) {
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

    private func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x2D
    }

    // MARK: Values

    /// A value; `depth` is how deep the key it belongs to already is.
    private mutating func parseValue(path: String, depth: Int) throws(TOMLError) -> TOMLValue {
        guard let byte = peek() else { throw error(.invalidValue, "expected a value") }
        switch byte {
        case UInt8(ascii: "\""):
            if starts(with: "\"\"\"") { return .string(try parseMultilineBasicString()) }
            return .string(try parseBasicString())
        case UInt8(ascii: "'"):
            if starts(with: "'''") { return .string(try parseMultilineLiteralString()) }
            return .string(try parseLiteralString())
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else {
                throw error(.syntax, "values nest deeper than \(Self.maximumDepth) levels")
            }
            if byte == UInt8(ascii: "[") { return try parseArray(path: path, depth: depth + 1) }
            return try parseInlineTable(path: path, depth: depth + 1)
        default:
            return try parseScalar()
        }
    }

    private mutating func parseArray(path: String, depth: Int) throws(TOMLError) -> TOMLValue {
        pos += 1
        var values: [TOMLValue] = []
        while true {
            try skipWhitespaceNewlinesAndComments()
            guard let byte = peek() else { throw error(.syntax, "unterminated array: expected ]") }
            if byte == UInt8(ascii: "]") {
                pos += 1
                return .array(values)
            }
            values.append(try parseValue(path: path + "[\(values.count)]", depth: depth))
            currentKey = path
            try skipWhitespaceNewlinesAndComments()
            guard let next = peek() else { throw error(.syntax, "unterminated array: expected ]") }
            if next == UInt8(ascii: ",") {
                pos += 1
            } else if next != UInt8(ascii: "]") {
                throw error(.syntax, "expected , or ] in array, found \(describe(next))")
            }
        }
    }

    private mutating func parseInlineTable(path: String, depth: Int) throws(TOMLError) -> TOMLValue {
        pos += 1
        let table = Builder()
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
            pos += 1
            return .table(table.build())
        }
        while true {
            skipSpaces()
            try parseKeyValue(into: table, prefix: path, depth: depth, recordLocations: true)
            skipSpaces()
            guard let next = peek() else { throw error(.syntax, "unterminated inline table: expected }") }
            if next == UInt8(ascii: ",") {
                pos += 1
                skipSpaces()
                if peek() == UInt8(ascii: "}") { throw error(.syntax, "an inline table cannot end with a comma") }
            } else if next == UInt8(ascii: "}") {
                pos += 1
                table.inline = true
                currentKey = path
                return .table(table.build())
            } else {
                throw error(.syntax, "expected , or } in inline table, found \(describe(next))")
            }
        }
    }

    /// Booleans, numbers, dates and times: one token of bare characters.
    private mutating func parseScalar() throws(TOMLError) -> TOMLValue {
        let start = pos
        let startColumn = currentColumn()
        func isTokenByte(_ byte: UInt8) -> Bool {
            isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: ":")
        }
        while let byte = peek(), isTokenByte(byte) { pos += 1 }
        // A date and a time may be separated by one space.
        if pos - start == 10, peek() == 0x20, pos + 1 < bytes.count,
            bytes[pos + 1] >= 0x30 && bytes[pos + 1] <= 0x39, bytes[start + 4] == UInt8(ascii: "-")
        {
            pos += 1
            while let byte = peek(), isTokenByte(byte) { pos += 1 }
        }
        let token = bytes[start..<pos]
        let text = String(decoding: token, as: UTF8.self)
        let (tokenLine, tokenKey) = (line, currentKey)
        func fail(_ message: String) -> TOMLError {
            TOMLError(code: .invalidValue, message: message, line: tokenLine, column: startColumn, key: tokenKey)
        }
        if token.isEmpty {
            if let byte = peek() { throw fail("expected a value, found \(describe(byte))") }
            throw fail("expected a value")
        }
        if text == "true" { return .boolean(true) }
        if text == "false" { return .boolean(false) }
        let digits = token.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        if (digits == 4 && token.count > 4 && token[start + 4] == UInt8(ascii: "-"))
            || (digits == 2 && token.count > 2 && token[start + 2] == UInt8(ascii: ":"))
        {
            guard let value = TOMLDateTime.parse(token) else {
                throw fail(
                    "\(text) is not a valid date or time: use 1979-05-27, 07:32:00, 1979-05-27T07:32:00 or 1979-05-27T07:32:00Z"
                )
            }
            return .dateTime(value)
        }
        // A bare word ("maybe", "yes") is text without its quotes, not a broken number.
        if let first = token.first, (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A),
            text != "inf", text != "nan"
        {
            throw fail(
                "\(text) is not a valid value: text goes in quotes (\"\(text)\"), and true and false without them")
        }
        switch TOMLNumber.parse(token) {
        case .integer(let number): return .integer(number)
        case .float(let number): return .float(number)
        case .overflow: throw fail("\(text) does not fit in a 64-bit integer")
        case .invalid(let why): throw fail("\(text) is not a valid value: \(why)")
        }
    }

    // MARK: Strings

    private mutating func parseBasicString() throws(TOMLError) -> String {
        pos += 1
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated string: expected \"") }
            if byte == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte == 0x0A || (byte == 0x0D && isNewline()) {
                throw error(.syntax, "unterminated string: the line ends before the closing quote")
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &out)
            } else {
                try refuseControl(byte, in: "a string")
                out.append(byte)
                pos += 1
            }
        }
    }

    private mutating func parseMultilineBasicString() throws(TOMLError) -> String {
        pos += 3
        if isNewline() { consumeNewline() }
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated multi-line string: expected \"\"\"") }
            if starts(with: "\"\"\"") {
                var quotes = 0
                while peek() == UInt8(ascii: "\""), quotes < 5 {
                    pos += 1
                    quotes += 1
                }
                out += Array(repeating: UInt8(ascii: "\""), count: quotes - 3)
                return String(decoding: out, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                // A backslash at the end of a line trims the newline and following whitespace.
                var look = pos + 1
                while look < bytes.count, bytes[look] == 0x20 || bytes[look] == 0x09 { look += 1 }
                let atNewline =
                    look < bytes.count
                    && (bytes[look] == 0x0A
                        || (bytes[look] == 0x0D && look + 1 < bytes.count && bytes[look + 1] == 0x0A))
                if atNewline {
                    pos = look
                    while let next = peek(), next == 0x20 || next == 0x09 || isNewline() {
                        if isNewline() { consumeNewline() } else { pos += 1 }
                    }
                    continue
                }
                try parseEscape(into: &out)
            } else if isNewline() {
                out.append(0x0A)
                consumeNewline()
            } else {
                try refuseControl(byte, in: "a string")
                out.append(byte)
                pos += 1
            }
        }
    }

    private mutating func parseLiteralString() throws(TOMLError) -> String {
        pos += 1
        let start = pos
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated string: expected '") }
            if byte == UInt8(ascii: "'") {
                let text = String(decoding: bytes[start..<pos], as: UTF8.self)
                pos += 1
                return text
            }
            if byte == 0x0A || (byte == 0x0D && isNewline()) {
                throw error(.syntax, "unterminated string: the line ends before the closing single quote")
            }
            try refuseControl(byte, in: "a string")
            pos += 1
        }
    }

    private mutating func parseMultilineLiteralString() throws(TOMLError) -> String {
        pos += 3
        if isNewline() { consumeNewline() }
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated multi-line string: expected '''") }
            if starts(with: "'''") {
                var quotes = 0
                while peek() == UInt8(ascii: "'"), quotes < 5 {
                    pos += 1
                    quotes += 1
                }
                out += Array(repeating: UInt8(ascii: "'"), count: quotes - 3)
                return String(decoding: out, as: UTF8.self)
            }
            if isNewline() {
                out.append(0x0A)
                consumeNewline()
            } else {
                try refuseControl(byte, in: "a string")
                out.append(byte)
                pos += 1
            }
        }
    }

    /// Throws for a control character other than tab (NUL, a bare CR, DEL and the rest),
    /// which TOML allows in strings and comments only as escapes.
    private func refuseControl(_ byte: UInt8, in place: String) throws(TOMLError) {
        guard (byte < 0x20 && byte != 0x09) || byte == 0x7F else { return }
        let hex = String(byte, radix: 16, uppercase: true)
        let name =
            byte == 0x0D
            ? "a carriage return not followed by a line feed"
            : "the control character U+00" + (byte < 0x10 ? "0" : "") + hex
        throw error(.syntax, "\(name) is not allowed in \(place)")
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(TOMLError) {
        pos += 1
        guard let byte = peek() else { throw error(.syntax, "unterminated escape") }
        pos += 1
        switch byte {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = byte == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            var valid = pos + count <= bytes.count
            if valid {
                for digit in bytes[pos..<pos + count] {
                    guard let nibble = Self.hexValue(digit) else {
                        valid = false
                        break
                    }
                    value = value << 4 | UInt32(nibble)
                }
            }
            guard valid, let scalar = Unicode.Scalar(value) else {
                pos -= 2
                throw error(
                    .syntax, "invalid unicode escape: use \\u and 4 or \\U and 8 hex digits of a Unicode scalar value")
            }
            pos += count
            out += Array(String(Character(scalar)).utf8)
        default:
            pos -= 2
            throw error(.syntax, "invalid escape \\\(describeEscape(byte))")
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private func describeEscape(_ byte: UInt8) -> String {
        byte > 0x20 && byte < 0x7F ? String(decoding: [byte], as: UTF8.self) : " followed by \(describe(byte))"
    }

    // MARK: Encoding

    /// Throws at the first byte that is not well-formed UTF-8 (overlong forms, surrogates
    /// and values past U+10FFFF included), with its line and column.
    private mutating func validateUTF8() throws(TOMLError) {
        var index = 0
        var scanLine = 1
        var scanLineStart = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0x0A {
                    scanLine += 1
                    scanLineStart = index + 1
                }
                index += 1
                continue
            }
            var length = 0
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                second = 0xA0...0xBF
            case 0xED:
                length = 3
                second = 0x80...0x9F
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xF0:
                length = 4
                second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                second = 0x80...0x8F
            default: length = 0
            }
            var valid = length > 0 && index + length <= bytes.count
            if valid {
                for offset in 1..<length {
                    let byte = bytes[index + offset]
                    if offset == 1 ? !second.contains(byte) : byte & 0xC0 != 0x80 {
                        valid = false
                        break
                    }
                }
            }
            guard valid else {
                line = scanLine
                lineStart = scanLineStart
                pos = index
                throw error(.syntax, "invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))")
            }
            index += length
        }
    }

    // MARK: Whitespace and positions

    private func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return pos + pattern.count <= bytes.count && bytes[pos..<pos + pattern.count].elementsEqual(pattern)
    }

    private func isNewline() -> Bool {
        guard let byte = peek() else { return false }
        return byte == 0x0A || (byte == 0x0D && pos + 1 < bytes.count && bytes[pos + 1] == 0x0A)
    }

    private mutating func consumeNewline() {
        if peek() == 0x0D { pos += 1 }
        if peek() == 0x0A {
            pos += 1
            line += 1
            lineStart = pos
        }
    }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 { pos += 1 }
    }

    private mutating func skipComment() throws(TOMLError) {
        while let byte = peek(), byte != 0x0A {
            if byte == 0x0D && isNewline() { break }
            try refuseControl(byte, in: "a comment")
            pos += 1
        }
    }

    private mutating func skipWhitespaceNewlinesAndComments() throws(TOMLError) {
        while true {
            skipSpaces()
            if peek() == UInt8(ascii: "#") {
                try skipComment()
            } else if isNewline() {
                consumeNewline()
            } else {
                return
            }
        }
    }

    /// After a key/value or header: spaces, an optional comment, then a newline or the end.
    private mutating func expectLineEnd() throws(TOMLError) {
        skipSpaces()
        if peek() == UInt8(ascii: "#") { try skipComment() }
        guard let byte = peek() else { return }
        guard isNewline() else {
            throw error(.syntax, "expected the end of the line, found \(describe(byte))")
        }
    }

    /// The column at `pos`, counted on from the last column asked for on the same line, so a
    /// long line with many keys is read in linear time (counting each from the line's start
    /// took 12 s for a 240 KB line).
    private mutating func currentColumn() -> Int {
        if columnCache.lineStart != lineStart || columnCache.offset > pos {
            columnCache = (lineStart, lineStart, 1)
        }
        var (offset, column) = (columnCache.offset, columnCache.column)
        while offset < pos && offset < bytes.count {
            if bytes[offset] & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        columnCache = (lineStart, offset, column)
        return column
    }

    private func column(at offset: Int) -> Int {
        var column = 1
        var index = lineStart
        while index < offset && index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }

    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0A: "the end of the line"
        case 0x0D: "a carriage return"
        case 0x21...0x7E: "'\(String(decoding: [byte], as: UTF8.self))'"
        default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    private func quote(_ key: String) -> String { TOMLDocument.quoteKeyIfNeeded(key) }

    private func error(_ code: TOMLError.Code, _ message: String, line: Int? = nil, column: Int? = nil) -> TOMLError {
        TOMLError(
            code: code, message: message, line: line ?? self.line, column: column ?? self.column(at: pos),
            key: currentKey)
    }
}
