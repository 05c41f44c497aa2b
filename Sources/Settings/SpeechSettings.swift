import SpeechVocabulary

/// `[speech]`: the voice and how much it says.
///
/// Ranges: `rate` 80…450 words per minute (default 175), `pitch` 0…100 (default 50) and
/// `volume` 0…100 percent (default 100; espeak-ng's normal volume is 100 on its 0…200 scale,
/// and Earshot never goes above normal, so 100 percent is espeak-ng's 100).
public struct SpeechSettings: Sendable, Equatable {
    /// How much punctuation is spoken: the one level the speech layer uses too.
    public typealias Punctuation = PunctuationLevel

    /// How capitals are marked: the one marking the speech layer uses too.
    public typealias Capitals = CapitalMarking

    /// What is spoken while typing in a text field.
    public enum Echo: String, CaseIterable, Sendable, Equatable {
        case none, characters, words, both
    }

    /// A voice role name (such as "reader") or a path to a voice file.
    public var voice: String = "reader"
    public var rate: Int = 175
    public var pitch: Int = 50
    public var volume: Int = 100
    public var punctuation: Punctuation = .some
    /// How capital letters are marked: not at all, by a higher pitch, or by the word "cap".
    public var capitals: Capitals = .none
    /// Whether hints are spoken after an element.
    public var hints: Bool = true
    public var echo: Echo = .characters

    public static let rateRange = 80...450
    public static let pitchRange = 0...100
    public static let volumeRange = 0...100

    public init() {}
}
