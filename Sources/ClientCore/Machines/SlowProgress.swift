/// Progress said only when the answer is slow: on a quick server the listener hears "Joined
/// #a" alone, not "Joining #a" and "Joined #a" at once. Each step a command waits for from the
/// server has its words, said once ``after`` has passed with no answer.
///
/// ```swift
/// var progress = SlowProgress()
/// progress.expect(.join("#a"), .command(.joining("#a")), at: .zero)
/// progress.tick(at: .seconds(1))  // [.command(.joining("#a"))]
/// ```
struct SlowProgress: Sendable {
    /// How long an answer may take before its progress is said.
    static let after: Duration = .seconds(1)

    /// What a command waits for from the server.
    enum Step: Hashable, Sendable {
        /// The channel (folded) to be joined.
        case join(String)
        /// The nick asked for.
        case nick
        /// The channel (folded) to be left.
        case part(String)
        /// A try to connect again, asked for with /reconnect.
        case reconnect
    }

    private var waiting: [Step: (due: Duration, fact: Fact)] = [:]

    /// When to be told the time, while an answer is awaited.
    var nextDeadline: Duration? { waiting.values.map(\.due).min() }

    /// `step` is asked of the server; `fact` is said if its answer is slow.
    mutating func expect(_ step: Step, _ fact: Fact, at now: Duration) { waiting[step] = (now + Self.after, fact) }

    /// The answer to `step` came: its progress is not said.
    mutating func answered(_ step: Step) { waiting[step] = nil }

    /// A refusal, an error or a loss answers everything that was waiting ("Joining #b" is not
    /// said after it).
    mutating func answerAll() { waiting = [:] }

    /// Time passed: the progress whose answer is late, to say now (each once).
    mutating func tick(at now: Duration) -> [Fact] {
        let late = waiting.filter { $0.value.due <= now }
        for step in late.keys { waiting[step] = nil }
        return late.values.sorted { $0.due < $1.due }.map(\.fact)
    }
}
