/// A TOML syntax error with the line, column and key where it was found.
///
/// Lines and columns count from 1; columns count Unicode scalars.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of error this is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Text that is not TOML.
        public static let syntax = Code(rawValue: "syntax")
        /// A key given twice, or a table defined twice.
        public static let duplicateKey = Code(rawValue: "duplicate key")
        /// A value that is not a valid string, number, boolean, array or table.
        public static let invalidValue = Code(rawValue: "invalid value")
        /// A key used as a table that already holds a value.
        public static let notATable = Code(rawValue: "not a table")
    }

    public var code: Code
    public var message: String
    public var line: Int
    public var column: Int
    /// The dotted key being read, when there is one.
    public var key: String?

    public init(code: Code, message: String, line: Int, column: Int, key: String? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.key = key
    }

    public var description: String {
        "line \(line), column \(column)" + (key.map { ", key \($0)" } ?? "") + ": \(message)"
    }
}
