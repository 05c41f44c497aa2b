/// One line of a speech transcript: the schema that the speech engine writes and the tests read.
///
/// On disk a transcript is JSON lines, one record per line, keys in this order:
/// `{"t": 12, "event": "speak", "priority": "default", "voice": "reader", "text": "Send, button."}`
/// where `t` is milliseconds since the transcript started. ``jsonLine`` writes a record;
/// `JSONDecoder` reads it back through `Codable`, with the same ``CodingKeys``.
///
/// ```swift
/// let record = TranscriptRecord(t: 12, event: .speak, priority: .low, voice: .hint,
///                               text: "Press Enter to send.")
/// record.jsonLine
/// // {"t": 12, "event": "speak", "priority": "low", "voice": "hint", "text": "Press Enter to send."}
/// try JSONDecoder().decode(TranscriptRecord.self, from: Data(record.jsonLine.utf8)) == record
/// ```
public struct TranscriptRecord: Hashable, Sendable, Codable {
    /// What happened to an utterance.
    public enum Event: String, Hashable, Sendable, CaseIterable, Codable {
        /// The utterance started to sound.
        case speak
        /// The utterance was interrupted, or dropped from the queue before it sounded.
        case cancel
        /// The utterance was spoken to its end.
        case done
    }

    /// The keys, in the order ``jsonLine`` writes them.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case t, event, priority, voice, speaker, text, language
    }

    /// Milliseconds since the transcript started.
    public var t: UInt64
    /// What happened.
    public var event: Event
    /// How the utterance queued.
    public var priority: SpeechPriority
    /// The role of the voice that said it.
    public var voice: VoiceRole
    /// The speaker's voice it was said in (``SpeakerVoice/number``, from 1), written only when
    /// it was one (`speech.speaker_voices`).
    public var speaker: Int?
    /// What was (or was to be) spoken.
    public var text: String
    /// The languages other than the voice's own that parts of it were read in ("ru", or
    /// "ru,cmn"), written only when there are some.
    public var language: String?

    public init(
        t: UInt64, event: Event, priority: SpeechPriority = .default, voice: VoiceRole = .reader,
        text: String = "", language: String? = nil, speaker: Int? = nil
    ) {
        self.speaker = speaker
        self.language = language
        self.t = t
        self.event = event
        self.priority = priority
        self.voice = voice
        self.text = text
    }
}
