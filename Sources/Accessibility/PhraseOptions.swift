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

    /// Full verbosity and some punctuation unless told otherwise.
    public init(verbosity: Verbosity = .full, punctuation: PunctuationLevel = .some) {
        self.verbosity = verbosity
        self.punctuation = punctuation
    }

    /// Full verbosity, some punctuation.
    public static let standard = PhraseOptions()
}
