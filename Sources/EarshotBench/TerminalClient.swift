import RealParts
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The real `earshot` binary on a pseudo-terminal of this process's own, so a key is the
/// moment its bytes are written to the terminal, with no tmux or shell between.
///
/// Everything the client draws is read and thrown away on a thread of its own (a full terminal
/// would block the client). The speech log (`--speech-log`) says when it is ready.
///
/// ```swift
/// let client = try TerminalClient(earshot: path, arguments: ["--speech", "audio"], environment: env)
/// client.type([0x1B, 0x5B, 0x43])   // Right
/// client.stop()
/// ```
/// Unchecked, guarded by hand: `drainEnded` is touched only with `drained` locked; the rest
/// never changes after `init`.
final class TerminalClient: @unchecked Sendable {
    private let master: Int32
    private let process: ChildProcess
    private let drained = NSCondition()
    private var drainEnded = false

    init(earshot: String, arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 40) throws
    {
        var master: Int32 = -1
        var child: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &child, nil, nil, &size) == 0 else {
            throw Failure("openpty: \(String(cString: strerror(errno)))")
        }
        var name = [CChar](repeating: 0, count: 128)
        let named = ttyname_r(child, &name, name.count)
        // The child opens the terminal by its path, after setsid, so it becomes its controlling
        // terminal; this process keeps only the other end once the child has started.
        defer { close(child) }
        guard named == 0 else {
            close(master)
            throw Failure("ttyname_r: \(String(cString: strerror(named)))")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            process = try ChildProcess(
                earshot, arguments, environment: environment, stdin: .terminal(path), stdout: .terminal(path),
                stderr: .terminal(path), newSession: true)
        } catch {
            close(master)
            throw error
        }
        self.master = master
        let thread = Thread { [self] in drain() }
        thread.name = "terminal-drain"
        thread.start()
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = retryingOnInterrupt { buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) } }
            // EIO once the client has gone and the terminal has no other user.
            if count <= 0 { break }
        }
        drained.withLock {
            drainEnded = true
            drained.broadcast()
        }
    }

    /// Whether the client is still running.
    var isRunning: Bool { process.isRunning }

    /// Writes `bytes` to the terminal, as a key press does; returns the time just before.
    @discardableResult
    func type(_ bytes: [UInt8]) -> UInt64 {
        let begin = monotonicNanoseconds()
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = retryingOnInterrupt {
                    write(master, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                }
                if written < 0 { return }
                offset += written
            }
        }
        return begin
    }

    /// Stops the client and closes the terminal.
    func stop() {
        process.stop()
        drained.lock()
        let deadline = Date() + 5
        while !drainEnded && drained.wait(until: deadline) {}
        let ended = drainEnded
        drained.unlock()
        // A reader still blocked would read a reused descriptor; leave it open in that case.
        if ended { close(master) }
    }
}
