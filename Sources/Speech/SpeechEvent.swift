/// What happened to an utterance, as the transcript records it.
///
/// ```swift
/// let event = SpeechEvent(.speak, Utterance(id: 1, text: "Send, button."))
/// TranscriptRecord(event, milliseconds: 12).jsonLine
/// ```
public struct SpeechEvent: Hashable, Sendable {
    /// Speak, cancel or done: the transcript's own event type.
    public var kind: TranscriptRecord.Event
    public var utterance: Utterance

    public init(_ kind: TranscriptRecord.Event, _ utterance: Utterance) {
        self.kind = kind
        self.utterance = utterance
    }
}
