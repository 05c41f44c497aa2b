/// One piece of text to speak, with its priority and voice.
public struct Utterance: Hashable, Sendable, Identifiable {
    /// Unique within one engine, increasing in submission order.
    public var id: UInt64
    public var text: String
    public var priority: SpeechPriority
    public var voice: VoiceRole
    /// A sound played before the text (the text may be empty: a sound alone).
    public var cue: SoundCue?

    public init(
        id: UInt64, text: String, priority: SpeechPriority = .default, voice: VoiceRole = .reader, cue: SoundCue? = nil
    ) {
        self.id = id
        self.cue = cue
        self.text = text
        self.priority = priority
        self.voice = voice
    }
}
