/// One piece of text to speak, with its priority and voice.
public struct Utterance: Hashable, Sendable, Identifiable {
    /// Unique within one engine, increasing in submission order.
    public var id: UInt64
    public var text: String
    public var priority: SpeechPriority
    public var voice: VoiceRole

    public init(id: UInt64, text: String, priority: SpeechPriority = .default, voice: VoiceRole = .reader) {
        self.id = id
        self.text = text
        self.priority = priority
        self.voice = voice
    }
}
