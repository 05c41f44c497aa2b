/// An error the user can read: a code and a message.
///
/// ```swift
/// do { try client.start() } catch let error as ChatError where error.code == .insecureConnection {
///     print(error.message)
/// }
/// ```
public struct ChatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that reacts to it.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Plain TCP to a host that is not loopback, without `insecure`.
        public static let insecureConnection = Code(rawValue: "insecureConnection")
        /// The store could not be opened or written.
        public static let storage = Code(rawValue: "storage")
        /// The connection failed or was lost.
        public static let connection = Code(rawValue: "connection")
        /// The server refused the login (SASL).
        public static let authentication = Code(rawValue: "authentication")
        /// A settings file with the password is readable by others.
        public static let unsafeCredentials = Code(rawValue: "unsafeCredentials")
        /// The channel or message does not exist.
        public static let notFound = Code(rawValue: "notFound")
        /// The server lacks what this needs (message-tags for reactions and replies).
        public static let unsupported = Code(rawValue: "unsupported")
        /// The disk holding the history is full.
        public static let diskFull = Code(rawValue: "diskFull")
        /// The history file cannot be written (read-only, or no permission).
        public static let readOnly = Code(rawValue: "readOnly")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
