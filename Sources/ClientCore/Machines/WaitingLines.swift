/// Lines piped to the client (stdin is not a terminal) while it connects: they wait for the
/// first IRC channel, and go to it in order, or are refused aloud when none comes in time. A
/// `/quit` that ends the script first quits once they are done with.
///
/// ```swift
/// var waiting = WaitingLines()
/// waiting.add("hello", at: .zero)
/// waiting.channelOpened()  // Done(lines: ["hello"], quit: false)
/// ```
struct WaitingLines: Sendable {
    /// How long lines wait for the first channel: as long as the start waits for it.
    static let wait = ConnectionMachine.firstChannelWait

    private var lines: [String] = []
    private var due: Duration?
    private var quitWhenDone = false

    /// What to do with the lines now: send them, or refuse them (``tick(at:)``), then quit or not.
    struct Done: Equatable, Sendable {
        var lines: [String]
        var quit: Bool
    }

    var isEmpty: Bool { lines.isEmpty }

    /// When to be told the time, while lines wait.
    var nextDeadline: Duration? { due }

    /// A line to send once the first channel is open.
    mutating func add(_ line: String, at now: Duration) {
        lines.append(line)
        due = due ?? now + Self.wait
    }

    /// The script ended while lines wait: quit once they are sent or refused.
    mutating func quitWhenSent() { quitWhenDone = true }

    /// The first channel is open: the lines to send to it, in order.
    mutating func channelOpened() -> Done? { takeAll() }

    /// Time passed: the lines to refuse, when no channel came in time.
    mutating func tick(at now: Duration) -> Done? {
        guard let due, now >= due else { return nil }
        return takeAll()
    }

    private mutating func takeAll() -> Done? {
        guard !lines.isEmpty else { return nil }
        defer {
            lines = []
            due = nil
        }
        return Done(lines: lines, quit: quitWhenDone)
    }
}
