/// A small TOML 1.0 reader: tables, dotted keys, array of tables, inline tables, basic and
/// literal strings (single and multi-line), integers, floats, booleans, arrays and comments.
/// Dates and times are kept as text.
///
/// Errors carry the line and column (1-based, in Unicode scalars) and the key being read.
struct TOMLParser {
    /// A table while it is being built; reference type so the current section can be extended.
    final class Builder {
        var order: [String] = []
        var slots: [String: Slot] = [:]
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

        func set(_ key: String, _ slot: Slot) {
            if slots[key] == nil { order.append(key) }
            slots[key] = slot
        }

        func build() -> TOMLTable {
            TOMLTable(entries: order.compactMap { key in
                guard let slot = slots[key] else { return nil }
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

    init(text: String) {
        bytes = Array(text.utf8)
        current = root
    }

    // MARK: Document

    mutating func parse() throws -> Result {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3; lineStart = 3 }
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
                try parseKeyValue(into: current, prefix: currentPath, recordLocations: true)
                try expectLineEnd()
                consumeNewline()
                sectionEnds[currentPath] = pos
            }
        }
        return Result(
            root: root.build(), locations: locations, sectionEnds: sectionEnds,
            sectionHeaders: sectionHeaders)
    }

    private mutating func parseHeader() throws {
        currentKey = nil
        pos += 1  // [
        let isArray = peek() == UInt8(ascii: "[")
        if isArray { pos += 1 }
        skipSpaces()
        let (keys, _) = try parseKey()
        skipSpaces()
        guard peek() == UInt8(ascii: "]") else { throw error(.syntax, "expected ] to close the table header") }
        pos += 1
        if isArray {
            guard peek() == UInt8(ascii: "]") else { throw error(.syntax, "expected ]] to close the array of tables header") }
            pos += 1
        }
        var table = root
        var path = ""
        for (index, key) in keys.enumerated() {
            let last = index == keys.count - 1
            path = path.isEmpty ? quote(key) : path + "." + quote(key)
            currentKey = path
            switch table.slots[key] {
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
                    if isArray { throw error(.duplicateKey, "\(path) is already a table, not an array of tables") }
                    if next.explicit || next.dotted || next.inline {
                        throw error(.duplicateKey, "table [\(path)] is defined twice")
                    }
                }
                table = next
            case .tableArray(var elements):
                if last {
                    guard isArray else { throw error(.duplicateKey, "\(path) is an array of tables; use [[\(path)]]") }
                    let element = Builder()
                    element.explicit = true
                    elements.append(element)
                    table.set(key, .tableArray(elements))
                    path += "[\(elements.count - 1)]"
                    table = element
                } else {
                    guard let lastElement = elements.last else { throw error(.notATable, "\(path) is empty") }
                    path += "[\(elements.count - 1)]"
                    table = lastElement
                }
            case .value:
                throw error(.notATable, "\(path) already holds a value, so it cannot be a table")
            }
        }
        table.explicit = true
        current = table
        currentPath = path
        sectionHeaders.insert(path)
        currentKey = nil
    }

    /// Reads `key = value` and stores it in `table`.
    private mutating func parseKeyValue(into table: Builder, prefix: String, recordLocations: Bool) throws {
        let keyLine = line
        let keyColumn = currentColumn()
        let (keys, _) = try parseKey()
        var path = prefix
        var target = table
        for (index, key) in keys.enumerated() {
            path = path.isEmpty ? quote(key) : path + "." + quote(key)
            currentKey = path
            if index == keys.count - 1 { break }
            switch target.slots[key] {
            case nil:
                let next = Builder()
                next.dotted = true
                target.set(key, .table(next))
                target = next
            case .table(let next):
                if next.explicit || next.inline {
                    throw error(.duplicateKey, "\(path) is a table defined elsewhere")
                }
                target = next
            default:
                throw error(.notATable, "\(path) already holds a value, so it cannot be a table")
            }
        }
        skipSpaces()
        guard peek() == UInt8(ascii: "=") else {
            throw error(.syntax, "expected = after the key")
        }
        pos += 1
        skipSpaces()
        guard let lastKey = keys.last else { throw error(.syntax, "expected a key") }
        if target.slots[lastKey] != nil {
            throw error(.duplicateKey, "\(path) is given twice", line: keyLine, column: keyColumn)
        }
        let valueLine = line
        let valueColumn = currentColumn()
        let start = pos
        let value = try parseValue(path: path)
        if recordLocations {
            locations[path] = TOMLDocument.Location(
                line: keyLine, column: keyColumn, valueLine: valueLine, valueColumn: valueColumn,
                valueRange: start..<pos)
        }
        target.set(lastKey, .value(value))
        currentKey = path
    }

    // MARK: Keys

