import RealParts
import Synchronization
import TestThreads
import Testing

@testable import Speech

/// Sound cues and pause/resume, through the real engine into a recording sink.
@Suite(.serialized, .ownThreads) struct SpeechControlTests {
    @Test func everyCueIsAudibleShortAndUnlikeTheOthers() {
        var seen: [[Int16]] = []
        for cue in SoundCue.allCases {
            let pcm = cue.samples(sampleRate: 22050, volume: 50)
            #expect(rms(pcm) > 1000, "\(cue) is too quiet")
            #expect(pcm.count < 22050 / 2, "\(cue) lasts half a second or more")
            #expect(pcm.first.map { abs(Int($0)) < 200 } == true, "\(cue) starts with a click")
            #expect(!seen.contains(pcm), "\(cue) sounds like another cue")
            seen.append(pcm)
        }
        #expect(rms(SoundCue.error.samples(sampleRate: 22050, volume: 0)) == 0)
        #expect(
            rms(SoundCue.error.samples(sampleRate: 22050, volume: 100)) > rms(
                SoundCue.error.samples(sampleRate: 22050, volume: 25)) * 3)
    }

    @Test func aCueReachesTheSinkAsPCMBeforeTheWords() async throws {
        try await withEngine { engine, recorder in
            engine.setCueVolume(80)
            let cueOnly = engine.speak("", priority: .default, voice: .sound, cue: .boundary)
            #expect(engine.waitUntilIdle())
            let expected = SoundCue.boundary.samples(sampleRate: engine.sampleRate, volume: 80)
            #expect(recorder.samples(cueOnly.id) == expected)
            #expect(recorder.kinds(cueOnly.id) == [.speak, .done])

            let withWords = engine.speak("Sent.", priority: .default, voice: .announcer, cue: .sent)
            #expect(engine.waitUntilIdle())
            let samples = recorder.samples(withWords.id)
            let cue = SoundCue.sent.samples(sampleRate: engine.sampleRate, volume: 80)
            #expect(Array(samples.prefix(cue.count)) == cue)
            #expect(rms(Array(samples.dropFirst(cue.count))) > 500, "the words after the cue are missing")
        }
    }

    @Test func stopCutsACueOffToo() async throws {
        try await withEngine { engine, recorder in
            let cue = engine.speak("", priority: .default, voice: .sound, cue: .connectionLost)
            engine.stop()
            #expect(engine.waitUntilIdle())
            #expect(recorder.kinds(cue.id).last == .cancel)
        }
    }

    /// A recording sink played out in real time, as a sound card would: the engine paces to
    /// it, so an utterance lasts as long as it sounds and can be paused in the middle; a flush
    /// drops what was queued.
    static func realTime(_ recorder: RecordingSink, sampleRate: Double = 22050) -> SpeechSink {
        let clock = ContinuousClock()
        // Milliseconds of sound queued, and when that was last worked out.
        let queue = Mutex((milliseconds: 0.0, at: clock.now))
        @Sendable func drained(_ state: inout (milliseconds: Double, at: ContinuousClock.Instant)) {
            let now = clock.now
            let elapsed = (now - state.at) / .milliseconds(1)
            state = (max(0, state.milliseconds - elapsed), now)
        }
        var sink = recorder.sink
        let record = sink.samples
        sink.samples = { buffer, utterance in
            record(buffer, utterance)
            queue.withLock { state in
                drained(&state)
                state.milliseconds += Double(buffer.count) / sampleRate * 1000
            }
        }
        sink.flush = { queue.withLock { $0 = (0, clock.now) } }
        sink.backlogMilliseconds = {
            queue.withLock { state in
                drained(&state)
                return state.milliseconds
            }
        }
        return sink
    }

    @Test func pauseHoldsTheUtteranceAndResumeSaysItWhole() async throws {
        let recorder = RecordingSink()
        let engine = try await SpeechEngine.started(
            configuration: .init(voices: shippedVoices, bufferMilliseconds: 5), sink: Self.realTime(recorder))
        defer { engine.shutdown() }
        do {
            let text =
                "Bob, ten forty two, the deploy finished and every check is green; the release notes are in the wiki."
            let long = engine.speak(text, priority: .low, voice: .announcer)
            let after = engine.speak("And then this.", priority: .low, voice: .announcer)
            // Paused once its sound has begun.
            let started = await waitUntil(timeout: .seconds(30), every: .milliseconds(1)) {
                !recorder.samples(long.id).isEmpty
            }
            try #require(started, "the utterance never started")
            #expect(engine.pause())
            #expect(engine.isPaused)
            #expect(!engine.pause(), "pausing twice is not a second pause")
            #expect(recorder.kinds(long.id) == [.speak, .cancel])
            // Held: nothing more is said while paused.
            #expect(!engine.waitUntilIdle(timeoutSeconds: 0.3))
            #expect(recorder.kinds(long.id) == [.speak, .cancel])
            #expect(recorder.kinds(after.id).isEmpty)

            let heardBefore = recorder.samples(long.id).count
            #expect(engine.resume())
            #expect(!engine.resume())
            #expect(engine.waitUntilIdle())
            #expect(recorder.kinds(long.id) == [.speak, .cancel, .speak, .done])
            #expect(recorder.kinds(after.id) == [.speak, .done])
            // Said again from its beginning: more sound than was cut off.
            #expect(recorder.samples(long.id).count - heardBefore > 22050)
        }
    }

    @Test func newSpeechEndsAPause() async throws {
        try await withEngine { engine, recorder in
            _ = engine.speak(
                "A long polite announcement that is paused before it ends.", priority: .low, voice: .announcer)
            #expect(engine.pause())
            let key = engine.speak("Send, button.")
            #expect(!engine.isPaused)
            #expect(engine.waitUntilIdle())
            #expect(recorder.kinds(key.id) == [.speak, .done])
        }
    }

    @Test func nothingToPauseIsNotAPause() async throws {
        try await withEngine { engine, _ in
            #expect(!engine.pause())
            #expect(!engine.isPaused)
        }
    }
}
