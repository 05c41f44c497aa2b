import Speech
import Testing

@Suite struct VocabularyTests {
    @Test func speechNamesAreTheSharedTypes() {
        let level: PunctuationLevel = .most
        #expect(Speech.PunctuationLevel.most == level)
        let kind: TranscriptRecord.Event = .done
        #expect(kind == TranscriptRecord.Event.done)
        #expect(Speech.SpeechPriority.default < .high)
    }

    @Test func theWriterWritesTheSharedRecord() {
        let event = SpeechEvent(.cancel, Utterance(id: 7, text: "Bye", priority: .high, voice: .announcer))
        #expect(
            TranscriptWriter.line(event, milliseconds: 5)
                == TranscriptRecord(t: 5, event: .cancel, priority: .high, voice: .announcer, text: "Bye").jsonLine)
    }
}
