/// Something wrong in the settings file, with file, line, column and key.
///
/// Errors make the client use defaults for the bad keys at start, and keep its last good
/// settings on reload; warnings (unknown keys) change nothing.
public struct SettingsProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file is not valid TOML.
        public static let syntax = Code(rawValue: "syntax")
        /// A value of the wrong type (a string where a number belongs…).
        public static let wrongType = Code(rawValue: "wrong type")
        /// A value outside its range or not one of the allowed words.
        public static let outOfRange = Code(rawValue: "out of range")
        /// A key Earshot does not know (a warning).
        public static let unknownKey = Code(rawValue: "unknown key")
        /// A required key is missing.
        public static let missingKey = Code(rawValue: "missing key")
        /// A password in a file that others can read.
        public static let insecurePassword = Code(rawValue: "insecure password")
        /// The file could not be read.
        public static let unreadable = Code(rawValue: "unreadable")
    }

    public enum Severity: String, Sendable, Equatable {
        case warning, error
    }

    public var code: Code
    public var severity: Severity
    public var message: String
    public var file: String
    public var line: Int
    public var column: Int
    /// The dotted key ("text.size"), when there is one.
    public var key: String?

    public init(
        code: Code, severity: Severity = .error, message: String, file: String, line: Int,
        column: Int, key: String?
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.key = key
    }

    /// "config.toml:3:8: text.size: message" (the compiler style).
    public var description: String {
        "\(file):\(line):\(column): " + (key.map { "\($0): " } ?? "") + message
    }
}
