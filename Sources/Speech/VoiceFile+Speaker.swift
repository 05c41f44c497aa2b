/// The voices that tell speakers apart, as espeak-ng voice files. Each is a variant in the shape
/// of espeak-ng's own (`voices/!v/m1`, `f2`, …): a pitch band, formants that make the voice
/// larger or smaller, and a pace. Neighbours in the list differ in all three, so two numbers
/// that a listener might confuse by pitch alone still differ in size and pace.
///
/// Every one stays in the range a listener follows at speed: pitch from 70 to 270 Hz, formants
/// within 12 percent of espeak-ng's own, pace within 8 percent of the chosen rate.
extension VoiceFile {
    /// One speaker's voice: its pitch band (`pitch` low high), the formant scale of the first
    /// four formants (percent), and its pace (`speed`, percent of the rate).
    struct SpeakerVariant: Sendable {
        var gender: String
        var pitch: (low: Int, high: Int)
        var formants: Int
        var speed: Int
    }

    static let speakerVariants: [SpeakerVariant] = [
        SpeakerVariant(gender: "male", pitch: (70, 100), formants: 96, speed: 97),
        SpeakerVariant(gender: "male", pitch: (88, 124), formants: 108, speed: 104),
        SpeakerVariant(gender: "male", pitch: (104, 144), formants: 92, speed: 100),
        SpeakerVariant(gender: "male", pitch: (122, 166), formants: 104, speed: 94),
        SpeakerVariant(gender: "female", pitch: (146, 196), formants: 106, speed: 102),
        SpeakerVariant(gender: "female", pitch: (166, 224), formants: 112, speed: 96),
        SpeakerVariant(gender: "female", pitch: (188, 250), formants: 104, speed: 106),
        SpeakerVariant(gender: "female", pitch: (212, 272), formants: 110, speed: 98),
    ]

    /// This voice changed into `speaker`'s: its language (and its name, for a message log) kept,
    /// its pitch, formants and pace the speaker's own. The same speaker always gets the same
    /// text, so the engine loads it again only when another voice came between.
    public func speaking(as speaker: SpeakerVoice) -> VoiceFile {
        let variant = Self.speakerVariants[speaker.number % Self.speakerVariants.count]
        var lines = [
            "name earshot-speaker-\(speaker.number + 1)",
            "language \(language)",
            "gender \(variant.gender)",
            "pitch \(variant.pitch.low) \(variant.pitch.high)",
        ]
        for formant in 1...3 { lines.append("formant \(formant) \(variant.formants) 100 100") }
        lines.append("speed \(variant.speed)")
        var file = self
        file.name = "earshot-speaker-\(speaker.number + 1)"
        file.text = lines.joined(separator: "\n") + "\n"
        return file
    }
}
