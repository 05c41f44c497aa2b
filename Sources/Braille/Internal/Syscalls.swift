#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libc as the Braille module reaches it (BrlAPI itself is ``BrlAPI``): the one other file of
/// the module that imports Glibc, in the shape of swift-system's `Syscalls.swift`.
enum Libc {
    /// A pipe whose ends do not block and close on exec: (read, write), or (-1, -1).
    static func wakePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return (-1, -1) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }

    /// Writes one byte to `fd` (a wake-up).
    static func poke(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    /// Reads `fd` until it is empty (a non-blocking pipe's wake-ups).
    static func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fd, &buffer, buffer.count) > 0 {}
    }

    /// Sleeps `milliseconds`, or until `fds` are readable (`poll`; -1 waits without end).
    static func wait(readable fds: [Int32], milliseconds: Int32) {
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&polled, nfds_t(polled.count), milliseconds)
    }

    /// The environment variable `name`, read without Foundation.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Runs `body` on a detached thread of its own (`pthread_create`); false if there is none.
    static func detachedThread(_ body: @escaping () -> Void) -> Bool {
        final class Box {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let created = pthread_create(
            &thread, &attributes,
            { pointer in
                // pthread_create passes back the box it was given, never nil.
                guard let pointer else { return nil }
                Unmanaged<Box>.fromOpaque(pointer).takeRetainedValue().body()
                return nil
            }, box)
        guard created == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// SIGPIPE is not delivered to the calling thread: a write to a peer that died fails with
    /// EPIPE there instead of ending the process.
    static func blockBrokenPipeSignal() {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    /// Consumes a SIGPIPE left pending (blocked) by a write to a peer that had gone.
    static func consumePendingBrokenPipe() {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGPIPE)
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&mask, nil, &zero)
    }
}