    /// A dotted key: bare or quoted parts separated by dots.
    private mutating func parseKey() throws -> ([String], Int) {
        var parts: [String] = []
        let start = pos
        while true {
            skipSpaces()
            guard let byte = peek() else { throw error(.syntax, "expected a key") }
            if byte == UInt8(ascii: "\"") {
                parts.append(try parseBasicString())
            } else if byte == UInt8(ascii: "'") {
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

    private mutating func parseValue(path: String) throws -> TOMLValue {
        guard let byte = peek() else { throw error(.invalidValue, "expected a value") }
        switch byte {
        case UInt8(ascii: "\""):
            if starts(with: "\"\"\"") { return .string(try parseMultilineBasicString()) }
            return .string(try parseBasicString())
        case UInt8(ascii: "'"):
            if starts(with: "'''") { return .string(try parseMultilineLiteralString()) }
            return .string(try parseLiteralString())
        case UInt8(ascii: "["):
            return try parseArray(path: path)
        case UInt8(ascii: "{"):
            return try parseInlineTable(path: path)
        default:
            return try parseScalar()
        }
    }

    private mutating func parseArray(path: String) throws -> TOMLValue {
        pos += 1
        var values: [TOMLValue] = []
        while true {
            try skipWhitespaceNewlinesAndComments()
            guard let byte = peek() else { throw error(.syntax, "unterminated array: expected ]") }
            if byte == UInt8(ascii: "]") {
                pos += 1
                return .array(values)
            }
            values.append(try parseValue(path: path + "[\(values.count)]"))
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

    private mutating func parseInlineTable(path: String) throws -> TOMLValue {
        pos += 1
        let table = Builder()
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
            pos += 1
            return .table(table.build())
        }
        while true {
            skipSpaces()
            try parseKeyValue(into: table, prefix: path, recordLocations: true)
            skipSpaces()
            guard let next = peek() else { throw error(.syntax, "unterminated inline table: expected }") }
            if next == UInt8(ascii: ",") {
                pos += 1
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

    /// Booleans, numbers and dates: one token of bare characters.
    private mutating func parseScalar() throws -> TOMLValue {
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
        let token = String(decoding: bytes[start..<pos], as: UTF8.self)
        let (tokenLine, tokenKey) = (line, currentKey)
        func fail(_ message: String) -> TOMLError {
            TOMLError(code: .invalidValue, message: message, line: tokenLine, column: startColumn, key: tokenKey)
        }
        if token.isEmpty {
            if let byte = peek() { throw fail("expected a value, found \(describe(byte))") }
            throw fail("expected a value")
        }
        if token == "true" { return .boolean(true) }
        if token == "false" { return .boolean(false) }
        let utf8 = Array(token.utf8)
        let digits = utf8.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        if (digits == 4 && utf8.count > 4 && utf8[4] == UInt8(ascii: "-"))
            || (digits == 2 && utf8.count > 2 && utf8[2] == UInt8(ascii: ":"))
        {
            return .dateTime(token)
        }
        var body = Substring(token)
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        switch body {
        case "inf": return .float(sign == "-" ? -.infinity : .infinity)
        case "nan": return .float(.nan)
        default: break
        }
        if body.hasPrefix("0x") || body.hasPrefix("0o") || body.hasPrefix("0b") {
            guard sign.isEmpty, token.first != "+" else { throw fail("\(token) is not a valid integer: no sign before 0x, 0o or 0b") }
            let radix = body.hasPrefix("0x") ? 16 : body.hasPrefix("0o") ? 8 : 2
            let rest = body.dropFirst(2)
            guard validUnderscores(rest), let value = Int64(rest.filter { $0 != "_" }, radix: radix) else {
                throw fail("\(token) is not a valid integer")
            }
            return .integer(value)
        }
        guard validUnderscores(body), body.first?.isNumber == true else {
            throw fail("\(token) is not a valid value")
        }
        let clean = body.filter { $0 != "_" }
        let isFloat = clean.contains(".") || clean.contains("e") || clean.contains("E")
        let integerPart = clean.prefix { $0.isNumber }
        if integerPart.count > 1 && integerPart.first == "0" {
            throw fail("\(token) has a leading zero")
        }
        if isFloat {
            // A dot must have digits on both sides.
            let chars = Array(clean)
            for (index, char) in chars.enumerated() where char == "." {
                guard index > 0, chars[index - 1].isNumber, index + 1 < chars.count, chars[index + 1].isNumber else {
                    throw fail("\(token) is not a valid float")
                }
            }
            guard let value = Double(sign + clean) else { throw fail("\(token) is not a valid float") }
            return .float(value)
        }
        guard let value = Int64(sign + clean) else { throw fail("\(token) is not a valid integer") }
        return .integer(value)
    }

    private func validUnderscores(_ text: Substring) -> Bool {
        let chars = Array(text)
        for (index, char) in chars.enumerated() where char == "_" {
            guard index > 0, index + 1 < chars.count, chars[index - 1].isHexDigit, chars[index + 1].isHexDigit else {
                return false
            }
        }
        return true
    }

    // MARK: Strings

    private mutating func parseBasicString() throws -> String {
        pos += 1
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated string: expected \"") }
            if byte == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte == 0x0A || byte == 0x0D { throw error(.syntax, "unterminated string: a newline before the closing \"") }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &out)
            } else {
                out.append(byte)
                pos += 1
            }
        }
    }

    private mutating func parseMultilineBasicString() throws -> String {
        pos += 3
        if isNewline() { consumeNewline() }
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated multi-line string: expected \"\"\"") }
            if starts(with: "\"\"\"") {
                var quotes = 0
                while peek() == UInt8(ascii: "\""), quotes < 5 { pos += 1; quotes += 1 }
                out += Array(repeating: UInt8(ascii: "\""), count: quotes - 3)
                return String(decoding: out, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                // A backslash at the end of a line trims the newline and following whitespace.
                var look = pos + 1
                while look < bytes.count, bytes[look] == 0x20 || bytes[look] == 0x09 { look += 1 }
                if look < bytes.count, bytes[look] == 0x0A || bytes[look] == 0x0D {
                    pos = look
                    while let next = peek(), next == 0x20 || next == 0x09 || isNewline() {
                        if isNewline() { consumeNewline() } else { pos += 1 }
                    }
                    continue
                }
                try parseEscape(into: &out)
            } else if isNewline() {
                if byte == 0x0D { pos += 1 }
                out.append(0x0A)
                consumeNewline()
            } else {
                out.append(byte)
                pos += 1
            }
        }
    }

