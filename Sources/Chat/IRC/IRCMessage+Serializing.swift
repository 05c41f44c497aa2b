extension IRCMessage {
    /// The line as sent on the wire, without CR LF.
    ///
    /// Tags are sorted by key and escaped; the last parameter gets a `:` when it is empty,
    /// contains a space or starts with `:`. CR, LF and NUL in parameters are replaced by spaces so
    /// one message can never become two lines.
    ///
    /// ```swift
    /// IRCMessage(command: "TAGMSG", ["#x"], tags: ["+draft/react": "👍"]).serialized()
    /// // "@+draft/react=👍 TAGMSG #x"
    /// ```
    public func serialized() -> String {
        var line = ""
        if !tags.isEmpty {
            line += "@"
            line += tags.keys.sorted().map { key in
                let value = tags[key] ?? ""
                return value.isEmpty ? key : key + "=" + IRCMessage.escapeTagValue(value)
            }.joined(separator: ";")
            line += " "
        }
        if let source { line += ":" + source + " " }
        line += command
        for (offset, parameter) in parameters.enumerated() {
            let clean = String(
                String.UnicodeScalarView(
                    parameter.unicodeScalars.map { ($0 == "\r" || $0 == "\n" || $0 == "\0") ? " " : $0 }))
            let isLast = offset == parameters.count - 1
            if isLast && (clean.isEmpty || clean.contains(" ") || clean.hasPrefix(":")) {
                line += " :" + clean
            } else {
                line += " " + clean
            }
        }
        return line
    }

    /// Escapes an IRCv3 tag value.
    static func escapeTagValue(_ value: String) -> String {
        var output = ""
        output.reserveCapacity(value.utf8.count)
        for character in value.unicodeScalars {
            switch character {
            case ";": output += "\\:"
            case " ": output += "\\s"
            case "\\": output += "\\\\"
            case "\r": output += "\\r"
            case "\n": output += "\\n"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }
}
