import Foundation
import Speech
import Synchronization

/// `earshot-bench voices [--json] [--count N]`: how the voices of `speech.speaker_voices` differ
/// and what switching to one costs. For the reader's voice and each speaker's: the median
/// pitch of the same two sentences (``PitchMeasure``) and their length; then the first-sample
/// latency of a phrase when the voice before it was another speaker's (a voice file to load),
/// against the same phrase in the voice just used.
func runVoicesBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let count = arguments.firstIndex(of: "--count").flatMap { Int(arguments[$0 + 1]) } ?? 200
    let sentences = "The deploy is done, and the tests pass on every machine we have. Merging it now."
    let recorder = PCMRecorder()
    let engine = try SpeechEngine(configuration: .init(voices: .discover()), sink: recorder.sink)
    defer { engine.shutdown() }

    var figures: [(String, Double)] = []
    let voices: [(name: String, speaker: SpeakerVoice?)] =
        [("reader", nil)] + (0..<SpeakerVoice.count).map { ("speaker_\($0 + 1)", SpeakerVoice(number: $0)) }
    var pitches: [Double] = []
    for voice in voices {
        let utterance = engine.speak(sentences, speaker: voice.speaker)
        engine.waitUntilIdle()
        let measure = PitchMeasure(samples: recorder.samples(of: utterance.id), sampleRate: engine.sampleRate)
        pitches.append(measure.medianHertz ?? .nan)
        figures.append(("\(voice.name)_pitch_hz", (measure.medianHertz ?? .nan).rounded()))
        figures.append(("\(voice.name)_length_ms", (measure.seconds * 1000).rounded()))
    }
    // The smallest step between two speakers' pitches, as a share of the lower.
    let sorted = pitches.dropFirst().sorted()
    let steps = zip(sorted, sorted.dropFirst()).map { ($1 - $0) / $0 * 100 }
    figures.append(("smallest_pitch_step_percent", steps.min() ?? .nan))

    let phrase = "Alice, 10:42, the build is green again."
    var same: [Double] = []
    var switched: [Double] = []
    for index in 0..<count {
        let speaker = SpeakerVoice(number: index)
        // The same voice as the last utterance: no voice to load.
        var start = SpeechClock.now()
        var utterance = engine.speak(phrase, speaker: speaker)
        same.append(Double(recorder.waitForFirstSample(of: utterance.id) - start) / 1e6)
        engine.waitUntilIdle()
        // The next speaker's: its voice file is loaded first.
        start = SpeechClock.now()
        utterance = engine.speak(phrase, speaker: SpeakerVoice(number: index + 1))
        switched.append(Double(recorder.waitForFirstSample(of: utterance.id) - start) / 1e6)
        engine.waitUntilIdle()
        recorder.reset()
    }
    let sameVoice = Percentiles(same)
    let otherVoice = Percentiles(switched)
    figures += [
        ("same_voice_first_sample_p50_ms", sameVoice.median), ("same_voice_first_sample_p99_ms", sameVoice(99)),
        ("voice_switch_first_sample_p50_ms", otherVoice.median),
        ("voice_switch_first_sample_p99_ms", otherVoice(99)),
    ]
    report(figures, json: json, title: "voices (\(SpeakerVoice.count) speakers, \(count) switches)")
}

/// Keeps each utterance's PCM and the time of its first sample.
private final class PCMRecorder: Sendable {
    struct State {
        var samples: [UInt64: [Int16]] = [:]
        var first: [UInt64: UInt64] = [:]
    }
    let state = Mutex(State())

    var sink: SpeechSink {
        SpeechSink(
            event: { _ in },
            samples: { buffer, utterance in
                let now = SpeechClock.now()
                self.state.withLock { state in
                    if state.first[utterance.id] == nil { state.first[utterance.id] = now }
                    state.samples[utterance.id, default: []].append(contentsOf: buffer)
                }
            })
    }

    func samples(of id: UInt64) -> [Int16] { state.withLock { $0.samples[id] ?? [] } }

    func waitForFirstSample(of id: UInt64) -> UInt64 {
        while true {
            if let time = state.withLock({ $0.first[id] }) { return time }
            usleep(50)
        }
    }

    func reset() { state.withLock { $0 = State() } }
}
