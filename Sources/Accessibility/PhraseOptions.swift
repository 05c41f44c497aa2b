/// The user's settings that shape a phrase.
///
/// ```swift
/// Phrase(element, options: PhraseOptions(verbosity: .terse, punctuation: .most))
/// ```
public struct PhraseOptions: Hashable, Sendable {
    /// Full or terse.
    public var verbosity: Verbosity
    /// Which symbols are named.
    public var punctuation: PunctuationLevel
    /// How the listener wants words and nicks said.
    public var lexicon: SpokenText.Lexicon
    /// How emoji are said.
    public var emoji: EmojiSpeech

    /// Full verbosity and some punctuation unless told otherwise.
    public init(
        verbosity: Verbosity = .full, punctuation: PunctuationLevel = .some, lexicon: SpokenText.Lexicon = .empty,
        emoji: EmojiSpeech = .names
    ) {
        self.verbosity = verbosity
        self.punctuation = punctuation
        self.lexicon = lexicon
        self.emoji = emoji
    }

    /// Full verbosity, some punctuation.
    public static let standard = PhraseOptions()
}
