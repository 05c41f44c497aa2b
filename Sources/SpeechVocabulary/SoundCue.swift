import Foundation

/// A short sound that says what happened without words, as Emacspeak's auditory icons, Fenrir's
/// and TWBlue's sounds do. Each is synthesized in-process as a few tones and goes through the
/// same queue and sink as speech, so it is ordered, interrupted and stopped like speech.
///
/// ```swift
/// engine.speak("", priority: .default, voice: .reader, cue: .boundary)
/// let pcm = SoundCue.mention.samples(sampleRate: 22050, volume: 50)
/// ```
public enum SoundCue: String, CaseIterable, Hashable, Sendable {
    /// A message in a channel that is not open.
    case messageElsewhere = "message elsewhere"
    /// A message in the open channel, where its channel is set to be heard as a sound.
    case message
    /// A message that names you.
    case mention
    /// Your message reached the server (or the local history).
    case sent
    /// No more items in that direction: the first or last element.
    case boundary
    /// Something failed.
    case error
    /// The connection to the server was lost.
    case connectionLost = "connection lost"

    /// One tone: a frequency glide over a duration, with an overtone for a harder edge.
    struct Tone {
        var from: Double
        var to: Double
        var milliseconds: Double
        /// The third harmonic's share (0 is a pure sine; error sounds are rougher).
        var overtone: Double = 0
        /// Silence after the tone.
        var gapMilliseconds: Double = 0
    }

    /// The tones, in order. Rising means done or good, falling means ended or wrong; high and
    /// double means it is about you.
    var tones: [Tone] {
        switch self {
        case .messageElsewhere: [Tone(from: 784, to: 784, milliseconds: 70)]
        case .message: [Tone(from: 659, to: 659, milliseconds: 50)]
        case .mention:
            [
                Tone(from: 988, to: 988, milliseconds: 60, gapMilliseconds: 25),
                Tone(from: 1319, to: 1319, milliseconds: 80),
            ]
        case .sent: [Tone(from: 523, to: 784, milliseconds: 90)]
        case .boundary: [Tone(from: 330, to: 247, milliseconds: 60)]
        case .error:
            [
                Tone(from: 392, to: 392, milliseconds: 90, overtone: 0.3, gapMilliseconds: 30),
                Tone(from: 311, to: 311, milliseconds: 120, overtone: 0.3),
            ]
        case .connectionLost:
            [
                Tone(from: 659, to: 659, milliseconds: 70, gapMilliseconds: 20),
                Tone(from: 523, to: 523, milliseconds: 70, gapMilliseconds: 20),
                Tone(from: 392, to: 330, milliseconds: 120),
            ]
        }
    }

    /// 16-bit mono PCM of the cue at `sampleRate`; `volume` 0–100 (out-of-range values are
    /// clamped). Each tone rises and falls over 5 ms, so no click is heard.
    public func samples(sampleRate: Int, volume: Int) -> [Int16] {
        let rate = Double(max(sampleRate, 1))
        let amplitude = Double(min(max(volume, 0), 100)) / 100 * 0.45 * Double(Int16.max)
        var output: [Int16] = []
        for tone in tones {
            let count = Int(tone.milliseconds / 1000 * rate)
            let ramp = max(1, Int(0.005 * rate))
            var phase = 0.0
            for index in 0..<count {
                let progress = Double(index) / Double(max(count - 1, 1))
                let frequency = tone.from + (tone.to - tone.from) * progress
                phase += 2 * Double.pi * frequency / rate
                let envelope = min(1, Double(index) / Double(ramp), Double(count - 1 - index) / Double(ramp))
                let wave = sin(phase) * (1 - tone.overtone) + sin(3 * phase) * tone.overtone
                output.append(Int16(clamping: Int((wave * envelope * amplitude).rounded())))
            }
            output += repeatElement(0, count: Int(tone.gapMilliseconds / 1000 * rate))
        }
        return output
    }

    /// What a caption or a transcript shows for the cue: "(boundary sound)".
    public var caption: String { "(\(rawValue) sound)" }
}
