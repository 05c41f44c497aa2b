import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The write end of the running ``TerminalInput``'s wake-up pipe, or -1. An atomic, so the
/// SIGWINCH handler can read it without a lock.
private let resizePipe = Atomic<Int32>(-1)

/// SIGWINCH: wake the reader thread, which asks the terminal for its new size.
private func noteResize(_: Int32) {
    let fd = resizePipe.load(ordering: .acquiring)
    guard fd >= 0 else { return }
    let saved = errno
    var byte = TerminalInput.Wake.resize.rawValue
    _ = write(fd, &byte, 1)
    errno = saved
}

/// Routes SIGWINCH to one ``TerminalInput`` at a time.
enum TerminalInputSignals {
    private static let previous = Mutex<sigaction?>(nil)

    static func install(wakeFD: Int32) {
        _ = resizePipe.load(ordering: .relaxed)  // initialise the global before the handler can run
        resizePipe.store(wakeFD, ordering: .releasing)
        previous.withLock { previous in
            guard previous == nil else { return }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = noteResize
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            _ = sigaction(SIGWINCH, &action, &old)
            previous = old
        }
    }

    static func uninstall(wakeFD: Int32) {
        _ = resizePipe.compareExchange(expected: wakeFD, desired: -1, ordering: .acquiringAndReleasing)
        guard resizePipe.load(ordering: .acquiring) == -1 else { return }
        previous.withLock { previous in
            guard var old = previous else { return }
            _ = sigaction(SIGWINCH, &old, nil)
            previous = nil
        }
    }
}
