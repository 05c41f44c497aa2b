extension TranscriptRecord {
    /// The record as one JSON line, newline included, keys in ``CodingKeys`` order.
    ///
    /// Written by hand rather than by `JSONEncoder` for two reasons: `JSONEncoder` on Linux
    /// orders keys by hash (a different order in every process) unless it sorts them, and it
    /// leaves C1 controls raw, which a terminal showing `--speech text` would obey. Every
    /// control character here is escaped (``jsonString(_:)``), and `JSONDecoder` reads the line
    /// back to an equal record (a property test checks).
    ///
    /// ```swift
    /// TranscriptRecord(t: 0, event: .done, text: "Hi").jsonLine
    /// // {"t": 0, "event": "done", "priority": "default", "voice": "reader", "text": "Hi"}\n
    /// ```
    public var jsonLine: String {
        var line = "{"
        line.reserveCapacity(text.utf8.count + 80)
        for key in CodingKeys.allCases {
            if key == .language && language == nil { continue }
            if key == .speaker && speaker == nil { continue }
            if key != .t { line += ", " }
            line += "\"\(key.stringValue)\": "
            switch key {
            case .t: line += String(t)
            case .event: line += Self.jsonString(event.rawValue)
            case .priority: line += Self.jsonString(priority.rawValue)
            case .voice: line += Self.jsonString(voice.rawValue)
            case .speaker: line += String(speaker ?? 0)
            case .text: line += Self.jsonString(text)
            case .language: line += Self.jsonString(language ?? "")
            }
        }
        return line + "}\n"
    }

    /// `text` as a JSON string literal, with every control character (C0, DEL, C1) and the
    /// line and paragraph separators escaped, so a terminal shows it and never obeys it.
    ///
    /// ```swift
    /// TranscriptRecord.jsonString("a\u{1B}[31m") // "\"a\\u001b[31m\""
    /// ```
    public static func jsonString(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
