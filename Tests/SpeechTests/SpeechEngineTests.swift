#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import RealParts
import TestThreads
import Testing

@testable import Speech

@Suite(.serialized, .ownThreads) struct SpeechEngineTests {
    /// libespeak-ng's output depends a little on what it said before in the same process, so
    /// the comparison runs the engine in a fresh process: `earshot say --wav`, built beside the
    /// tests, against `espeak-ng -w`, both with the shipped `reader` voice file.
    @Test func pcmMatchesTheEspeakNgCommandByteForByte() throws {
        let text = "Volume, 50%, adjustable. Alice wrote: the build is green again."
        // espeak-ng -v takes a name relative to espeak-ng-data/voices and keeps 40 characters of
        // it, so the same voice file is copied to a short path first.
        let folder = "/tmp/esv\(getpid())"
        mkdir(folder, 0o755)
        defer { _ = run(["rm", "-rf", folder]) }
        #expect(run(["cp", voicesFolder + "/reader", folder + "/reader"]) == 0)
        let relative = "../../../../.." + folder + "/reader"
        #expect(relative.count <= 40)
        let reference = folder + "/reference.wav"
        let status = run(["espeak-ng", "-v", relative, "-w", reference, text])
        try #require(status == 0, "\(espeakCommandMissing) (exit \(status))")

        let earshot = buildProducts + "/earshot"
        try #require(access(earshot, X_OK) == 0, "earshot is not built at \(earshot): run swift build first")
        let ours = folder + "/ours.wav"
        #expect(run([earshot, "say", text, "--voice", "reader", "--speech", "off", "--wav", ours]) == 0)

        let referenceBytes = try #require(VoiceFile.read(reference))
        let ourBytes = try #require(VoiceFile.read(ours))
        #expect(referenceBytes.count > 44 + 22050)  // over half a second of speech
        #expect(ourBytes.count == referenceBytes.count)
        let identical = ourBytes[44...] == referenceBytes[44...]
        #expect(identical)
    }

    @Test func theEngineStreamsBeforeTheUtteranceEnds() async throws {
        try await withEngine(bufferMilliseconds: 5) { engine, recorder in
            let utterance = engine.speak("Volume, 50%, adjustable. Press Up or Down to adjust the value.")
            #expect(engine.waitUntilIdle())
            let samples = recorder.samples(utterance.id)
            let buffers = recorder.state.withLock { $0.bufferCount }
            // 5 ms buffers at 22050 Hz: many small hand-overs, not one at the end.
            let sampleCount = samples.count
            #expect(sampleCount > 22050)
            #expect(buffers > sampleCount / 2000)
        }
    }

    @Test func audioIsNotSilentAndItsLengthFollowsTextAndRate() async throws {
        func length(_ text: String, rate: Int) async throws -> Int {
            try await withEngine(SpeechParameters(rate: rate)) { engine, recorder in
                let utterance = engine.speak(text)
                #expect(engine.waitUntilIdle())
                let samples = recorder.samples(utterance.id)
                let loudness = rms(samples)
                #expect(loudness > 500, "speech should not be silent")
                return samples.count
            }
        }
        let short = try await length("Send, button.", rate: 175)
        let long = try await length("Send, button. Message general, text field. Alice, ten forty two.", rate: 175)
        let fast = try await length("Send, button. Message general, text field. Alice, ten forty two.", rate: 400)
        #expect(long > short * 2)
        #expect(fast < long * 3 / 4)
    }

    @Test func emojiAreReadByName() async throws {
        let (emoji, words) = try await withEngine { engine, recorder in
            let a = engine.speak("👍")
            #expect(engine.waitUntilIdle())
            let b = engine.speak("thumbs up")
            #expect(engine.waitUntilIdle())
            return (recorder.samples(a.id), recorder.samples(b.id))
        }
        #expect(!emoji.isEmpty)
        let alike = similar(emoji, words)
        #expect(alike)
    }

