/// One IRC protocol line: IRCv3 tags, an optional source, a command and parameters.
///
/// Parse with ``IRCMessage/init(parsing:)`` and write with ``IRCMessage/serialized()``.
/// Values are raw (not sanitised): the connection sanitises what it hands to the user.
///
/// ```swift
/// let line = IRCMessage(command: "PRIVMSG", ["#welcome", "hello"], tags: ["+draft/reply": "abc"])
/// line.serialized()  // "@+draft/reply=abc PRIVMSG #welcome :hello"
/// ```
public struct IRCMessage: Sendable, Hashable {
    /// Tags with their unescaped values ("" for a tag without value).
    public var tags: [String: String]
    /// `nick!user@host` or a server name.
    public var source: String?
    /// Command, upper-cased, or a three-digit numeric.
    public var command: String
    /// Parameters; the last may contain spaces.
    public var parameters: [String]

    public init(
        command: String, _ parameters: [String] = [], tags: [String: String] = [:], source: String? = nil
    ) {
        self.tags = tags
        self.source = source
        self.command = command
        self.parameters = parameters
    }

    /// The nick part of `source` (everything before `!`).
    public var sourceNick: String? {
        guard let source else { return nil }
        if let bang = source.firstIndex(of: "!") { return String(source[..<bang]) }
        if let at = source.firstIndex(of: "@") { return String(source[..<at]) }
        return source
    }

    /// Parameter at `index`, or nil.
    public func parameter(_ index: Int) -> String? {
        index < parameters.count ? parameters[index] : nil
    }
}
