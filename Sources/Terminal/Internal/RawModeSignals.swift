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
/// The actions that were in place before ours, indexed by signal number; allocated once and
/// never freed, so a handler can always read it.
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>?
private let signalTableSize = 65

/// Writes the mode resets and the saved settings back. Only async-signal-safe calls.
private func restoreTerminalFromHandler() {
    guard signalInput >= 0 else { return }
    if let reset = signalReset, signalResetCount > 0 {
        _ = write(signalOutput, reset, signalResetCount)
    }
    _ = tcsetattr(signalInput, TCSANOW, &signalSaved)
}

/// The handler for signals that end the process: put the terminal back, then die of the
/// same signal.
private func restoreTerminalAndReraise(_ signalNumber: Int32) {
    restoreTerminalFromHandler()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    _ = sigaction(signalNumber, &action, nil)
    // Delivered with the default action as soon as this handler returns and unblocks it.
    _ = raise(signalNumber)
}

/// The handler for crashes (a trap, a bad access, an abort): put the terminal back, then hand
/// the signal to whoever handled it before (such as Swift's backtracer), or die of it.
private func restoreTerminalAndChain(
    _ signalNumber: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    restoreTerminalFromHandler()
    var previous = sigaction()
    previous.__sigaction_handler.sa_handler = SIG_DFL
    if let table = previousActions, signalNumber >= 0, signalNumber < signalTableSize {
        previous = table[Int(signalNumber)]
    }
    _ = sigaction(signalNumber, &previous, nil)
    if previous.sa_flags & SA_SIGINFO != 0, let chained = previous.__sigaction_handler.sa_sigaction {
        chained(signalNumber, info, context)
        return
    }
    let handler = previous.__sigaction_handler.sa_handler
    let address = unsafeBitCast(handler, to: Int.self)
    if address != unsafeBitCast(SIG_DFL, to: Int.self), address != unsafeBitCast(SIG_IGN, to: Int.self),
        let handler
    {
        handler(signalNumber)
        return
    }
    // Default action: pending until this handler returns; a faulting instruction also faults again.
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
    /// Crashes: the terminal is restored, then the previous handler (or the default) runs.
    static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

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
            let table =
                previousActions
                ?? {
                    let table = UnsafeMutablePointer<sigaction>.allocate(capacity: signalTableSize)
                    table.initialize(repeating: sigaction(), count: signalTableSize)
                    return table
                }()
            previousActions = table
            for signalNumber in signals + crashSignals {
                var action = sigaction()
                if crashSignals.contains(signalNumber) {
                    action.__sigaction_handler.sa_sigaction = restoreTerminalAndChain
                    action.sa_flags = SA_SIGINFO | Int32(SA_ONSTACK)
                } else {
                    action.__sigaction_handler.sa_handler = restoreTerminalAndReraise
                    action.sa_flags = SA_RESTART
                }
                sigemptyset(&action.sa_mask)
                for other in signals { sigaddset(&action.sa_mask, other) }
                _ = sigaction(signalNumber, &action, &table[Int(signalNumber)])
            }
        }
    }

    static func uninstall(owner: ObjectIdentifier) {
        guard Self.owner.withLock({ $0 == owner }) else { return }
        defer { Self.owner.withLock { $0 = nil } }
        withSignalsBlocked {
            signalInput = -1
            if let table = previousActions {
                for signalNumber in signals + crashSignals {
                    _ = sigaction(signalNumber, &table[Int(signalNumber)], nil)
                }
            }
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
