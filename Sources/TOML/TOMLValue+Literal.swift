extension TOMLValue {
    /// The value written as TOML text.
    ///
    /// ```swift
    /// TOMLValue.string("a \"b\"").tomlLiteral  // "\"a \\\"b\\\"\""
    /// TOMLValue.array([.integer(1), .integer(2)]).tomlLiteral  // "[1, 2]"
    /// ```
    public var tomlLiteral: String {
        switch self {
        case .string(let text):
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        case .integer(let value): return String(value)
        case .float(let value):
            if value.isNaN { return "nan" }
            if value.isInfinite { return value < 0 ? "-inf" : "inf" }
            let text = String(value)
            return text.contains(".") || text.contains("e") ? text : text + ".0"
        case .boolean(let value): return value ? "true" : "false"
        case .dateTime(let value): return value.description
        case .array(let values): return "[" + values.map(\.tomlLiteral).joined(separator: ", ") + "]"
        case .table(let table):
            let body = table.entries.map {
                "\(TOMLDocument.quoteKeyIfNeeded($0.key)) = \($0.value.tomlLiteral)"
            }
            return body.isEmpty ? "{}" : "{ " + body.joined(separator: ", ") + " }"
        }
    }
}
