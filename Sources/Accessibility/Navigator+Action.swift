extension Navigator {
    /// What a navigator event asks the app to say or do.
    public enum Action: Hashable, Sendable {
        /// Focus moved to the element at the path: speak the phrase (its hint after a pause).
        case focus(ElementPath, Phrase)
        /// There is nothing further that way: say the boundary word (or play a sound).
        case boundary(Edge)
        /// Say this text: a rotor setting, a reviewed character, word or line, an action name,
        /// or a value after an adjustment.
        case say(String)
        /// A handler ran (activate, adjust, escape, custom action); what follows comes from
        /// the rebuilt tree and the app's notifications.
        case performed
        /// Nothing to do: no focus, no handler, or nobody handled Escape.
        case unavailable

        /// What the speech layer should say for this action, at default priority.
        public var utterance: SpeechRequest? {
            switch self {
            case .focus(_, let phrase): SpeechRequest(phrase.text, priority: .default, hint: phrase.hint)
            case .boundary(let edge): SpeechRequest(edge.word, priority: .default)
            case .say(let text): SpeechRequest(text, priority: .default)
            case .performed, .unavailable: nil
            }
        }
    }

    /// Which end of the reading order (or of a rotor list, or of a text) was reached.
    public enum Edge: String, Hashable, Sendable {
        case start
        case end

        /// The short word said at a boundary: "boundary". Both ends say the same; the
        /// focused element does not change, so the listener knows where they are.
        public var word: String { "boundary" }
    }
}
