/// One line of a speech transcript.
///
/// The line is a JSON object:
/// `{"t": 120, "event": "speak", "priority": "default", "voice": "hint", "text": "Press Enter …"}`
/// where `t` is milliseconds since the start and `event` is `speak`, `cancel` or `done`.
public struct TranscriptEvent: Hashable, Sendable, Codable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable, Codable {
        case speak
        case cancel
        case done
    }

    /// Milliseconds since the transcript started.
    public var t: Double
    /// What happened.
    public var event: Kind
    /// `low`, `default` or `high`.
    public var priority: String?
    /// The voice role ("element", "hint", "announcement").
    public var voice: String?
    /// What was spoken.
    public var text: String?

    public init(t: Double, event: Kind, priority: String? = nil, voice: String? = nil, text: String? = nil) {
        self.t = t
        self.event = event
        self.priority = priority
        self.voice = voice
        self.text = text
    }
}
