#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libc as the Speech module reaches it: the one file of the module that imports Glibc, in the
/// shape of swift-system's `Syscalls.swift` (libespeak-ng is ``Espeak``'s, libspeechd
/// ``SpeechDispatcher``'s). Each call is the system's, named for what it does here; a failure's
/// reason is read at once (``reason``, ``errorNumber``), before anything else can change `errno`.
enum Libc {
    /// `strerror(errno)`, read at once.
    static var reason: String { String(cString: strerror(errno)) }

    /// `errno`, read at once.
    static var errorNumber: Int32 { errno }

    // MARK: The process

    /// The value of the environment variable `name`, or nil.
    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Every `NAME=value` of the process environment (`environ`), in its order.
    static func environmentEntries() -> [String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            entries.append(String(cString: entry))
            pointer += 1
        }
        return entries
    }

    /// The working directory (`getcwd`), or nil.
    static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    // MARK: Files

    /// Whether `path` is there and may be read (`access`, `R_OK`).
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Whether `path`, its symbolic links followed, is a regular file (`stat`).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The names in `directory` (`readdir`, `.` and `..` included), or nil when it cannot be opened.
    static func directoryNames(_ directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                })
        }
        return names
    }

    /// What the symbolic link at `path` points to (`readlink`), or nil.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of the file at `path`, read through stdio, or nil when it cannot be opened or read.
    static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// A new file made from a `mkstemp` template ("…XXXXXX") and unlinked at once, so that it
    /// goes when its descriptor is closed: the descriptor, or -1 (see ``errorNumber``).
    static func makeUnlinkedTemporary(_ template: String) -> Int32 {
        var name = Array(template.utf8CString)
        let descriptor = mkstemp(&name)
        if descriptor >= 0 { unlink(name) }
        return descriptor
    }

    static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }

    /// A duplicate of `descriptor` that closes on exec (`dup`, `FD_CLOEXEC`), or -1 (see ``reason``).
    static func duplicateClosingOnExec(_ descriptor: Int32) -> Int32 {
        let duplicate = dup(descriptor)
        if duplicate >= 0 { _ = fcntl(duplicate, F_SETFD, FD_CLOEXEC) }
        return duplicate
    }

    /// Runs `body` with standard error sent to `/dev/null`, then puts it back (`dup`, `dup2`).
    static func withStandardErrorSilenced<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, 2)
            Glibc.close(null)
        }
        defer {
            if saved >= 0 {
                dup2(saved, 2)
                Glibc.close(saved)
            }
        }
        return try body()
    }

    /// `POLLRDHUP` (the peer closed its end), which Glibc shows only under `_GNU_SOURCE`.
    private static let pollReadHangUp: Int16 = 0x2000

    /// Whether `poll`, without waiting, reports the peer of the socket `descriptor` gone: hung
    /// up, closed its end (`POLLRDHUP`), an error, or the descriptor not open.
    static func peerHasGone(_ descriptor: Int32) -> Bool {
        let gone = Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL) | pollReadHangUp
        var watch = pollfd(fd: descriptor, events: Int16(POLLHUP) | pollReadHangUp, revents: 0)
        guard poll(&watch, 1, 0) > 0 else { return false }
        return watch.revents & gone != 0
    }

    // MARK: stdio streams

    /// An open stdio stream (`FILE *`).
    typealias File = UnsafeMutablePointer<FILE>

    /// Opens `path` with the `fopen` `mode` ("wb"), or nil (see ``reason``).
    static func openFile(_ path: String, mode: String) -> File? { fopen(path, mode) }

    /// Writes `items` to `file` as they lie in memory (`fwrite`, one item the element's size).
    static func write<Element>(_ items: UnsafeBufferPointer<Element>, to file: File) {
        guard let base = items.baseAddress else { return }
        fwrite(base, MemoryLayout<Element>.stride, items.count, file)
    }

    /// Moves `file`'s position back to its start (`fseek`, `SEEK_SET`).
    static func rewind(_ file: File) { fseek(file, 0, SEEK_SET) }

    /// Flushes and closes `file` (`fclose`); false when that failed.
    static func closeFile(_ file: File) -> Bool { fclose(file) == 0 }

    // MARK: Shared libraries

    /// Loads the shared library `name` with every symbol bound now, its symbols kept to itself
    /// (`dlopen`, `RTLD_NOW | RTLD_LOCAL`), or nil.
    static func openLibrary(_ name: String) -> UnsafeMutableRawPointer? { dlopen(name, RTLD_NOW | RTLD_LOCAL) }

    /// The address of `name` in a library from ``openLibrary(_:)`` (`dlsym`), or nil.
    static func symbol(_ name: String, in library: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        dlsym(library, name)
    }

    /// Frees memory a C library handed over to be freed (`free`).
    static func free(_ pointer: UnsafeMutableRawPointer?) { Glibc.free(pointer) }

    // MARK: Signals

    /// Runs `body` with SIGPIPE blocked on this thread, then drops a SIGPIPE it raised and
    /// unblocks it. Left alone when the thread already blocks SIGPIPE (it then handles its own).
    static func withBrokenPipeBlocked<R>(_ body: () -> R) -> R {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        defer {
            if sigismember(&previous, SIGPIPE) == 0 {
                var zero = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipe, nil, &zero)
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            }
        }
        return body()
    }

    // MARK: Threads

    /// A thread's identity (`pthread_t`).
    typealias Thread = pthread_t

    /// The calling thread (`pthread_self`).
    static func currentThread() -> Thread { pthread_self() }

    /// Runs `body` with the calling thread's cancellation held off (`pthread_setcancelstate`):
    /// a `pthread_cancel` takes effect only after it, never unwinding through it.
    static func withCancellationDisabled<R>(_ body: () -> R) -> R {
        var previous: Int32 = 0
        pthread_setcancelstate(Int32(PTHREAD_CANCEL_DISABLE), &previous)
        defer { pthread_setcancelstate(previous, nil) }
        return body()
    }

    /// What a new thread runs, handed over retained.
    private final class ThreadBody: Sendable {
        let run: @Sendable () -> Void
        let name: String  // for debuggers; Glibc here does not export pthread_setname_np
        init(_ run: @escaping @Sendable () -> Void, name: String) {
            self.run = run
            self.name = name
        }
    }

    /// `pthread_create` running `body`: its status, and the thread when that is 0 (otherwise
    /// `body` is released, not run).
    private static func create(
        name: String, _ body: @escaping @Sendable () -> Void
    ) -> (status: Int32, thread: Thread) {
        let context = Unmanaged.passRetained(ThreadBody(body, name: name)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                // pthread_create passes back the body it was given, never nil.
                guard let context else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        if status != 0 { Unmanaged<ThreadBody>.fromOpaque(context).release() }
        return (status, thread)
    }

    /// Starts `body` on a detached thread of its own (`pthread_create`, `pthread_detach`), for
    /// the threads the module cannot go on without. Whether the thread was made is not asked.
    static func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
        pthread_detach(create(name: name, body).thread)
    }

    /// Starts `body` on a detached thread of its own; false if none could be made, and then
    /// `body` does not run.
    static func tryStartThread(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let (status, thread) = create(name: name, body)
        guard status == 0 else { return false }
        pthread_detach(thread)
        return true
    }

    // MARK: Locks

    /// A pthread mutex, made by ``makeMutex()``; each is ended by `destroy`, as a condition is.
    typealias MutexPointer = UnsafeMutablePointer<pthread_mutex_t>
    /// A pthread condition variable, made by ``makeCondition()``.
    typealias ConditionPointer = UnsafeMutablePointer<pthread_cond_t>

    /// A new mutex with the default attributes (`pthread_mutex_init`).
    static func makeMutex() -> MutexPointer {
        let mutex = MutexPointer.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }

    /// A new condition variable whose timed waits count on the monotonic clock
    /// (`pthread_condattr_setclock`, `CLOCK_MONOTONIC`), as ``monotonicNanoseconds()`` does.
    static func makeCondition() -> ConditionPointer {
        let condition = ConditionPointer.allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        return condition
    }

    static func destroy(_ mutex: MutexPointer) {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    static func destroy(_ condition: ConditionPointer) {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    static func lock(_ mutex: MutexPointer) { pthread_mutex_lock(mutex) }
    static func unlock(_ mutex: MutexPointer) { pthread_mutex_unlock(mutex) }

    /// Wakes every thread waiting on `condition` (`pthread_cond_broadcast`).
    static func broadcast(_ condition: ConditionPointer) { pthread_cond_broadcast(condition) }

    /// Waits on `condition` with `mutex` released meanwhile (`pthread_cond_wait`).
    static func wait(_ condition: ConditionPointer, _ mutex: MutexPointer) { pthread_cond_wait(condition, mutex) }

    /// Waits on `condition` with `mutex` released meanwhile, at most until the monotonic clock
    /// reads `deadline` nanoseconds (`pthread_cond_timedwait`); false when the deadline passed.
    static func wait(_ condition: ConditionPointer, _ mutex: MutexPointer, untilNanoseconds deadline: UInt64) -> Bool {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &ts) != ETIMEDOUT
    }
}
