/// How an utterance treats the speech around it.
///
/// - ``low``: queued after current speech (polite: incoming messages).
/// - ``default``: interrupts low and default speech, and may itself be interrupted (focus moves).
/// - ``high``: interrupts low and default speech and is not interrupted by default speech
///   (errors, disconnects).
public enum SpeechPriority: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    case low
    case `default`
    case high

    private var rank: Int {
        switch self {
        case .low: 0
        case .default: 1
        case .high: 2
        }
    }

    public static func < (lhs: SpeechPriority, rhs: SpeechPriority) -> Bool { lhs.rank < rhs.rank }
}
