#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libc as the Terminal module reaches it, in the shape of swift-system's `Syscalls.swift`: the
/// module's one platform file for calls (the signal handlers, `RawModeSignals` and
/// `TerminalInputSignals`, are C by nature and keep their own). Each call is the system's, named
/// for what it does here; `errno` is read at once, before anything else can change it.
@usableFromInline
enum Libc {
    /// A call's failure: its `errno` (or the error number it returned).
    struct Failure: Error {
        var code: Int32
    }

    /// A terminal's settings (`termios`), saved and put back whole.
    typealias TerminalSettings = termios

    @usableFromInline static let standardInput: Int32 = STDIN_FILENO
    @usableFromInline static let standardOutput: Int32 = STDOUT_FILENO

    /// `errno`, read at once.
    static var errorNumber: Int32 { errno }

    /// The last call failed because a signal came (`EINTR`): it is tried again.
    static var interrupted: Bool { errno == EINTR }

    /// The last read failed for a reason other than a signal or nothing being ready.
    static var readFailed: Bool { errno != EINTR && errno != EAGAIN }

    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The controlling terminal (`/dev/tty`), open for reading and writing, or nil.
    static func openControllingTerminal() -> Int32? {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }

    static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }

    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Glibc.write(descriptor, bytes.baseAddress, bytes.count)
    }

    static func read(_ descriptor: Int32, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        Glibc.read(descriptor, bytes.baseAddress, bytes.count)
    }

    // MARK: Terminal settings

    /// The terminal's settings now (`tcgetattr`), or nil.
    static func settings(of descriptor: Int32) -> TerminalSettings? {
        var settings = termios()
        return tcgetattr(descriptor, &settings) == 0 ? settings : nil
    }

    /// Applies `settings` at once (`tcsetattr`, `TCSANOW`).
    @discardableResult
    static func apply(_ settings: TerminalSettings, to descriptor: Int32) -> Bool {
        var settings = settings
        return tcsetattr(descriptor, TCSANOW, &settings) == 0
    }

    /// `settings` with answers read at once and not echoed (no `ICANON`, no `ECHO`).
    static func quiet(_ settings: TerminalSettings) -> TerminalSettings {
        var quiet = settings
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        return quiet
    }

    /// `settings` with line editing, echo, signal keys, flow control and input translation off,
    /// 8-bit characters, and reads that return as soon as one byte is there (raw mode).
    static func raw(_ settings: TerminalSettings) -> TerminalSettings {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// The window size the terminal on `descriptor` reports (`TIOCGWINSZ`), or nil.
    static func windowSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    // MARK: Waiting

    /// The monotonic clock, in milliseconds.
    static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }

    /// Waits until one of `descriptors` (-1 skipped) can be read or `timeout` milliseconds pass
    /// (-1: no limit): which are ready, all false on the timeout, nil when `poll` failed (see
    /// ``interrupted``).
    static func waitReadable(_ descriptors: [Int32], timeout: Int32) -> [Bool]? {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&polled, nfds_t(polled.count), timeout)
        guard ready >= 0 else { return nil }
        return polled.map { $0.revents != 0 }
    }

    /// A pipe whose ends close on exec and never block, or the `errno` it failed with.
    static func wakePipe() -> Result<(read: Int32, write: Int32), Failure> {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failure(Failure(code: errno)) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return .success((ends[0], ends[1]))
    }

    // MARK: Threads

    typealias Thread = pthread_t

    /// What a thread runs, handed over retained.
    private final class ThreadBody: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `run` on a thread of its own (`pthread_create`); the error number when it could not.
    static func startThread(_ run: @escaping () -> Void) -> Result<Thread, Failure> {
        let context = Unmanaged.passRetained(ThreadBody(run)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return .failure(Failure(code: status))
        }
        return .success(thread)
    }

    /// Waits for `thread` to end, or, called on that thread itself, lets it end alone.
    static func finish(_ thread: Thread) {
        if pthread_equal(pthread_self(), thread) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// The value of the environment variable `name`, or nil.
    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
