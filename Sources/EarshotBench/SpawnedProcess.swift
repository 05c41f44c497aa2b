import ChatTesting
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A program started with `posix_spawn` for the audio suite, with the pipes or the
/// pseudo-terminal the suite needs to talk to it: a recorder's stdout to read, a player's stdin
/// to feed, or a terminal to type into.
///
/// Signals are reset to their defaults in the child and none is blocked, as
/// `ChatTesting.ChildProcess` does. ``stop()`` sends SIGTERM, then SIGKILL, and reaps it.
///
/// ```swift
/// let recorder = try SpawnedProcess("/usr/bin/parec", ["--raw"], stdout: .pipe)
/// let bytes = read(recorder.output, &buffer, buffer.count)
/// recorder.stop()
/// ```
final class SpawnedProcess: @unchecked Sendable {

    /// Where one of the child's standard streams goes.
    enum Stream {
        case null
        case pipe
        /// A file (created or truncated).
        case file(String)
        /// The child's end of a pseudo-terminal (a path such as `/dev/pts/3`).
        case terminal(String)
    }

    let pid: pid_t
    /// The parent's end of the child's stdin pipe, or -1.
    let input: Int32
    /// The parent's end of the child's stdout pipe, or -1.
    let output: Int32
    private var reaped = false
    private let lock = NSLock()

    /// Starts `executable` with `environment` (the whole environment); `newSession` puts it in
    /// a session of its own, so a terminal opened on stdin becomes its controlling terminal.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null, newSession: Bool = false
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var closeInParent: [Int32] = []
        var input: Int32 = -1
        var output: Int32 = -1
        func plan(_ stream: Stream, descriptor: Int32, reading: Bool) throws {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .terminal(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_RDWR, 0)
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
                if reading { input = parentEnd } else { output = parentEnd }
            }
        }
        try plan(stdin, descriptor: 0, reading: true)
        try plan(stdout, descriptor: 1, reading: false)
        try plan(stderr, descriptor: 2, reading: false)

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
    var isRunning: Bool {
        lock.withLock {
            if reaped { return false }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result == -1 && errno == ECHILD) {
                reaped = true
                return false
            }
            return true
        }
    }

    /// Waits up to `seconds` for it to exit by itself; false when it is still running.
    func wait(seconds: Double) -> Bool {
        let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while isRunning {
            if monotonicNanoseconds() > deadline { return false }
            usleep(2_000)
        }
        return true
    }

    /// Sends SIGTERM (SIGKILL after `grace` seconds), reaps it, then closes the pipes. Safe twice.
    func stop(grace: Double = 2) {
        terminate(grace: grace)
        closePipes()
    }

    /// Sends SIGTERM (SIGKILL after `grace` seconds) and reaps it; the pipes stay open, so a
    /// thread still reading one sees its end rather than a closed descriptor.
    func terminate(grace: Double = 2) {
        if isRunning {
            kill(pid, SIGTERM)
            if !wait(seconds: grace) {
                kill(pid, SIGKILL)
                _ = wait(seconds: 10)
            }
        }
    }

    private var pipesClosed = false

    /// Closes the parent's ends of the pipes (the child sees end of input).
    func closePipes() {
        lock.withLock {
            guard !pipesClosed else { return }
            pipesClosed = true
            if input >= 0 { close(input) }
            if output >= 0 { close(output) }
        }
    }

    /// Writes all of `bytes` to the child's stdin; false when the pipe is gone.
    @discardableResult
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard input >= 0, var base = bytes.baseAddress else { return false }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(input, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            left -= written
            base += written
        }
        return true
    }
}
