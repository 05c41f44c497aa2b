import Foundation
import SpeechVocabulary

/// A speech transcript: what the speech layer said, read from JSON lines.
///
/// ```swift
/// let transcript = try Transcript(contentsOfFile: "/tmp/earshot-transcript.jsonl")
/// #expect(transcript.spokenTexts.contains("Search, search field."))
/// ```
public struct Transcript: Hashable, Sendable {
    /// Every event, in order.
    public var events: [TranscriptRecord]

    /// A transcript from JSON lines (blank lines are skipped).
    public init(lines: [String]) throws(UITesterError) {
        let decoder = JSONDecoder()
        var events: [TranscriptRecord] = []
        for (number, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            do {
                events.append(try decoder.decode(TranscriptRecord.self, from: Data(trimmed.utf8)))
            } catch {
                throw UITesterError(.badTranscript, "Line \(number + 1) is not a transcript event: \(trimmed)")
            }
        }
        self.events = events
    }

    /// A transcript read from the JSON-lines file at `path`. A last line without its newline is
    /// one the speech layer is writing while it is read: it is left for the next reading.
    public init(contentsOfFile path: String) throws(UITesterError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UITesterError(.badTranscript, "Cannot read the transcript at \(path).")
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // Split at each newline, the piece after the last one is empty when the file is whole.
        lines.removeLast()
        try self.init(lines: lines.map(String.init))
    }

    /// The texts of `speak` events, in order, optionally only those in `voice`.
    public func spokenTexts(voice: String? = nil) -> [String] {
        events.compactMap { event in
            guard event.event == .speak, voice == nil || event.voice.rawValue == voice else { return nil }
            return event.text
        }
    }

    /// Whether some `speak` event's text contains `text` (white space folded).
    public func didSpeak(_ text: String, voice: String? = nil) -> Bool {
        let wanted = Transcript.fold(text)
        return spokenTexts(voice: voice).contains { Transcript.fold($0).contains(wanted) }
    }

    static func fold(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
