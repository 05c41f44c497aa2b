extension IRCMessage {
    /// The longest line a server takes without tags, CR LF included (RFC 1459).
    public static let maximumLineBytes = 512
    /// The longest tag section a server takes, `@` and the space after included (IRCv3).
    public static let maximumTagBytes = 8191

    /// The line as sent on the wire, without CR LF; throws when the line would mean something
    /// else than the message.
    ///
    /// Tags are sorted by key and escaped; the last parameter gets a `:` when it is empty,
    /// contains a space or starts with `:`. Refused, with an ``IRCSerializationError``: a
    /// command that is not letters or three digits; a tag key outside `[+][vendor/]name` of
    /// letters, digits, `-`, `.` and `/`; NUL in a tag value; a source with a space; a middle
    /// parameter that is empty, contains a space or starts with `:` (so `PRIVMSG` to "#a b"
    /// can never become `PRIVMSG #a b x`); NUL, CR or LF anywhere (so one message can never
    /// become two lines); and a line longer than `maximumBytes` with its CR LF, or tags
    /// longer than ``maximumTagBytes``.
    ///
    /// ```swift
    /// try IRCMessage(command: "TAGMSG", ["#x"], tags: ["+draft/react": "👍"]).serialized()
    /// // "@+draft/react=👍 TAGMSG #x"
    /// ```
    public func serialized(maximumBytes: Int = IRCMessage.maximumLineBytes) throws(IRCSerializationError) -> String {
        try serializedLine(maximumBytes: maximumBytes)
    }

    /// ``serialized(maximumBytes:)`` under the name the fuzz targets and the client use.
    public func serializedLine(maximumBytes: Int = IRCMessage.maximumLineBytes) throws(IRCSerializationError) -> String
    {
        func breaksLine(_ text: String) -> Bool {
            text.utf8.contains { $0 == 0x00 || $0 == 0x0D || $0 == 0x0A }
        }
        var tagPart = ""
        if !tags.isEmpty {
            var items: [String] = []
            for key in tags.keys.sorted() {
                guard IRCMessage.isValidTagKey(key) else {
                    throw IRCSerializationError(
                        .invalidTag, "the tag key \(key.debugDescription) has characters a tag key cannot have")
                }
                let value = tags[key] ?? ""
                guard !value.utf8.contains(0) else {
                    throw IRCSerializationError(.invalidTag, "the value of the tag \(key) contains NUL")
                }
                items.append(value.isEmpty ? key : key + "=" + IRCMessage.escapeTagValue(value))
            }
            tagPart = "@" + items.joined(separator: ";") + " "
            guard tagPart.utf8.count <= IRCMessage.maximumTagBytes else {
                throw IRCSerializationError(
                    .tooLong, "the tags are \(tagPart.utf8.count) bytes; a server takes \(IRCMessage.maximumTagBytes)")
            }
        }
        var line = ""
        if let source {
            guard !source.isEmpty, !source.utf8.contains(0x20), !breaksLine(source) else {
                throw IRCSerializationError(
                    .invalidSource, "the source \(source.debugDescription) is empty or has a space or line break")
            }
            line += ":" + source + " "
        }
        guard IRCMessage.isValidCommand(command) else {
            throw IRCSerializationError(
                .invalidCommand, "the command \(command.debugDescription) is not letters or three digits")
        }
        line += command
        for (offset, parameter) in parameters.enumerated() {
            guard !breaksLine(parameter) else {
                throw IRCSerializationError(.invalidParameter, "parameter \(offset + 1) contains NUL, CR or LF")
            }
            let isLast = offset == parameters.count - 1
            // By bytes, as the line is read: a space or a colon with a combining mark after it is
            // one Character to Swift, and would not be found as " " or ":".
            let needsColon = parameter.isEmpty || parameter.utf8.contains(0x20) || parameter.utf8.first == 0x3A
            if isLast && needsColon {
                line += " :" + parameter
            } else if needsColon {
                throw IRCSerializationError(
                    .invalidParameter,
                    "parameter \(offset + 1), \(parameter.debugDescription), is empty, has a space or starts with a colon; only the last one may"
                )
            } else {
                line += " " + parameter
            }
        }
        guard line.utf8.count + 2 <= maximumBytes else {
            throw IRCSerializationError(
                .tooLong, "the line is \(line.utf8.count + 2) bytes; the server takes \(maximumBytes)")
        }
        return tagPart + line
    }

    /// Letters only, or three digits.
    static func isValidCommand(_ command: String) -> Bool {
        let bytes = Array(command.utf8)
        if bytes.count == 3 && bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return true }
        return !bytes.isEmpty && bytes.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
    }

    /// `[+][vendor/]name`: letters, digits and `-` in the name, and `.` too in the vendor.
    static func isValidTagKey(_ key: String) -> Bool {
        var bytes = Substring(key).utf8[...]
        if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty else { return false }
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else { return false }
        func isName(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-")
        }
        if parts.count == 2, !parts[0].allSatisfy({ isName($0) || $0 == UInt8(ascii: ".") }) { return false }
        return parts[parts.count - 1].allSatisfy(isName)
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
