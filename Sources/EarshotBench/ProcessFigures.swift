import RealParts
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

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
            let count = retryingOnInterrupt {
                chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            }
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
