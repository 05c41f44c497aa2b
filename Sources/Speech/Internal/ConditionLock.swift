#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A pthread mutex with a condition variable, for the engine's and the player's threads, which
/// must sleep until work arrives (a `Mutex` cannot wait).
///
/// Sendable because every field is guarded: `state` is read and written only with `mutex`
/// held (every method takes it), and the two pointers never change after `init`. Its content
/// must be Sendable itself, as it passes between the threads that hold the lock in turn.
final class ConditionLock<State: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var state: State

    init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` with the lock held.
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Runs `body` with the lock held, then wakes every waiter.
    func withLockThenBroadcast<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Waits until `ready(state)` holds (or `timeoutNanoseconds` pass), then runs `body` locked.
    func wait<R>(
        until ready: (State) -> Bool, timeoutNanoseconds: UInt64? = nil, then body: (inout State) throws -> R
    ) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let timeoutNanoseconds {
            let deadline = SpeechClock.now() + timeoutNanoseconds
            var ts = timespec(
                tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            while !ready(state) {
                if pthread_cond_timedwait(condition, mutex, &ts) == ETIMEDOUT { break }
            }
        } else {
            while !ready(state) { pthread_cond_wait(condition, mutex) }
        }
        return try body(&state)
    }
}

/// Starts a detached pthread running `body`.
func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        let name: String  // for debuggers; Glibc here does not export pthread_setname_np
        init(_ body: @escaping @Sendable () -> Void, _ name: String) {
            self.body = body
            self.name = name
        }
    }
    let box = Unmanaged.passRetained(Box(body, name)).toOpaque()
    var thread = pthread_t()
    pthread_create(
        &thread, nil,
        { raw in
            guard let raw else { return nil }
            let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
            box.body()
            return nil
        }, box)
    pthread_detach(thread)
}
