import RealParts
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

    /// One line of the speech log: `{"t","event","priority","voice","text"}`.
    struct SpeechEntry: Decodable, Equatable, CustomStringConvertible {
        let t: Double
        let event: String
        let priority: String
        let voice: String
        let text: String
        /// The languages other than the voice's own it was read in ("ru"), if any.
        let language: String?
        /// The speaker's voice it was said in (1–8), when each person has one.
        let speaker: Int?

        var description: String { "\(event) \(priority) \(voice): \(text)" + (language.map { " [\($0)]" } ?? "") }
    }

    /// The pane the command runs in, on a tmux server of its own.
    let pane: TmuxPane
    let speechLogPath: String

    /// Starts `command` in a `columns` × `rows` pane of a fresh tmux server.
    ///
    /// Several command arguments are executed directly (no shell), so the caller decides quoting.
    /// Throws a ``Failure`` saying `apt-get install -y tmux` when tmux is missing.
    init(command: [String], columns: Int = 100, rows: Int = 40, speechLog: String) throws {
        pane = try TmuxPane(command: command, columns: columns, rows: rows)
        speechLogPath = speechLog
    }

    /// Kills this session's server (and so the command in it). Safe to call twice.
    func kill() { pane.kill() }

    // MARK: Keys and screen

    /// Sends tmux key names, e.g. `"Right"`, `"S-Up"`, `"C-c"`, `"Escape"`, `"Enter"`.
    func send(_ keys: String...) throws { try send(keys) }

    /// Sends tmux key names in one write to the terminal.
    func send(_ keys: [String]) throws {
        try pane.sendKeys(keys)
    }

    /// Pastes text as a terminal does (bracketed).
    func paste(_ text: String) throws { try pane.paste(text) }

    /// Types text literally, one key per character.
    func type(_ text: String) throws {
        try pane.type(text)
    }

    /// The visible pane (with `history`, the scrollback too), one line per row, trailing blank rows dropped.
    func screen(history: Bool = false) throws -> String {
        let range = history ? ["-S", "-"] : []
        var lines = try pane.capture(range).components(separatedBy: "\n")
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The visible pane with its colours and attributes as SGR escapes (`capture-pane -e`).
    func styledScreen() throws -> String {
        try pane.capture(["-e"])
    }

    /// The focused element as the client draws it: the last line starting with "▸ ", without the mark.
    func focusLine() throws -> String? {
        try screen().components(separatedBy: "\n").last { $0.hasPrefix("▸ ") }.map { String($0.dropFirst(2)) }
    }

    /// A tmux format about the pane, e.g. `#{pane_tty}` or `#{pane_pid}`.
    func display(_ format: String) throws -> String {
        try pane.display(format)
    }

    /// Whether the server still has the session (it goes when the command in it ends).
    var isRunning: Bool { pane.isRunning }

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
        return try TmuxPane.run("/bin/stty", arguments + ["-F", tty]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Waiting

    /// Polls `condition` every 50 ms until it holds or `timeout` passes; returns whether it held.
    static func waitUntil(timeout: Duration = .seconds(5), _ condition: () throws -> Bool) async throws -> Bool {
        try await RealParts.waitUntil(timeout: timeout, every: .milliseconds(50)) { try condition() }
    }
}
