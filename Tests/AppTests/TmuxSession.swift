import ChatTesting
import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// One tmux server of its own that runs one command in a real pseudo-terminal, for end-to-end tests.
///
/// Each session starts its server with `-L <unique socket> -f /dev/null`, so it never touches the
/// user's tmux servers nor reads their configuration, and it kills that server in `deinit` (or
/// earlier with ``kill()``). Keys go in with `send-keys`, the screen comes back with
/// `capture-pane -p`, and the speech log the client writes (`--speech-log`, JSON lines) is read
/// from its file. Waiting is polling with a timeout, never a long sleep.
///
/// ```swift
/// let session = try TmuxSession(command: ["/bin/sh", "-c", script], speechLog: log)
/// try session.send("Right")
/// let heard = try await session.waitForSpeech(after: 0) { $0.text == "Continue, button." }
/// ```
final class TmuxSession {
    /// Why a session could not do what it was asked; the message says what to do about it.

    /// One line of the speech log: `{"t","event","priority","voice","text"}`.
    struct SpeechEntry: Decodable, Equatable, CustomStringConvertible {
        let t: Double
        let event: String
        let priority: String
        let voice: String
        let text: String
        /// The languages other than the voice's own it was read in ("ru"), if any.
        let language: String?

        var description: String { "\(event) \(priority) \(voice): \(text)" + (language.map { " [\($0)]" } ?? "") }
    }

    /// The session name inside this session's own server.
    let name = "e2e"
    let socket: String
    let speechLogPath: String
    private var socketPath = ""
    private let tmuxPath: String
    private var killed = false

    /// Starts `tmux new-session -d -s e2e -x COLUMNS -y ROWS COMMAND…` on a fresh socket.
    ///
    /// Several command arguments are executed directly (no shell), so the caller decides quoting.
    /// Throws a ``Failure`` saying `apt-get install -y tmux` when tmux is missing.
    init(command: [String], columns: Int = 100, rows: Int = 40, speechLog: String) throws {
        guard let found = Self.findTmux() else {
            throw Failure("tmux is not installed; the end-to-end tests need it: apt-get install -y tmux")
        }
        tmuxPath = found
        socket = "earshot-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        speechLogPath = speechLog
        try tmux(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)"] + command)
        socketPath = (try? display("#{socket_path}")) ?? ""
    }

    deinit { kill() }

    /// Kills this session's server (and so the command in it). Safe to call twice.
    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"])
        // The server leaves its socket file behind.
        if !socketPath.isEmpty { unlink(socketPath) }
    }

    // MARK: Keys and screen

    /// Sends tmux key names, e.g. `"Right"`, `"S-Up"`, `"C-c"`, `"Escape"`, `"Enter"`.
    func send(_ keys: String...) throws { try send(keys) }

    /// Sends tmux key names in one write to the terminal.
    func send(_ keys: [String]) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Types text literally, one key per character.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// The visible pane (with `history`, the scrollback too), one line per row, trailing blank rows dropped.
    func screen(history: Bool = false) throws -> String {
        let range = history ? ["-S", "-"] : []
        var lines = try tmux(["capture-pane", "-p", "-t", name] + range).components(separatedBy: "\n")
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The visible pane with its colours and attributes as SGR escapes (`capture-pane -e`).
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    /// The focused element as the client draws it: the last line starting with "▸ ", without the mark.
    func focusLine() throws -> String? {
        try screen().components(separatedBy: "\n").last { $0.hasPrefix("▸ ") }.map { String($0.dropFirst(2)) }
    }

    /// A tmux format about the pane, e.g. `#{pane_tty}` or `#{pane_pid}`.
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the server still has the session (it goes when the command in it ends).
    var isRunning: Bool { (try? tmux(["has-session", "-t", name])) != nil }

    // MARK: Speech log

    /// Every complete line of the speech log that parses; a half-written last line is skipped.
    func speech() -> [SpeechEntry] {
        guard let data = FileManager.default.contents(atPath: speechLogPath),
            let text = String(data: data, encoding: .utf8)
        else { return [] }
        let decoder = JSONDecoder()
        return text.split(separator: "\n").compactMap { line in
            try? decoder.decode(SpeechEntry.self, from: Data(line.utf8))
        }
    }

    /// Only what the client asked to be spoken (`"event": "speak"`), in order.
    func spoken() -> [SpeechEntry] { speech().filter { $0.event == "speak" } }

    /// Waits for a spoken entry at an index of ``spoken()`` at or after `index` that matches.
    func waitForSpeech(
        after index: Int, timeout: Duration = .seconds(20), where matches: (SpeechEntry) -> Bool
    ) async throws -> SpeechEntry? {
        var found: SpeechEntry?
        _ = try await Self.waitUntil(timeout: timeout) {
            found = spoken().dropFirst(index).first(where: matches)
            return found != nil
        }
        return found
    }

    // MARK: Processes and the terminal

    /// The first process under the pane (the pane's own process included) whose name is `name`.
    func paneProcess(named processName: String) throws -> pid_t? {
        guard let root = pid_t(try display("#{pane_pid}")) else { return nil }
        var parents: [pid_t: pid_t] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (comm) ": state, then ppid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        func descends(_ pid: pid_t) -> Bool {
            var current = pid
            for _ in 0..<64 {
                if current == root { return true }
                guard let parent = parents[current], parent > 1 else { return false }
                current = parent
            }
            return false
        }
        let candidates = parents.keys.filter(descends).sorted()
        return candidates.first { pid in
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return comm.trimmingCharacters(in: .whitespacesAndNewlines) == processName
        }
    }

    /// `stty ARGUMENTS -F <pane tty>`, read from outside the pane.
    func stty(_ arguments: String...) throws -> String {
        let tty = try display("#{pane_tty}")
        return try Self.run("/bin/stty", arguments + ["-F", tty]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Waiting

    /// Polls `condition` every 50 ms until it holds or `timeout` passes; returns whether it held.
    static func waitUntil(timeout: Duration = .seconds(5), _ condition: () throws -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if try condition() { return true }
            if clock.now >= deadline { return false }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    // MARK: Running tools

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.run(tmuxPath, ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    /// Runs a program to its end; returns its standard output, throws with its standard error.
    /// A ``ChildProcess``: a tmux server started through `Process` would inherit the test
    /// thread's blocked signals and could never be killed.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        do {
            return try ChildProcess.run(executable, arguments, environment: environment)
        } catch let failure as Failure {
            throw Failure(failure.description)
        }
    }

    private static func findTmux() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        return directories.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