    @Test func stopLetsNoSampleThroughAfterItReturns() async throws {
        let long = String(repeating: "This is a long utterance that keeps going for a while. ", count: 40)
        try await withEngine { engine, recorder in
            let utterance = engine.speak(long, priority: .low)
            // Wait for the first samples, so stop lands mid-synthesis.
            let started = await waitUntil(timeout: .seconds(30), every: .microseconds(200)) {
                !recorder.samples(utterance.id).isEmpty
            }
            try #require(started, "the utterance never started")
            engine.stop()
            let atStop = recorder.samples(utterance.id).count
            #expect(recorder.kinds(utterance.id) == [.speak, .cancel])
            #expect(engine.isIdle)
            // The engine thread says one utterance at a time: once one asked for after the stop is
            // done, the thread has left the cut-off one, and any sample of it that was still on
            // its way would have reached the sink.
            let next = engine.speak("Next.")
            #expect(engine.waitUntilIdle())
            #expect(recorder.kinds(next.id) == [.speak, .done])
            let afterStop = recorder.samples(utterance.id).count
            #expect(afterStop == atStop)
            #expect(recorder.kinds(utterance.id) == [.speak, .cancel])
        }
    }

    @Test func parametersAndVoiceSurviveAStop() async throws {
        let text = "Mark unread, button. Reply in thread, button."
        let normal = try await withEngine { engine, recorder in
            let utterance = engine.speak(text)
            #expect(engine.waitUntilIdle())
            return recorder.samples(utterance.id)
        }
        try await withEngine(SpeechParameters(rate: 300, pitch: 30, volume: 90)) { engine, recorder in
            let before = engine.speak(text)
            #expect(engine.waitUntilIdle())
            let long = engine.speak(String(repeating: "Long text to interrupt. ", count: 30))
            let started = await waitUntil(timeout: .seconds(30), every: .microseconds(200)) {
                !recorder.samples(long.id).isEmpty
            }
            try #require(started, "the utterance never started")
            engine.stop()
            #expect(engine.parameters == SpeechParameters(rate: 300, pitch: 30, volume: 90))
            let after = engine.speak(text)
            #expect(engine.waitUntilIdle())
            let alike = similar(recorder.samples(before.id), recorder.samples(after.id))
            #expect(alike)
            let (afterCount, normalCount) = (recorder.samples(after.id).count, normal.count)
            #expect(afterCount < normalCount * 3 / 4)
        }
    }

    @Test func aDefaultUtteranceInterruptsALowOne() async throws {
        try await withEngine { engine, recorder in
            let low = engine.speak(String(repeating: "Incoming message text. ", count: 30), priority: .low)
            let started = await waitUntil(timeout: .seconds(30), every: .microseconds(200)) {
                !recorder.samples(low.id).isEmpty
            }
            try #require(started, "the utterance never started")
            let focus = engine.speak("Send, button.")
            #expect(engine.waitUntilIdle())
            #expect(recorder.kinds(low.id) == [.speak, .cancel])
            #expect(recorder.kinds(focus.id) == [.speak, .done])
        }
    }

    @Test func aHighUtteranceIsNotInterruptedByADefaultOne() async throws {
        try await withEngine { engine, recorder in
            let high = engine.speak("Disconnected from the server. Reconnecting.", priority: .high)
            let started = await waitUntil(timeout: .seconds(30), every: .microseconds(200)) {
                !recorder.samples(high.id).isEmpty
            }
            try #require(started, "the utterance never started")
            let focus = engine.speak("Send, button.")
            #expect(engine.waitUntilIdle())
            #expect(recorder.kinds(high.id) == [.speak, .done])
            #expect(recorder.kinds(focus.id) == [.speak, .done])
            let order = recorder.events.filter { $0.kind == .speak }.map(\.utterance.id)
            #expect(order == [high.id, focus.id])
        }
    }

