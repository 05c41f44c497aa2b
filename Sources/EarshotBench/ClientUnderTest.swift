import RealParts
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The real `earshot` binary (built beside this one) in a tmux pane of its own, connected to a
/// server on loopback, with every byte it writes to the terminal recorded (`pipe-pane`), its
/// speech log, and its history database: what the fault suites watch from outside.
final class ClientUnderTest {

    let folder: String
    let channel: String
    private let pane: TmuxPane
    /// The client's process (the pane's, which `exec`s into it).
    var pid: pid_t { pane.pid }

    var rawOutputPath: String { folder + "/pty.raw" }
    var speechLogPath: String { folder + "/speech.jsonl" }
    var databasePath: String { folder + "/data/earshot/earshot.sqlite" }

    init(port: Int, channel: String, nick: String) throws {
        self.channel = channel
        folder = NSTemporaryDirectory() + "earshot-fault-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/config/earshot", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try "[text]\nsize = \"large\"\n".write(
            toFile: folder + "/config/earshot/config.toml", atomically: false, encoding: .utf8)
        let earshot = try Self.earshotBinary()
        let voices = Self.checkout + "/voices"
        let q = TmuxPane.quote
        // The pane waits for a line before starting the client, so pipe-pane sees its first byte.
        let script = """
            read go; exec env -u COLUMNS -u LINES -u NO_COLOR XDG_CONFIG_HOME=\(q(folder + "/config")) \
            XDG_DATA_HOME=\(q(folder + "/data")) TERM=xterm-256color EARSHOT_VOICES=\(q(voices)) \
            \(q(earshot)) --server 127.0.0.1:\(port) --nick \(q(nick)) --channel \(q(channel)) \
            --speech off --speech-log \(q(folder + "/speech.jsonl"))
            """
        pane = try TmuxPane(script: script)
        try pane.record(to: rawOutputPath)
        try pane.sendKeys(["Enter"])
    }

    private var process: ProcessFigures { ProcessFigures(pid: pid) }

    /// Whether the client's process is still there.
    var isAlive: Bool { pid > 0 && process.isAlive }

    /// Resident memory now, in MiB (nil once it has gone).
    var residentMegabytes: Double? { process.residentMegabytes }
    /// The most resident memory it ever had, in MiB.
    var peakResidentMegabytes: Double? { process.peakResidentMegabytes }

    /// Speech log lines so far.
    func spoken() -> [String] {
        ((try? String(contentsOfFile: speechLogPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits up to `seconds` for `condition`, checking every 100 ms.
    func wait(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date() + seconds
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try condition()
    }

    /// Waits until the client has joined its channel (its heading is spoken).
    func waitForJoin(seconds: Double = 60) throws {
        let heading = "\"text\": \"hash " + channel.dropFirst()
        guard wait(seconds: seconds, { spoken().contains { $0.contains(heading) } }) else {
            throw Failure("the client did not join \(channel) within \(Int(seconds)) s:\n\(screen().suffix(1500))")
        }
    }

    /// One value or rows from its history (`sqlite3`, read-only).
    func sql(_ query: String) -> String {
        guard FileManager.default.fileExists(atPath: databasePath) else { return "" }
        return (try? ChildProcess.run("/usr/bin/sqlite3", ["-readonly", databasePath, query])) ?? ""
    }

    func sendKeys(_ keys: String...) throws { try pane.sendKeys(keys) }

    func screen() -> String { pane.screen() }

    /// Stops the pane and its tmux server; the folder stays for inspection unless `remove`.
    func stop(remove: Bool) {
        pane.kill()
        if remove { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// The checkout (for `voices/`), from this file's path.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `earshot`, built beside this benchmark (`swift build -c release` builds both).
    static func earshotBinary() throws -> String {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("earshot").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw Failure("no earshot binary at \(candidate): run `swift build -c release` first")
        }
        return candidate
    }
}
