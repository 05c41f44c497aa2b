import ChatTesting
import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// One program in a tmux pane of a private tmux server (its own socket, no user config), as a
/// person would run it in a terminal: keys are sent, the screen is read. The pane's shell
/// `exec`s the program, so ``pid`` is the program's own process.
final class TmuxPane {

    private let socket = "earshot-bench-\(UUID().uuidString.prefix(8))"
    private let tmux: String
    /// The program's process (the pane's, which `exec`s into it).
    private(set) var pid: pid_t = 0

    /// Starts `/bin/sh -c script` in a `columns` × `rows` pane. A script that begins with
    /// `read go;` waits for `sendKeys(["Enter"])`, so ``record(to:)`` sees its first byte.
    init(script: String, columns: Int = 120, rows: Int = 40) throws {
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first(where: FileManager.default.isExecutableFile) else {
            throw Failure("tmux is not installed. Install it with: apt-get install -y tmux")
        }
        self.tmux = tmux
        try run(["new-session", "-d", "-s", "pane", "-x", String(columns), "-y", String(rows), "/bin/sh", "-c", script])
        pid = pid_t(try run(["display", "-p", "-t", "pane", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Records every byte the program writes to its terminal into `path`.
    func record(to path: String) throws { try run(["pipe-pane", "-o", "-t", "pane", "cat >> " + Self.quote(path)]) }

    func sendKeys(_ keys: [String]) throws { try run(["send-keys", "-t", "pane"] + keys) }

    /// The visible screen, as text.
    func screen() -> String { (try? run(["capture-pane", "-p", "-t", "pane"])) ?? "" }

    /// Ends the pane (and so the program) and the tmux server.
    func kill() { _ = try? run(["kill-server"]) }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        return try ChildProcess.run(tmux, ["-L", socket, "-f", "/dev/null"] + arguments, environment: environment)
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// What `/proc` says of a running process: its memory and the CPU time it has used.
struct ProcessFigures {
    let pid: pid_t

    /// Resident memory now, in MiB (VmRSS; nil once it has gone).
    var residentMegabytes: Double? { statusField("VmRSS:") }
    /// The most resident memory it ever had, in MiB (VmHWM).
    var peakResidentMegabytes: Double? { statusField("VmHWM:") }

    /// User plus system CPU time so far, in seconds (`/proc/PID/stat` utime + stime).
    var cpuSeconds: Double? {
        guard let stat = readWhole("/proc/\(pid)/stat"),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    var isAlive: Bool { Glibc.kill(pid, 0) == 0 && !(status?.contains("State:\tZ") ?? true) }

    /// Resident memory by where it is mapped (`/proc/PID/smaps`), in MiB: each file's name,
    /// `[heap]`, `[stack]`, and `[anonymous]` for the rest (thread stacks, malloc arenas, bss).
    func residentByMapping() -> [String: Double] {
        guard let smaps = readWhole("/proc/\(pid)/smaps") else { return [:] }
        var sizes: [String: Double] = [:]
        var name = "[anonymous]"
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                name = fields.count > 5 ? fields[5...].joined(separator: " ") : "[anonymous]"
            } else if fields.first == "Rss:", fields.count > 1, let kilobytes = Double(fields[1]) {
                sizes[name, default: 0] += kilobytes / 1024
            }
        }
        return sizes
    }

    private var status: String? { readWhole("/proc/\(pid)/status") }

    /// A `/proc` file to its end: they report no size, and Foundation's readers stop short.
    private func readWhole(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func statusField(_ name: String) -> Double? {
        guard let line = status?.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        return Double(line.filter(\.isNumber)).map { $0 / 1024 }
    }
}
