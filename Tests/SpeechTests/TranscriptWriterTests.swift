import Testing

@testable import Speech

@Suite struct TranscriptWriterTests {
    @Test func aLineHasTheDocumentedKeys() {
        let event = SpeechEvent(
            .speak, Utterance(id: 1, text: "Volume, 50%, adjustable.", priority: .low, voice: .hint))
        #expect(
            TranscriptWriter.line(event, milliseconds: 12)
                == "{\"t\": 12, \"event\": \"speak\", \"priority\": \"low\", \"voice\": \"hint\", \"text\": \"Volume, 50%, adjustable.\"}\n"
        )
    }

    @Test func controlCharactersAreEscaped() {
        #expect(TranscriptWriter.jsonString("a\u{1B}[31m\"\\\n") == "\"a\\u001b[31m\\\"\\\\\\n\"")
        #expect(TranscriptWriter.jsonString("\u{9B}") == "\"\\u009b\"")
    }
}
