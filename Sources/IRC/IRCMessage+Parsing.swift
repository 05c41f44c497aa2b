extension IRCMessage {
    /// Parses one line (without its CR LF) from the network.
    ///
    /// Never crashes on any input: returns nil for lines without a command. Invalid UTF-8
    /// becomes U+FFFD. Tag values are unescaped (`\:` `;`, `\s` space, `\\` `\`, `\r`, `\n`;
    /// any other escaped character stands for itself; a trailing `\` is dropped).
    ///
    /// ```swift
    /// let message = IRCMessage(parsing: Array("@time=2026-01-01T00:00:00Z :a!b@c PRIVMSG #x :hi".utf8))
    /// ```
    public init?(parsing line: some Collection<UInt8>) {
        let bytes = Array(line)
        var index = 0
        let end = bytes.count
        func skipSpaces() { while index < end, bytes[index] == 0x20 { index += 1 } }
        func word() -> ArraySlice<UInt8> {
            let start = index
            while index < end, bytes[index] != 0x20 { index += 1 }
            return bytes[start..<index]
        }
        var tags: [String: String] = [:]
        skipSpaces()
        if index < end, bytes[index] == UInt8(ascii: "@") {
            index += 1
            let raw = word()
            for item in raw.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
                if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                    let key = String(decoding: item[item.startIndex..<equals], as: UTF8.self)
                    tags[key] = IRCMessage.unescapeTagValue(item[(equals + 1)...])
                } else {
                    tags[String(decoding: item, as: UTF8.self)] = ""
                }
            }
            skipSpaces()
        }
        var source: String?
        if index < end, bytes[index] == UInt8(ascii: ":") {
            index += 1
            source = String(decoding: word(), as: UTF8.self)
            skipSpaces()
        }
        let command = word()
        guard !command.isEmpty else { return nil }
        var parameters: [String] = []
        while true {
            skipSpaces()
            guard index < end else { break }
            if bytes[index] == UInt8(ascii: ":") {
                parameters.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
                break
            }
            parameters.append(String(decoding: word(), as: UTF8.self))
        }
        self.init(
            command: String(decoding: command, as: UTF8.self).uppercased(), parameters, tags: tags,
            source: source)
    }

    /// Unescapes an IRCv3 tag value.
    static func unescapeTagValue(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                continue
            }
            guard index < raw.endIndex else { break }  // trailing backslash is dropped
            let next = raw[index]
            index += 1
            switch next {
            case UInt8(ascii: ":"): output.append(UInt8(ascii: ";"))
            case UInt8(ascii: "s"): output.append(0x20)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "n"): output.append(0x0A)
            default: output.append(next)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
