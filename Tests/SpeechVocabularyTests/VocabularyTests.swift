import Foundation
import SpeechVocabulary
import Testing

@Suite struct VocabularyTests {
    @Test func prioritiesOrderByUrgency() {
        #expect(SpeechPriority.allCases.sorted() == [.low, .default, .high])
        #expect(SpeechPriority.allCases.map(\.rawValue) == ["low", "default", "high"])
    }

    @Test func punctuationLevelsOrderByHowMuchIsSaid() {
        #expect(PunctuationLevel.allCases.sorted() == [.none, .some, .most, .all])
        #expect(PunctuationLevel(rawValue: "most") == .most)
    }

    @Test(arguments: [SpeechPriority.low, .default, .high])
    func prioritiesEncodeAsTheirTranscriptSpelling(_ priority: SpeechPriority) throws {
        let data = try JSONEncoder().encode([priority])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(priority.rawValue)\"]")
    }

    @Test func voiceRolesEncodeAsPlainStrings() throws {
        let data = try JSONEncoder().encode([VoiceRole.keyEcho])
        #expect(String(decoding: data, as: UTF8.self) == #"["key-echo"]"#)
        #expect(try JSONDecoder().decode([VoiceRole].self, from: data) == [.keyEcho])
    }
}

/// Which language each stretch of a text is read in.
@Suite struct SpokenLanguageTests {
    @Test(arguments: [
        ("ivan: Привет всем", "ru", "Привет всем"), ("li: 你好", "cmn", "你好"), ("aki: こんにちは世界", "ja", "こんにちは世界"),
        ("nikos: Καλημέρα", "el", "Καλημέρα"), ("omar: مرحبا", "ar", "مرحبا"), ("dana: שלום", "he", "שלום"),
        ("ravi: नमस्ते", "hi", "नमस्ते"), ("min: 안녕하세요", "ko", "안녕하세요"),
    ])
    func aScriptIsReadInItsLanguageAndTheNameInTheVoices(text: String, language: String, foreign: String) {
        let (plain, runs) = SpokenLanguage.runs(in: text)
        #expect(plain == text)
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run.language == language)
        let bytes = Array(plain.utf8)
        #expect(String(decoding: bytes[run.start..<(run.start + run.count)], as: UTF8.self) == foreign)
    }

    @Test func latinTextEmojiAndDigitsHaveNoRuns() {
        #expect(SpokenLanguage.runs(in: "kim: 42 cafés, naïve 🚀").runs.isEmpty)
    }

    @Test func aMarkedStretchIsReadInItsLanguageAndTheMarksAreNotSaid() {
        let text = "kim: " + SpokenLanguage.mark("Guten Morgen, ich bin da", language: "de")
        let (plain, runs) = SpokenLanguage.runs(in: text)
        #expect(plain == "kim: Guten Morgen, ich bin da")
        #expect(runs == [LanguageRun(start: 5, count: "Guten Morgen, ich bin da".utf8.count, language: "de")])
        #expect(SpokenLanguage.withoutMarks(text) == plain)
    }

    @Test func twoScriptsAreTwoRuns() {
        let (_, runs) = SpokenLanguage.runs(in: "Привет and 你好")
        #expect(runs.map(\.language) == ["ru", "cmn"])
    }

    @Test func aTranscriptNamesTheLanguage() throws {
        let record = TranscriptRecord(t: 3, event: .speak, text: "ivan: Привет", language: "ru")
        #expect(record.jsonLine.hasSuffix(", \"language\": \"ru\"}\n"))
        #expect(!TranscriptRecord(t: 3, event: .speak, text: "hi").jsonLine.contains("language"))
    }
}

extension SpokenLanguageTests {
    @Test func anotherScriptInsideAMarkedStretchGoesByItsScript() {
        let text = "kim: " + SpokenLanguage.mark("Привет from Berlin", language: "de")
        let (plain, runs) = SpokenLanguage.runs(in: text)
        #expect(plain == "kim: Привет from Berlin")
        let cyrillic = "Привет".utf8.count
        #expect(
            runs == [
                LanguageRun(start: 5, count: cyrillic, language: "ru"),
                LanguageRun(start: 5 + cyrillic, count: " from Berlin".utf8.count, language: "de"),
            ])
    }
}
