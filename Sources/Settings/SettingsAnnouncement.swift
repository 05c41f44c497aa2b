/// A sentence to speak about a settings change, with its priority.
///
/// The priorities match the announcement priorities of the speech layer: errors are `high`
/// (they interrupt and are not interrupted by default speech).
public struct SettingsAnnouncement: Sendable, Equatable {
    public enum Priority: Sendable, Equatable, Comparable {
        case low, `default`, high
    }

    public var text: String
    public var priority: Priority

    public init(text: String, priority: Priority) {
        self.text = text
        self.priority = priority
    }
}