    @Test func lowUtterancesQueueInOrder() async throws {
        try await withEngine { engine, recorder in
            let ids = (1...4).map { engine.speak("Message \($0).", priority: .low).id }
            #expect(engine.waitUntilIdle())
            let spoken = recorder.events.filter { $0.kind == .done }.map(\.utterance.id)
            #expect(spoken == ids)
        }
    }

    @Test func rolesUseTheirOwnVoiceFiles() async throws {
        try await withEngine { engine, recorder in
            #expect(Set(engine.voiceFiles.keys).isSuperset(of: VoiceRole.builtIn))
            #expect(engine.voiceFiles[.hint]?.path == voicesFolder + "/hint")
            let text = "Press Up or Down to adjust the value."
            let reader = engine.speak(text, voice: .reader)
            #expect(engine.waitUntilIdle())
            // key-echo's file sets "speed 130": the same words come out markedly shorter.
            let echo = engine.speak(text, voice: .keyEcho)
            #expect(engine.waitUntilIdle())
            let (echoCount, readerCount) = (recorder.samples(echo.id).count, recorder.samples(reader.id).count)
            #expect(echoCount < readerCount * 85 / 100)
            // Back to the reader: its voice and the parameters are restored.
            let again = engine.speak(text, voice: .reader)
            #expect(engine.waitUntilIdle())
            let alike = similar(recorder.samples(reader.id), recorder.samples(again.id))
            #expect(alike)
        }
    }

    /// espeak-ng 1.51 lower-cases a voice file's path and cuts it at 59 bytes; the engine hands
    /// it the checked text instead, so a voice under any path loads — and so does a built-in one.
    @Test func voicesLoadFromLongMixedCasePathsAndFromTheBuiltInDefinitions() async throws {
        let folder = "/tmp/Earshot-Voices-\(getpid())-Under-A-Rather-Long-Prefix/Share/Earshot/Voices"
        #expect(run(["mkdir", "-p", folder]) == 0)
        defer { _ = run(["rm", "-rf", "/tmp/Earshot-Voices-\(getpid())-Under-A-Rather-Long-Prefix"]) }
        #expect(run(["cp", voicesFolder + "/key-echo", folder + "/key-echo"]) == 0)
        try await withEngine { engine, recorder in
            let text = "Press Up or Down to adjust the value."
            let reader = engine.speak(text)
            #expect(engine.waitUntilIdle())
            #expect(try engine.setVoice(path: folder + "/key-echo", for: .reader) == .reader)
            let fast = engine.speak(text)
            #expect(engine.waitUntilIdle())
            let (fastCount, readerCount) = (recorder.samples(fast.id).count, recorder.samples(reader.id).count)
            #expect(fastCount < readerCount * 85 / 100, "the key-echo voice (speed 130) did not load")
            let builtIn = try #require(VoiceFile.builtIn[.reader])
            try engine.setVoice(builtIn)
            let again = engine.speak(text)
            #expect(engine.waitUntilIdle())
            let alike = similar(recorder.samples(reader.id), recorder.samples(again.id))
            #expect(alike)
        }
    }
}

/// A voice per speaker through speech-dispatcher: the user's module and voice, each speaker's
/// pitch moved their own way from the user's.
@Suite struct DispatcherSpeakerPitchTests {
    @Test func eachSpeakerHasAPitchOfTheirOwnWithinRange() {
        for base in [nil, 0, 50, 100] as [Int?] {
            let pitches = (0..<SpeakerVoice.count).map {
                SpeechEngine.dispatcherPitch(of: SpeakerVoice(number: $0), from: base)
            }
            #expect(pitches.allSatisfy { (0...100).contains($0) })
            if base == nil || base == 50 {
                #expect(Set(pitches).count == SpeakerVoice.count, "\(pitches)")
            }
        }
        #expect(SpeechEngine.dispatcherPitch(of: SpeakerVoice(number: 1), from: 60) == 88)
    }
}