    private mutating func parseLiteralString() throws -> String {
        pos += 1
        let start = pos
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated string: expected '") }
            if byte == UInt8(ascii: "'") {
                let text = String(decoding: bytes[start..<pos], as: UTF8.self)
                pos += 1
                return text
            }
            if byte == 0x0A || byte == 0x0D { throw error(.syntax, "unterminated string: a newline before the closing '") }
            pos += 1
        }
    }

    private mutating func parseMultilineLiteralString() throws -> String {
        pos += 3
        if isNewline() { consumeNewline() }
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated multi-line string: expected '''") }
            if starts(with: "'''") {
                var quotes = 0
                while peek() == UInt8(ascii: "'"), quotes < 5 { pos += 1; quotes += 1 }
                out += Array(repeating: UInt8(ascii: "'"), count: quotes - 3)
                return String(decoding: out, as: UTF8.self)
            }
            if isNewline() {
                if byte == 0x0D { pos += 1 }
                out.append(0x0A)
                consumeNewline()
            } else {
                out.append(byte)
                pos += 1
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws {
        pos += 1
        guard let byte = peek() else { throw error(.syntax, "unterminated escape") }
        pos += 1
        switch byte {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "e"): out.append(0x1B)
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = byte == UInt8(ascii: "u") ? 4 : 8
            guard pos + count <= bytes.count,
                let value = UInt32(String(decoding: bytes[pos..<pos + count], as: UTF8.self), radix: 16),
                let scalar = Unicode.Scalar(value)
            else {
                pos -= 2
                throw error(.syntax, "invalid unicode escape")
            }
            pos += count
            out += Array(String(Character(scalar)).utf8)
        default:
            pos -= 2
            throw error(.syntax, "invalid escape \\\(String(decoding: [byte], as: UTF8.self))")
        }
    }

    // MARK: Whitespace and positions

    private func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return pos + pattern.count <= bytes.count && Array(bytes[pos..<pos + pattern.count]) == pattern
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

    private mutating func skipComment() throws {
        while let byte = peek(), byte != 0x0A {
            if byte == 0x0D && isNewline() { break }
            pos += 1
        }
    }

    private mutating func skipWhitespaceNewlinesAndComments() throws {
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
    private mutating func expectLineEnd() throws {
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
        case 0x0A, 0x0D: "the end of the line"
        case 0x20...0x7E: "'\(String(decoding: [byte], as: UTF8.self))'"
        default: "byte 0x\(String(byte, radix: 16))"
        }
    }

    private func quote(_ key: String) -> String { TOMLDocument.quoteKeyIfNeeded(key) }

    private func error(_ code: TOMLError.Code, _ message: String, line: Int? = nil, column: Int? = nil) -> TOMLError {
        TOMLError(
            code: code, message: message, line: line ?? self.line, column: column ?? self.column(at: pos),
            key: currentKey)
    }
}
