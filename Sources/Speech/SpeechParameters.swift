/// The voice parameters that survive a stop and apply to every role.
///
/// ```swift
/// var parameters = SpeechParameters()
/// parameters.rate = 300          // words per minute, 80...450
/// try parameters.validate()
/// ```
public struct SpeechParameters: Hashable, Sendable {
    /// Words per minute.
    public var rate: Int = 175
    /// Base pitch, 0...100 (espeak-ng's 50 is the voice's own).
    public var pitch: Int = 50
    /// Volume, 0...200 percent.
    public var volume: Int = 100
    public var punctuation: PunctuationLevel = .none
    /// How capitals are marked: ``CapitalMarking/pitch`` raises the voice by
    /// ``capitalPitchRaise`` Hz on a capital letter and on a word with capitals (espeak-ng's
    /// `espeakCAPITALS`); ``CapitalMarking/word`` is the text preparation's, not the voice's.
    public var capitals: CapitalMarking = .none

    public static let rateRange = 80...450
    public static let pitchRange = 0...100
    public static let volumeRange = 0...200
    /// How far a capital raises the pitch, in Hz (espeak-ng's suggestion, `espeak-ng -k20`).
    public static let capitalPitchRaise = 20

    public init(
        rate: Int = 175, pitch: Int = 50, volume: Int = 100, punctuation: PunctuationLevel = .none,
        capitals: CapitalMarking = .none
    ) {
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.punctuation = punctuation
        self.capitals = capitals
    }

    /// Throws ``SpeechError/Code/outOfRange`` naming the first value outside its range.
    public func validate() throws(SpeechError) {
        func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>, _ unit: String) throws(SpeechError) {
            guard range.contains(value) else {
                throw SpeechError(
                    .outOfRange,
                    "Speech \(name) \(value) is out of range: it must be \(range.lowerBound) to \(range.upperBound)\(unit)."
                )
            }
        }
        try check("rate", rate, Self.rateRange, " words per minute")
        try check("pitch", pitch, Self.pitchRange, "")
        try check("volume", volume, Self.volumeRange, " percent")
    }
}
