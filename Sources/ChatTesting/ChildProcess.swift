import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A program started with `posix_spawn` and an empty signal mask, for servers and tools that
/// tests start and stop.
///
/// Test threads (Dispatch, Swift concurrency) block most signals, and `Process` passes that
/// mask on: a server started from them never sees SIGTERM or SIGCHLD, and `waitUntilExit()`
/// can wait forever for a child that has long exited. Output goes to files, not pipes, because
/// a daemon forked by the child would hold a pipe open forever.
///
/// ```swift
/// let output = try ChildProcess.run("/usr/bin/pactl", ["info"])
/// ```
public final class ChildProcess: Sendable {

    public let pid: pid_t
    /// The raw wait status once reaped. Reaping and noting it are one step under the lock:
    /// two threads asking at once must not both reap (the second would get ECHILD, not the status).
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable`; `environment` replaces the whole environment; stdout and stderr go
    /// to the files named (or /dev/null).
    public init(
        _ executable: String, _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: String = "/dev/null", errors: String = "/dev/null"
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Nothing else of the test process: a socket of an IRC client under test, inherited by
        // an Xvfb, would keep that connection open after the client closed it.
        // (glibc 2.34's posix_spawn_file_actions_addclosefrom_np; Swift's Glibc module hides it.)
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGTTIN, SIGTTOU, SIGTSTP] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for argument in argv { free(argument) }
            for entry in envp { free(entry) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
    }

    /// Whether it has not exited yet (reaps it when it has).
    public var isRunning: Bool {
        status.withLock { status in
            if status != nil { return false }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid || (result == -1 && errno == ECHILD) {
                status = raw
                return false
            }
            return true
        }
    }

    /// Sends `signal`.
    public func signal(_ signal: Int32) {
        if status.withLock({ $0 }) == nil { Glibc.kill(pid, signal) }
    }

    /// Waits for the exit; returns the raw wait status.
    @discardableResult
    public func wait() -> Int32 {
        status.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
            status = raw
            return raw
        }
    }

    /// Waits up to `seconds`; false when it is still running.
    public func wait(seconds: Double) -> Bool {
        let deadline = Date() + seconds
        while isRunning {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    /// SIGTERM, then SIGKILL if it has not gone after `grace` seconds; waits for it.
    public func terminate(grace: Double = 1.5) {
        signal(SIGTERM)
        if !wait(seconds: grace) { signal(SIGKILL) }
        wait()
    }

    /// Runs `executable` to its end and returns its output; throws with its errors when it
    /// fails.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String {
        let base = NSTemporaryDirectory() + "earshot-run-\(UUID().uuidString)"
        let outputPath = base + ".out"
        let errorPath = base + ".err"
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        let child = try ChildProcess(
            executable, arguments, environment: environment, output: outputPath, errors: errorPath)
        let status = child.wait()
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS, spelled out: Glibc's macros do not import.
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let message = ((try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let how = exited ? "exited \(code)" : "died of signal \(status & 0x7f)"
            throw Failure("\(executable) \(arguments.joined(separator: " ")) \(how): \(message)")
        }
        return output
    }
}
