/// One piece of text to speak, with its priority and voice.
public struct Utterance: Hashable, Sendable, Identifiable {
    /// Unique within one engine, increasing in submission order.
    public var id: UInt64
    public var text: String
    public var priority: SpeechPriority
    public var voice: VoiceRole
    /// A sound played before the text (the text may be empty: a sound alone).
    public var cue: SoundCue?
    /// Stretches of `text` read in another language, with a voice for it.
    public var languages: [LanguageRun]
    /// Whose voice says it, when speakers have voices of their own: the role's voice, changed to
    /// theirs (``VoiceFile/speaking(as:)``).
    public var speaker: SpeakerVoice?

    public init(
        id: UInt64, text: String, priority: SpeechPriority = .default, voice: VoiceRole = .reader, cue: SoundCue? = nil,
        languages: [LanguageRun] = [], speaker: SpeakerVoice? = nil
    ) {
        self.speaker = speaker
        self.languages = languages
        self.id = id
        self.cue = cue
        self.text = text
        self.priority = priority
        self.voice = voice
    }
}

extension Utterance {
    /// The text in pieces, each with its language (nil: the voice's own), in order.
    public var pieces: [(text: Substring, language: String?)] {
        guard !languages.isEmpty else { return [(text[...], nil)] }
        var result: [(text: Substring, language: String?)] = []
        let bytes = text.utf8
        var position = 0
        func index(_ offset: Int) -> String.Index {
            bytes.index(bytes.startIndex, offsetBy: min(max(offset, 0), bytes.count))
        }
        for run in languages where run.start >= position && run.count > 0 {
            if run.start > position { result.append((text[index(position)..<index(run.start)], nil)) }
            result.append((text[index(run.start)..<index(run.start + run.count)], run.language))
            position = run.start + run.count
        }
        if position < bytes.count { result.append((text[index(position)...], nil)) }
        return result.filter { !$0.text.allSatisfy(\.isWhitespace) }
    }
}
