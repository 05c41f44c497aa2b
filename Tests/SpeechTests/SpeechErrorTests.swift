#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import TestThreads
import Testing

@testable import Speech

@Suite(.serialized, .ownThreads) struct SpeechErrorTests {
    @Test func aMissingVoiceFileNamesTheFileAndKeepsThePreviousVoice() async throws {
        try await withEngine { engine, recorder in
            let first = engine.speak("Hello.")
            #expect(engine.waitUntilIdle())
            let error = #expect(throws: SpeechError.self) {
                try engine.setVoice(path: "/nonexistent/voice", for: .reader)
            }
            #expect(error?.code == .voiceFileNotFound)
            #expect(error?.message.contains("/nonexistent/voice") == true)
            let second = engine.speak("Hello.")
            #expect(engine.waitUntilIdle())
            let alike = similar(recorder.samples(first.id), recorder.samples(second.id))
            #expect(alike)
        }
    }

    @Test func aBrokenVoiceFileIsAClearError() throws {
        let path = "/tmp/earshot-broken-voice-\(getpid())"
        let file = fopen(path, "w")
        fputs("name broken\nlanguage en\nwobble 12\n", file)
        fclose(file)
        defer { unlink(path) }
        let error = #expect(throws: SpeechError.self) { try VoiceFile(path: path) }
        #expect(error?.code == .voiceFileInvalid)
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("line 3") == true)
    }

    @Test func aVoiceFileWithoutALanguageIsRejected() throws {
        let path = "/tmp/earshot-nolang-voice-\(getpid())"
        let file = fopen(path, "w")
        fputs("name nolang\npitch 50 90\n", file)
        fclose(file)
        defer { unlink(path) }
        let error = #expect(throws: SpeechError.self) { try VoiceFile(path: path) }
        #expect(error?.message.contains("language") == true)
    }

    @Test func missingEspeakDataIsATypedError() async throws {
        let error = await #expect(throws: SpeechError.self) {
            _ = try await SpeechEngine.started(
                configuration: .init(voices: shippedVoices, dataPath: "/nonexistent/espeak-ng-data"), sink: .null)
        }
        #expect(error?.code == .dataMissing)
        #expect(error?.message.contains("/nonexistent/espeak-ng-data") == true)
        // The failed start released libespeak-ng: a good engine starts after it.
        try await withEngine { engine, _ in
            engine.speak("Still here.")
            #expect(engine.waitUntilIdle())
        }
    }

    @Test(arguments: [79, 451, 0, -5])
    func outOfRangeRatesAreRejected(rate: Int) throws {
        let error = #expect(throws: SpeechError.self) { try SpeechParameters(rate: rate).validate() }
        #expect(error?.code == .outOfRange)
        #expect(error?.message.contains("80 to 450") == true)
    }

    @Test(arguments: [80, 175, 450])
    func ratesInRangeAreAccepted(rate: Int) throws {
        try SpeechParameters(rate: rate).validate()
    }

    @Test func anEngineKeepsItsRateWhenANewOneIsOutOfRange() async throws {
        try await withEngine { engine, _ in
            try engine.setRate(250)
            #expect(throws: SpeechError.self) { try engine.setRate(1000) }
            #expect(engine.parameters.rate == 250)
        }
    }

    @Test func aMissingAudioDeviceIsAnErrorNotACrash() {
        // The test machines have no sound card; where one exists, opening succeeds.
        do {
            let player = try AudioPlayer(sampleRate: 22050)
            player.close()
        } catch {
            #expect(error.code == .audioUnavailable)
            #expect(!error.message.isEmpty)
        }
    }
}
