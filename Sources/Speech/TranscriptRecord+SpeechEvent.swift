extension TranscriptRecord {
    /// The record of `event`, `milliseconds` after the transcript started; a sound cue is
    /// written before the text as "(sent sound)".
    ///
    /// ```swift
    /// TranscriptRecord(SpeechEvent(.done, utterance), milliseconds: 40).jsonLine
    /// ```
    public init(_ event: SpeechEvent, milliseconds: UInt64) {
        let utterance = event.utterance
        self.init(
            t: milliseconds, event: event.kind, priority: utterance.priority, voice: utterance.voice,
            text: [utterance.cue?.caption, utterance.text.isEmpty ? nil : utterance.text].compactMap { $0 }
                .joined(separator: " "),
            language: utterance.languages.isEmpty
                ? nil
                : utterance.languages.map(\.language).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                    .joined(separator: ","),
            speaker: utterance.speaker.map { $0.number + 1 })
    }
}
