/// Values: arrays, inline tables and scalars (numbers, booleans, dates and times), each with
/// the nesting depth that keeps a hostile file from exhausting the stack.
extension TOMLParser {
    // MARK: Values

    /// A value; `depth` is how deep the key it belongs to already is.
    mutating func parseValue(path: String, depth: Int) throws(TOMLError) -> TOMLValue {
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

    mutating func parseArray(path: String, depth: Int) throws(TOMLError) -> TOMLValue {
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

    mutating func parseInlineTable(path: String, depth: Int) throws(TOMLError) -> TOMLValue {
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
    mutating func parseScalar() throws(TOMLError) -> TOMLValue {
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
}
