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
