import SpeechVocabulary
import TestThreads
import Testing

@testable import Speech

/// Stretches in another language are read by the role's voice speaking that language.
@Suite(.serialized, .ownThreads) struct LanguageVoiceTests {
    /// Every language the client chooses by script, and the ones a channel's actions offer,
    /// load in libespeak-ng as the reader's voice with its `language` line replaced.
    @Test func everyLanguageTheClientChoosesLoads() async throws {
        let reader = try #require(VoiceFile.builtIn[.reader])
        let codes = Set(SpokenLanguage.scripts.map(\.1)).union([
            "en", "de", "fr", "es", "it", "pt", "nl", "sv", "pl", "cs", "tr", "ru", "uk", "el", "ar", "he", "hi", "cmn",
            "ja", "ko",
        ])
        try await withEngine { engine, _ in
            for code in codes.sorted() {
                let text = reader.text(language: code)
                #expect(text.contains("language \(code)\n") && !text.contains("language en-us"))
                let file = try VoiceFile(bytes: Array(text.utf8), role: .reader, path: nil)
                #expect(throws: Never.self, "espeak-ng has no voice for \(code)") {
                    try engine.setVoice(file, for: .reader)
                }
            }
        }
    }

    /// "Привет всем" read with Russian rules is a few syllables; read with the English voice's
    /// rules it is spelt out, nearly twice as long.
    @Test func aRussianStretchIsReadWithRussianRules() async throws {
        try await withEngine { engine, recorder in
            let text = "Привет всем"
            let russian = engine.speak(text, languages: [LanguageRun(start: 0, count: text.utf8.count, language: "ru")])
            #expect(engine.waitUntilIdle())
            let english = engine.speak(text)
            #expect(engine.waitUntilIdle())
            let inRussian = recorder.samples(russian.id).count
            let inEnglish = recorder.samples(english.id).count
            #expect(inRussian > 22050 / 4, "Russian said nothing")
            #expect(inRussian * 3 < inEnglish * 2, "ru \(inRussian) samples, en \(inEnglish)")
            // The English voice is back for what follows.
            let after = engine.speak("hello")
            #expect(engine.waitUntilIdle())
            #expect(recorder.kinds(after.id) == [.speak, .done])
        }
    }
}
