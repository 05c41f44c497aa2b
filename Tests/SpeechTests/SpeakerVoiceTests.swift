import Testing

@testable import Speech

/// A voice per speaker: a nick always has the same one, the voices spread across nicks, and
/// each sounds apart from the others (by pitch or by pace, measured from the PCM).
@Suite struct SpeakerVoiceTests {
    @Test func aNickHasOneVoiceWhateverItsCase() {
        #expect(SpeakerVoice(nick: "kim") == SpeakerVoice(nick: "KIM"))
        #expect(SpeakerVoice(nick: "ada[away]") == SpeakerVoice(nick: "ADA{AWAY}"), "IRC folds brackets to braces")
        // FNV-1a, the same in every process (Swift's own hash is seeded afresh in each run).
        #expect(SpeakerVoice(nick: "kim").number == 0)
        #expect(SpeakerVoice(nick: "bob").number == 7)
    }

    @Test func nicksSpreadOverEveryVoice() {
        let nicks = (0..<200).map { "user\($0)" }
        let counts = Dictionary(grouping: nicks, by: { SpeakerVoice(nick: $0).number }).mapValues(\.count)
        #expect(counts.count == SpeakerVoice.count, "\(counts)")
        #expect(counts.values.allSatisfy { $0 >= 10 }, "no voice is left nearly unused: \(counts)")
    }

    @Test func aSpeakersVoiceKeepsTheRolesLanguage() throws {
        let reader = try #require(VoiceFile.builtIn[.reader])
        let kim = reader.speaking(as: SpeakerVoice(nick: "kim"))
        #expect(kim.language == reader.language)
        #expect(kim.text.contains("language \(reader.language)\n"))
        #expect(kim.text(language: "ru").contains("language ru"))
        #expect(try VoiceFile(bytes: Array(kim.text.utf8), role: .reader, path: nil).text == kim.text, "a valid file")
    }

    @Test func theVoicesSoundApartByPitchOrPace() async throws {
        let sentence = "The deploy is done, and the tests pass on every machine we have."
        let measures = try await withEngine { engine, sink in
            var result: [(voice: String, measure: PitchMeasure)] = []
            let reader = engine.speak(sentence)
            engine.waitUntilIdle()
            result.append(("reader", PitchMeasure(samples: sink.samples(reader.id), sampleRate: engine.sampleRate)))
            for number in 0..<SpeakerVoice.count {
                let said = engine.speak(sentence, speaker: SpeakerVoice(number: number))
                engine.waitUntilIdle()
                result.append(
                    (
                        "speaker \(number + 1)",
                        PitchMeasure(samples: sink.samples(said.id), sampleRate: engine.sampleRate)
                    ))
            }
            return result
        }
        let lines = measures.map { voice, measure in
            "\(voice): \(measure.medianHertz.map { String(Int($0.rounded())) } ?? "-") Hz, "
                + "\(Int((measure.seconds * 1000).rounded())) ms, voiced \(measure.voicedFrames)/\(measure.soundingFrames)"
        }
        for (voice, measure) in measures {
            let pitch = try #require(measure.medianHertz, "\(voice) has voiced frames")
            #expect((60...330).contains(pitch), "\(voice) stays in a voice's range: \(lines)")
            #expect((1.5...5).contains(measure.seconds), "\(voice) keeps a pace a listener follows: \(lines)")
        }
        // Every two voices differ by a semitone and more in pitch (6 percent), or by 4 percent in
        // pace; speakers' voices differ from the reader's the same way.
        for (a, first) in measures.enumerated() {
            for second in measures.dropFirst(a + 1) {
                let pitchRatio = first.measure.medianHertz! / second.measure.medianHertz!
                let paceRatio = first.measure.seconds / second.measure.seconds
                #expect(
                    abs(pitchRatio - 1) >= 0.06 || abs(paceRatio - 1) >= 0.04,
                    "\(first.voice) and \(second.voice) sound alike: \(lines)")
            }
        }
        let pitches = measures.dropFirst().map { $0.measure.medianHertz! }
        #expect(pitches == pitches.sorted(), "the speakers' voices rise in pitch from 1 to 8: \(lines)")
    }
}
