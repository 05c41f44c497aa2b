/// What happened to an utterance, as the transcript records it.
public struct SpeechEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// The utterance started to sound.
        case speak
        /// The utterance was interrupted, or dropped from the queue before it sounded.
        case cancel
        /// The utterance was spoken to its end.
        case done
    }

    public var kind: Kind
    public var utterance: Utterance

    public init(_ kind: Kind, _ utterance: Utterance) {
        self.kind = kind
        self.utterance = utterance
    }
}
