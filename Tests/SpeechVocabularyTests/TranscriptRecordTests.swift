import Foundation
import PropertyBased
import SpeechVocabulary
import Testing

@Suite struct TranscriptRecordTests {
    /// Characters that stress the escaping: quotes, backslashes, C0, DEL, C1, separators, emoji.
    static let alphabet: [Character] = [
        "a", "Z", "0", " ", "#", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{C}",
        "\u{1B}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}", "\u{A0}", "\u{2028}", "\u{2029}", "é",
        "👍", "❤️",
    ]

    @Test func aLineHasTheDocumentedKeysInOrder() {
        let record = TranscriptRecord(
            t: 12, event: .speak, priority: .low, voice: .hint, text: "Volume, 50%, adjustable.")
        #expect(
            record.jsonLine
                == #"{"t": 12, "event": "speak", "priority": "low", "voice": "hint", "text": "Volume, 50%, adjustable."}"#
                + "\n")
    }

    @Test func controlCharactersAreEscaped() {
        #expect(TranscriptRecord.jsonString("a\u{1B}[31m\"\\\n") == "\"a\\u001b[31m\\\"\\\\\\n\"")
        #expect(TranscriptRecord.jsonString("\u{9B}\u{2028}") == "\"\\u009b\\u2028\"")
    }

    @Test func everyLineDecodesToTheSameRecord() async {
        let alphabet = Self.alphabet
        let text = Gen.int(in: 0...(alphabet.count - 1)).map { alphabet[$0] }.string(of: 0...40)
        await propertyCheck(
            input: text, Gen.int(in: 0...1_000_000), Gen<TranscriptRecord.Event>.case,
            Gen<SpeechPriority>.case
        ) { text, t, event, priority in
            let record = TranscriptRecord(
                t: UInt64(t), event: event, priority: priority, voice: .announcer, text: text)
            let line = record.jsonLine
            #expect(line.hasSuffix("}\n"))
            #expect(line.dropLast().allSatisfy { !$0.isNewline }, "one line per record")
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
            let decoded = try? JSONDecoder().decode(TranscriptRecord.self, from: Data(line.utf8))
            #expect(decoded == record)
        }
    }

    @Test func aLineMissingAKeyIsRejected() {
        let line = #"{"t": 1, "event": "speak", "priority": "low", "text": "Hi"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TranscriptRecord.self, from: Data(line.utf8))
        }
    }
}
