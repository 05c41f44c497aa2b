/// The parser's lowest level: strings and their escapes, UTF-8, whitespace, comments, line ends
/// and the positions every error names.
extension TOMLParser {
    // MARK: Strings

    mutating func parseBasicString() throws(TOMLError) -> String {
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

    mutating func parseMultilineBasicString() throws(TOMLError) -> String {
        pos += 3
        if isNewline() { consumeNewline() }
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated multi-line string: expected \"\"\"") }
            if let string = closeMultiline(UInt8(ascii: "\""), out) { return string }
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
            } else {
                try appendMultiline(byte, to: &out)
            }
        }
    }

    mutating func parseLiteralString() throws(TOMLError) -> String {
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

    mutating func parseMultilineLiteralString() throws(TOMLError) -> String {
        pos += 3
        if isNewline() { consumeNewline() }
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(.syntax, "unterminated multi-line string: expected '''") }
            if let string = closeMultiline(UInt8(ascii: "'"), out) { return string }
            try appendMultiline(byte, to: &out)
        }
    }

    /// At a multi-line string's closing delimiter (three `quote`s; one or two more before it
    /// end the string's text): the string, read up to past the delimiter. Nil anywhere else.
    mutating func closeMultiline(_ quote: UInt8, _ out: [UInt8]) -> String? {
        guard pos + 3 <= bytes.count, bytes[pos..<pos + 3].allSatisfy({ $0 == quote }) else { return nil }
        var quotes = 0
        while peek() == quote, quotes < 5 {
            pos += 1
            quotes += 1
        }
        return String(decoding: out + Array(repeating: quote, count: quotes - 3), as: UTF8.self)
    }

    /// One character of a multi-line string's text: a newline (CRLF is LF), or a byte that is
    /// not a control character.
    mutating func appendMultiline(_ byte: UInt8, to out: inout [UInt8]) throws(TOMLError) {
        if isNewline() {
            out.append(0x0A)
            consumeNewline()
        } else {
            try refuseControl(byte, in: "a string")
            out.append(byte)
            pos += 1
        }
    }

    /// Throws for a control character other than tab (NUL, a bare CR, DEL and the rest),
    /// which TOML allows in strings and comments only as escapes.
    func refuseControl(_ byte: UInt8, in place: String) throws(TOMLError) {
        guard (byte < 0x20 && byte != 0x09) || byte == 0x7F else { return }
        let hex = String(byte, radix: 16, uppercase: true)
        let name =
            byte == 0x0D
            ? "a carriage return not followed by a line feed"
            : "the control character U+00" + (byte < 0x10 ? "0" : "") + hex
        throw error(.syntax, "\(name) is not allowed in \(place)")
    }

    mutating func parseEscape(into out: inout [UInt8]) throws(TOMLError) {
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

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    func describeEscape(_ byte: UInt8) -> String {
        byte > 0x20 && byte < 0x7F ? String(decoding: [byte], as: UTF8.self) : " followed by \(describe(byte))"
    }

    // MARK: Encoding

    /// Throws at the first byte that is not well-formed UTF-8 (overlong forms, surrogates
    /// and values past U+10FFFF included), with its line and column.
    mutating func validateUTF8() throws(TOMLError) {
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

    func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return pos + pattern.count <= bytes.count && bytes[pos..<pos + pattern.count].elementsEqual(pattern)
    }

    func isNewline() -> Bool {
        guard let byte = peek() else { return false }
        return byte == 0x0A || (byte == 0x0D && pos + 1 < bytes.count && bytes[pos + 1] == 0x0A)
    }

    mutating func consumeNewline() {
        if peek() == 0x0D { pos += 1 }
        if peek() == 0x0A {
            pos += 1
            line += 1
            lineStart = pos
        }
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 { pos += 1 }
    }

    mutating func skipComment() throws(TOMLError) {
        while let byte = peek(), byte != 0x0A {
            if byte == 0x0D && isNewline() { break }
            try refuseControl(byte, in: "a comment")
            pos += 1
        }
    }

    mutating func skipWhitespaceNewlinesAndComments() throws(TOMLError) {
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
    mutating func expectLineEnd() throws(TOMLError) {
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
    mutating func currentColumn() -> Int {
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

    func column(at offset: Int) -> Int {
        var column = 1
        var index = lineStart
        while index < offset && index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }

    func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0A: "the end of the line"
        case 0x0D: "a carriage return"
        case 0x21...0x7E: "'\(String(decoding: [byte], as: UTF8.self))'"
        default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    func quote(_ key: String) -> String { TOMLDocument.quoteKeyIfNeeded(key) }

    func error(_ code: TOMLError.Code, _ message: String, line: Int? = nil, column: Int? = nil) -> TOMLError {
        TOMLError(
            code: code, message: message, line: line ?? self.line, column: column ?? self.column(at: pos),
            key: currentKey)
    }
}
