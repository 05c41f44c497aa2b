import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What the signal handler needs, in plain memory it can read without locks or allocation.
///
/// Written only by ``RawModeSignals/install(input:saved:output:reset:)`` and
/// ``RawModeSignals/uninstall()`` with the handled signals blocked in the calling thread,
/// and before the handlers are installed or after they are removed.
nonisolated(unsafe) private var signalInput: Int32 = -1
nonisolated(unsafe) private var signalOutput: Int32 = -1
nonisolated(unsafe) private var signalSaved = termios()
nonisolated(unsafe) private var signalReset: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var signalResetCount = 0
nonisolated(unsafe) private var previousActions: [Int32: sigaction] = [:]

/// The handler: put the terminal back, then die of the same signal.
private func restoreTerminalAndReraise(_ signalNumber: Int32) {
    if signalInput >= 0 {
        if let reset = signalReset, signalResetCount > 0 {
            _ = write(signalOutput, reset, signalResetCount)
        }
        _ = tcsetattr(signalInput, TCSANOW, &signalSaved)
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    _ = sigaction(signalNumber, &action, nil)
    // Delivered with the default action as soon as this handler returns and unblocks it.
    _ = raise(signalNumber)
}

/// Process-wide signal handlers that restore the terminal of the active ``RawMode``.
///
/// The first ``RawMode`` to enter owns them; another one entered meanwhile (say on a second
/// terminal) does not replace the saved settings, so a signal restores the first terminal.
enum RawModeSignals {
    private static let owner = Mutex<ObjectIdentifier?>(nil)

    /// The signals that end a process by default and can reach a raw terminal.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func install(owner: ObjectIdentifier, input: Int32, saved: termios, output: Int32, reset: [UInt8]) {
        let claimed = Self.owner.withLock { current in
            guard current == nil else { return false }
            current = owner
            return true
        }
        guard claimed else { return }
        withSignalsBlocked {
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(reset.count, 1))
            pointer.initialize(from: reset, count: reset.count)
            signalReset?.deallocate()
            signalReset = pointer
            signalResetCount = reset.count
            signalSaved = saved
            signalOutput = output
            signalInput = input
            for signalNumber in signals {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = restoreTerminalAndReraise
                sigemptyset(&action.sa_mask)
                for other in signals { sigaddset(&action.sa_mask, other) }
                action.sa_flags = SA_RESTART
                var previous = sigaction()
                _ = sigaction(signalNumber, &action, &previous)
                if previousActions[signalNumber] == nil { previousActions[signalNumber] = previous }
            }
        }
    }

    static func uninstall(owner: ObjectIdentifier) {
        guard Self.owner.withLock({ $0 == owner }) else { return }
        defer { Self.owner.withLock { $0 = nil } }
        withSignalsBlocked {
            signalInput = -1
            for (signalNumber, previous) in previousActions {
                var previous = previous
                _ = sigaction(signalNumber, &previous, nil)
            }
            previousActions = [:]
            signalOutput = -1
            signalResetCount = 0
            signalReset?.deallocate()
            signalReset = nil
        }
    }

    /// Runs `body` with the handled signals blocked in this thread, so a handler here cannot
    /// see the globals half written. (A handler in another thread only reads `signalInput`
    /// first; it is set last and cleared first.)
    private static func withSignalsBlocked(_ body: () -> Void) {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in signals { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        body()
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
