/// Why the terminal could not be put into raw mode.
///
/// ```swift
/// do { try rawMode.enter() } catch { print(error.message) }  // "Cannot read the terminal's settings (errno 5)."
/// ```
public struct RawModeError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `tcgetattr` failed on a file that is a terminal.
        public static let readSettings = Code(rawValue: "readSettings")
        /// `tcsetattr` refused the raw settings.
        public static let writeSettings = Code(rawValue: "writeSettings")
        public var description: String { rawValue }
    }

    public var code: Code
    public var message: String
    /// The C `errno` when the failure came from a system call.
    public var errno: Int32

    public var description: String { message }
}
