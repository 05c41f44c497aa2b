import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A program started with `posix_spawn` and an empty signal mask, for the servers, tools and
/// clients that tests and benchmarks start and stop.
///
/// Test threads (Dispatch, Swift concurrency) block most signals, and `Process` passes that
/// mask on: a server started from them never sees SIGTERM or SIGCHLD, and `waitUntilExit()`
/// can wait forever for a child that has long exited. A server's output goes to files, not
/// pipes, because a daemon forked by the child would hold a pipe open forever; a recorder or a
/// player that does not fork gets a pipe (``Stream/pipe``), a client a terminal.
///
/// ```swift
/// let output = try ChildProcess.run("/usr/bin/pactl", ["info"])
/// let recorder = try ChildProcess("/usr/bin/parec", ["--raw"], stdout: .pipe)
/// read(recorder.output, &buffer, buffer.count)
/// recorder.stop()
/// ```
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        case null
        /// A pipe whose other end is ``input`` (stdin) or ``output`` (stdout).
        case pipe
        /// A file (created or truncated).
        case file(String)
        /// The child's end of a pseudo-terminal (a path such as `/dev/pts/3`).
        case terminal(String)
    }

    public let pid: pid_t
    /// The parent's end of the child's stdin pipe, or -1.
    public let input: Int32
    /// The parent's end of the child's stdout pipe, or -1.
    public let output: Int32
    /// The raw wait status once reaped. Reaping and noting it are one step under the lock:
    /// two threads asking at once must not both reap (the second would get ECHILD, not the status).
    private let status = Mutex<Int32?>(nil)
    private let pipesClosed = Mutex(false)

    /// Starts `executable`; `environment` replaces the whole environment; stdout and stderr go
    /// to the files named (or /dev/null).
    public convenience init(
        _ executable: String, _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: String = "/dev/null", errors: String = "/dev/null"
    ) throws {
        try self.init(
            executable, arguments, environment: environment, stdin: .null, stdout: .file(output),
            stderr: .file(errors))
    }

    /// Starts `executable` with `environment` (the whole environment) and its standard streams
    /// where they are asked to go; `newSession` puts it in a session of its own, so a terminal
    /// opened on stdin becomes its controlling terminal.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null, newSession: Bool = false
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var closeInParent: [Int32] = []
        // The parent's end of a pipe, or -1.
        func plan(_ stream: Stream, descriptor: Int32, reading: Bool) throws -> Int32 {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
                return -1
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                return -1
            case .terminal(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_RDWR, 0)
                return -1
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw Failure("pipe: \(String(cString: strerror(errno)))") }
                // Close-on-exec, so no other child inherits them (pipe2 is not in Swift's Glibc).
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let childEnd = reading ? ends[0] : ends[1]
                let parentEnd = reading ? ends[1] : ends[0]
                // dup2 clears close-on-exec on the child's copy.
                posix_spawn_file_actions_adddup2(&actions, childEnd, descriptor)
                closeInParent.append(childEnd)
                return parentEnd
            }
        }
        let input = try plan(stdin, descriptor: 0, reading: true)
        let output = try plan(stdout, descriptor: 1, reading: false)
        // stderr as a pipe is not read by anyone: it is planned like the others, and closed.
        let errors = try plan(stderr, descriptor: 2, reading: false)
        if errors >= 0 { closeInParent.append(errors) }
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
        for signal in [SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGTTIN, SIGTTOU, SIGTSTP, SIGWINCH] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        // POSIX_SPAWN_SETSID (glibc's spawn.h shows it only with _GNU_SOURCE).
        if newSession { flags |= 0x80 }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for argument in argv { free(argument) }
            for entry in envp { free(entry) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        for descriptor in closeInParent { close(descriptor) }
        guard spawned == 0 else {
            if input >= 0 { close(input) }
            if output >= 0 { close(output) }
            throw Failure("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        self.input = input
        self.output = output
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
            _ = retryingOnInterrupt { waitpid(pid, &raw, 0) }
            status = raw
            return raw
        }
    }

    /// Waits up to `seconds`; false when it is still running.
    public func wait(seconds: Double) -> Bool {
        waitBlocking(timeout: .seconds(seconds)) { !isRunning }
    }

    /// SIGTERM, then SIGKILL if it has not gone after `grace` seconds; waits for it.
    public func terminate(grace: Double = 1.5) {
        signal(SIGTERM)
        if !wait(seconds: grace) { signal(SIGKILL) }
        wait()
    }

    /// SIGTERM (SIGKILL after `grace` seconds), reaped, then the pipes closed. Safe twice.
    public func stop(grace: Double = 2) {
        terminate(grace: grace)
        closePipes()
    }

    /// Closes the parent's ends of the pipes (the child sees the end of its input). Safe twice.
    public func closePipes() {
        pipesClosed.withLock { closed in
            guard !closed else { return }
            closed = true
            if input >= 0 { close(input) }
            if output >= 0 { close(output) }
        }
    }

    /// Writes all of `bytes` to the child's stdin; false when the pipe is gone.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard input >= 0, var base = bytes.baseAddress else { return false }
        var left = bytes.count
        while left > 0 {
            let written = retryingOnInterrupt { Glibc.write(input, base, left) }
            if written < 0 { return false }
            left -= written
            base += written
        }
        return true
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
