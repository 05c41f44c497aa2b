import Foundation
import RealParts
import TestThreads

@testable import Chat

/// Collects a client's events so a test can wait for the one it expects.
actor EventRecorder {
    private(set) var events: [ChatEvent] = []
    private var task: Task<Void, Never>?

    init(_ client: IRCClient) {
        let stream = client.events
        // On a thread of its own, as the suites that wait on it are: on Swift's pool, two
        // other tests blocking its two threads kept every event from being recorded (CI saw
        // a silent server's test record none in twenty seconds).
        Task(executorPreference: ThreadPerJobExecutor.shared) { await self.consume(stream) }
    }

    private func consume(_ stream: AsyncStream<ChatEvent>) async {
        for await event in stream { events.append(event) }
    }

    /// Waits until `predicate` holds for the events so far (or `timeout` passes).
    @discardableResult
    func wait(timeout: TimeInterval = 30, until predicate: ([ChatEvent]) -> Bool) async -> Bool {
        await waitUntil(timeout: .seconds(timeout), every: .milliseconds(20)) { predicate(events) }
    }

    func count(where predicate: (ChatEvent) -> Bool) -> Int { events.filter(predicate).count }

    /// All messages stored so far, flattened.
    var messages: [ChatMessage] {
        events.flatMap(\.storedMessages)
    }

    var delivered: [ChatMessage] {
        events.compactMap { if case .delivered(let message) = $0 { message } else { nil } }
    }
}

extension ChatEvent {
    var isSynced: Bool { if case .server(.synced, _) = self { true } else { false } }
    var isDisconnected: Bool { if case .disconnected = self { true } else { false } }
    var storedMessages: [ChatMessage] { if case .messages(let messages) = self { messages } else { [] } }
}
