/// Why ``TerminalInput`` could not start reading.
public struct TerminalInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The wake-up pipe could not be made.
        public static let pipe = Code(rawValue: "pipe")
        /// The reader thread could not be started.
        public static let thread = Code(rawValue: "thread")
        /// ``TerminalInput/start()`` was called twice.
        public static let alreadyStarted = Code(rawValue: "alreadyStarted")
        public var description: String { rawValue }
    }

    public var code: Code
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
