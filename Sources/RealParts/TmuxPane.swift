import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One program in a tmux pane of a private tmux server (`-L <its own socket> -f /dev/null`, so it
/// never touches the user's servers nor reads their configuration), as a person would run it
/// in a terminal: keys are sent, the screen is read. The end-to-end tests' ``TmuxSession`` and
/// the benchmarks drive their clients through it.
///
/// ```swift
/// let pane = try TmuxPane(command: ["/bin/sh", "-c", "exec earshot"], columns: 120, rows: 40)
/// try pane.sendKeys(["Right"])
/// let screen = try pane.capture()
/// ```
public final class TmuxPane {
    /// The session's name inside its own server, for `-t`.
    public let name = "pane"
    /// The server's socket name (`-L`).
    public let socket = "earshot-\(getpid())-\(UUID().uuidString.prefix(8))"
    private let tmux: String
    private var socketPath = ""
    private var killed = false
    /// The program's process: the pane's own, which a shell `exec`s into.
    public private(set) var pid: pid_t = 0

    /// Starts `command` (run directly: no shell unless it is one) in a `columns` × `rows` pane.
    /// Throws a ``Failure`` saying how to install tmux when it is missing.
    public init(command: [String], columns: Int = 120, rows: Int = 40) throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        guard let found = directories.map({ $0 + "/tmux" }).first(where: FileManager.default.isExecutableFile) else {
            throw Failure("tmux is not installed. Install it with: apt-get install -y tmux")
        }
        tmux = found
        try run(["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows)] + command)
        socketPath = (try? display("#{socket_path}")) ?? ""
        pid = pid_t((try? display("#{pane_pid}")) ?? "") ?? 0
    }

    /// `/bin/sh -c script`. A script that begins with `read go;` waits for `sendKeys(["Enter"])`,
    /// so ``record(to:)`` sees its first byte.
    public convenience init(script: String, columns: Int = 120, rows: Int = 40) throws {
        try self.init(command: ["/bin/sh", "-c", script], columns: columns, rows: rows)
    }

    deinit { kill() }

    /// Records every byte the program writes to its terminal into `path`.
    public func record(to path: String) throws {
        try run(["pipe-pane", "-o", "-t", name, "cat >> " + Self.quote(path)])
    }

    /// Sends tmux key names (`"Right"`, `"S-Up"`, `"C-c"`, `"Enter"`) in one write.
    public func sendKeys(_ keys: [String]) throws { try run(["send-keys", "-t", name] + keys) }

    /// Pastes `text` as a terminal does: bracketed (`ESC [200~ … ESC [201~`) when the program
    /// asked for it, line ends as carriage returns.
    public func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "earshot-paste", "--", text])
        try run(["paste-buffer", "-p", "-d", "-b", "earshot-paste", "-t", name])
    }

    /// Types `text` literally.
    public func type(_ text: String) throws { try run(["send-keys", "-t", name, "-l", text]) }

    /// The visible screen as text (`options` such as `-e` for colours, `-J` to join wrapped
    /// lines, `-S -` for the scrollback too).
    public func capture(_ options: [String] = []) throws -> String {
        try run(["capture-pane", "-p", "-t", name] + options)
    }

    /// The visible screen, or empty once the pane has gone.
    public func screen() -> String { (try? capture()) ?? "" }

    /// A tmux format about the pane (`#{pane_pid}`, `#{cursor_x}`).
    public func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the session (and so the program) is still there.
    public var isRunning: Bool { (try? run(["has-session", "-t", name])) != nil }

    /// Ends the pane (and so the program) and the tmux server. Safe to call twice.
    public func kill() {
        guard !killed else { return }
        killed = true
        _ = try? run(["kill-server"])
        // The server leaves its socket file behind.
        if !socketPath.isEmpty { unlink(socketPath) }
    }

    /// Runs `tmux` against this pane's server.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        try Self.run(tmux, ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    /// Runs a program to its end outside any tmux the tests run in; returns its standard
    /// output, throws with its standard error. A ``ChildProcess``: a tmux server started through
    /// `Process` would inherit the test thread's blocked signals and could never be killed.
    public static func run(_ executable: String, _ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        return try ChildProcess.run(executable, arguments, environment: environment)
    }

    public static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
