#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Waits for an event, up to a deadline, blocking the calling thread (fixtures and other
/// synchronous code; async code awaits ``waitUntil(timeout:every:isolation:_:)``, which has
/// the same rules and suspends instead, and the compiler refuses this one there): checks
/// `condition` until it holds or `timeout` has passed, pausing `interval` between checks, and
/// returns whether it held. The one way the
/// tests and their fixtures wait: for something to happen, never for a fixed time. The last
/// check comes at the deadline, so a condition that holds just then still counts.
/// `condition` may throw to end the wait at once (a server that exited while it was awaited);
/// to end it early without an error, it returns true and the caller looks again.
///
/// ```swift
/// var accepting = false
/// waitBlocking(timeout: .seconds(60), every: .milliseconds(50)) {
///     accepting = InspIRCdFixture.accepts(port: port)
///     return accepting || !server.isRunning
/// }
/// guard accepting else { throw Failure("the server did not start on port \(port)") }
/// ```
@available(*, noasync, message: "it blocks the thread: async code awaits waitUntil(timeout:every:_:)")
@discardableResult
public func waitBlocking(
    timeout: Duration, every interval: Duration = .milliseconds(10), _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try condition() { return true }
        let left = deadline - ContinuousClock.now
        if left <= .zero { return false }
        sleepThread(for: min(interval, left))
    }
}

/// ``waitBlocking(timeout:every:_:)`` in async code: it suspends between checks instead of
/// blocking a thread, and `condition` runs in the caller's isolation, so an actor's method can
/// wait on its own state. A cancelled task makes one last check and stops waiting.
///
/// ```swift
/// let stopped = await waitUntil(timeout: .seconds(60)) { await !client.isRunning }
/// #expect(stopped)
/// ```
@discardableResult
public func waitUntil(
    timeout: Duration, every interval: Duration = .milliseconds(10),
    isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        let left = deadline - ContinuousClock.now
        if left <= .zero { return false }
        try? await Task.sleep(for: min(interval, left))
        if Task.isCancelled { return try await condition() }
    }
}

/// Blocks the calling thread for `duration` (a signal may end it sooner: the caller checks again).
private func sleepThread(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var time = timespec()
    time.tv_sec = .init(seconds)
    time.tv_nsec = .init(attoseconds / 1_000_000_000)
    _ = nanosleep(&time, nil)
}
