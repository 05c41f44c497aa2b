/// Why an ``IRCMessage`` cannot be written as a line: written, it would mean something else.
///
/// ```swift
/// do { _ = try IRCMessage(command: "PRIVMSG", ["#a b", "x"]).serialized() }
/// catch { error.code == .invalidParameter }  // "#a b" would be two parameters
/// ```
public struct IRCSerializationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the message.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A command that is not letters or three digits.
        public static let invalidCommand = Code(rawValue: "invalid command")
        /// A tag key with characters a key cannot have, or a tag value with NUL.
        public static let invalidTag = Code(rawValue: "invalid tag")
        /// A source with a space, or with NUL, CR or LF.
        public static let invalidSource = Code(rawValue: "invalid source")
        /// A middle parameter that is empty, has a space or starts with `:`, or any parameter
        /// with NUL, CR or LF.
        public static let invalidParameter = Code(rawValue: "invalid parameter")
        /// The line is longer than the server takes.
        public static let tooLong = Code(rawValue: "too long")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
