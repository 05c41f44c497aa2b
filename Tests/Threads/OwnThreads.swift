import Dispatch
import Testing

/// Runs a suite's tests on threads of their own instead of Swift's cooperative pool.
///
/// The pool has one thread per core: two on a CI machine. A test that blocks a thread (a
/// process run to its end, `tmux capture-pane`, a socket read, a fixture waiting for its
/// server, a spin on a recorder) holds one of those two for as long as it blocks, and while
/// two such tests block, every other test in the process stops: an IRC client in another suite
/// cannot even read the lines its server already sent, and its deadline passes. Suites that
/// block carry this trait, so their waiting costs threads that nobody else needs.
///
/// ```swift
/// @Suite(.ownThreads) struct EndToEndTests { … }
/// ```
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite's own scope is entered once more for each test; one preference is enough.
        guard testCase != nil || !test.isSuite else { return try await function() }
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// See ``OwnThreads``.
    public static var ownThreads: Self { OwnThreads() }
}

/// Every job on a serial Dispatch queue of its own. Such queues run on Dispatch's overcommitting
/// threads, which grow when all are busy, so a job that blocks never holds up another.
public final class ThreadPerJobExecutor: TaskExecutor {
    public static let shared = ThreadPerJobExecutor()

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue(label: "earshot.tests.own-thread").async { job.runSynchronously(on: executor) }
    }
}
