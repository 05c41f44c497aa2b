/// How an utterance treats the speech around it: the one priority that announcements, the
/// speech queue and the transcript share.
///
/// Mirrors `UIAccessibility` announcement priority and ARIA live-region politeness:
/// - ``low``: polite; queued after current speech (incoming messages).
/// - ``default``: interrupts low and default speech, and may itself be interrupted (focus moves).
/// - ``high``: assertive; interrupts low and default speech and is not interrupted by default
///   speech (errors, disconnects).
///
/// Ordered by urgency: `.low < .default < .high`. The raw value is the transcript's spelling.
///
/// ```swift
/// engine.speak("Disconnected from irc.libera.chat", priority: .high)
/// SpeechPriority.low < .high // true
/// ```
public enum SpeechPriority: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    case low
    case `default`
    case high

    /// The position in order; inlinable, like `<`, so that comparisons on the speech path
    /// cost what they cost before the type moved to this module.
    @inlinable var rank: Int {
        switch self {
        case .low: 0
        case .default: 1
        case .high: 2
        }
    }

    @inlinable public static func < (lhs: SpeechPriority, rhs: SpeechPriority) -> Bool { lhs.rank < rhs.rank }
}
