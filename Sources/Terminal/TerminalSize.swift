/// The size of the terminal window in character cells.
///
/// Found the way swift-argument-parser finds it: `COLUMNS` and `LINES` from the environment
/// win (each on its own), then what the terminal reports through `ioctl(TIOCGWINSZ)`, then
/// 80 × 24.
///
/// ```swift
/// let size = TerminalSize.current()
/// renderer.columns = size.columns
/// ```
public struct TerminalSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public static let fallback = TerminalSize(columns: 80, rows: 24)

    /// The size for `fd`: environment, then the terminal, then ``fallback``.
    ///
    /// - Parameter environment: variables to read instead of the process environment.
    public static func current(fd: Int32 = Libc.standardOutput, environment: [String: String]? = nil) -> TerminalSize {
        let columns = positive(variable("COLUMNS", in: environment))
        let rows = positive(variable("LINES", in: environment))
        if let columns, let rows { return TerminalSize(columns: columns, rows: rows) }
        let reported = reported(fd: fd)
        return TerminalSize(
            columns: columns ?? reported?.columns ?? fallback.columns,
            rows: rows ?? reported?.rows ?? fallback.rows)
    }

    /// What the terminal on `fd` reports, or nil when it is not a terminal or reports zero.
    ///
    /// Use this after SIGWINCH: `COLUMNS` and `LINES` do not follow a resize.
    public static func reported(fd: Int32 = Libc.standardOutput) -> TerminalSize? {
        Libc.windowSize(fd).map { TerminalSize(columns: $0.columns, rows: $0.rows) }
    }

    private static func variable(_ name: String, in environment: [String: String]?) -> String? {
        if let environment { return environment[name] }
        return Libc.environment(name)
    }

    private static func positive(_ text: String?) -> Int? {
        guard let text, let value = Int(text), value > 0 else { return nil }
        return value
    }
}
