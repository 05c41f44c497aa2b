#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libc as the Settings module reaches it: the one file of the module that imports Glibc, in the
/// shape of swift-system's `Syscalls.swift`. Each call is the system's, named for what it does
/// here; a failure's reason is read at once (``reason``), before anything else can change `errno`.
enum Libc {
    /// `strerror(errno)`, read at once.
    static var reason: String { String(cString: strerror(errno)) }

    /// The last call failed because a signal came (`EINTR`): it is tried again.
    static var interrupted: Bool { errno == EINTR }

    /// The permission bits of `path` (`stat`'s `st_mode & 0o7777`), or nil when it is not there.
    static func permissions(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode & 0o7777)
    }

    /// A new temporary file from a `mkstemp` template ("…XXXXXX", NUL-ended), which becomes its
    /// name; its descriptor, or -1.
    static func makeTemporary(_ template: inout [CChar]) -> Int32 {
        template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
    }

    /// Gives the open file `mode` and flushes it to the disk (`fchmod`, `fsync`).
    static func settle(_ descriptor: Int32, mode: UInt32) -> Bool {
        fchmod(descriptor, mode_t(mode)) == 0 && fsync(descriptor) == 0
    }

    static func close(_ descriptor: Int32) -> Bool { Glibc.close(descriptor) == 0 }
    static func rename(_ from: String, to: String) -> Bool { Glibc.rename(from, to) == 0 }
    static func unlink(_ path: String) { _ = Glibc.unlink(path) }

    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Glibc.write(descriptor, bytes.baseAddress, bytes.count)
    }

    static func read(_ descriptor: Int32, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        Glibc.read(descriptor, bytes.baseAddress, bytes.count)
    }

    /// An inotify descriptor watching `directory` for files written, created, moved or
    /// deleted in it; nil (with ``reason``'s words in `failed`) when it cannot be had.
    static func watch(_ directory: String, failed: inout String) -> Int32? {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            failed = "cannot start inotify: \(reason)"
            return nil
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            failed = "cannot watch \(directory): \(reason)"
            _ = Glibc.close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The size of inotify's event header, before each event's name.
    static let inotifyHeader = MemoryLayout<inotify_event>.size

    /// A pipe whose ends do not block and close on exec: (read, write), or nil.
    static func wakePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    /// Waits up to `timeout` milliseconds (-1: without end) for `descriptors` to be readable:
    /// which are, or nil when the wait failed for another reason than a signal.
    static func waitReadable(_ descriptors: [Int32], timeout: Int32) -> [Bool]? {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        if ready < 0 { return errno == EINTR ? descriptors.map { _ in false } : nil }
        return fds.map { $0.revents != 0 }
    }

    /// The monotonic clock, in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
