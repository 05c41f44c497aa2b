/// A pthread mutex with a condition variable, for the engine's and the player's threads, which
/// must sleep until work arrives (a `Mutex` cannot wait).
///
/// Sendable because every field is guarded: `state` is read and written only with `mutex`
/// held (every method takes it), and the two pointers never change after `init`. Its content
/// must be Sendable itself, as it passes between the threads that hold the lock in turn.
final class ConditionLock<State: Sendable>: @unchecked Sendable {
    private let mutex = Libc.makeMutex()
    private let condition = Libc.makeCondition()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    deinit {
        Libc.destroy(condition)
        Libc.destroy(mutex)
    }

    /// Runs `body` with the lock held.
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        Libc.lock(mutex)
        defer { Libc.unlock(mutex) }
        return try body(&state)
    }

    /// Runs `body` with the lock held, then wakes every waiter.
    func withLockThenBroadcast<R>(_ body: (inout State) throws -> R) rethrows -> R {
        Libc.lock(mutex)
        defer {
            Libc.broadcast(condition)
            Libc.unlock(mutex)
        }
        return try body(&state)
    }

    /// Waits until `ready(state)` holds (or `timeoutNanoseconds` pass), then runs `body` locked.
    func wait<R>(
        until ready: (State) -> Bool, timeoutNanoseconds: UInt64? = nil, then body: (inout State) throws -> R
    ) rethrows -> R {
        Libc.lock(mutex)
        defer { Libc.unlock(mutex) }
        if let timeoutNanoseconds {
            let deadline = SpeechClock.now() + timeoutNanoseconds
            while !ready(state) {
                if !Libc.wait(condition, mutex, untilNanoseconds: deadline) { break }
            }
        } else {
            while !ready(state) { Libc.wait(condition, mutex) }
        }
        return try body(&state)
    }
}
