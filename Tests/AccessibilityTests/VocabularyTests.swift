import Accessibility
import AccessibilityTesting
import Testing

@Suite struct VocabularyTests {
    @Test func announcementsSpeakTheSharedPriority() {
        let announced: SpeechPriority = .high
        let spoken: SpeechPriority = announced
        #expect(spoken == .high)
        #expect(LiveRegion.polite.priority == SpeechPriority.low)
    }

    @Test func theVocabularyIsSeenThroughAccessibility() {
        let level: Accessibility.PunctuationLevel = .some
        #expect(level < .all)
        #expect(Accessibility.VoiceRole.announcer.rawValue == "announcer")
    }

    @Test func aTranscriptEventIsTheSharedRecord() throws {
        let line = TranscriptRecord(t: 3, event: .cancel, priority: .low, voice: .hint, text: "Hi").jsonLine
        let transcript = try Transcript(lines: [line])
        let event: TranscriptRecord = try #require(transcript.events.first)
        #expect(event == TranscriptRecord(t: 3, event: .cancel, priority: .low, voice: .hint, text: "Hi"))
    }
}
