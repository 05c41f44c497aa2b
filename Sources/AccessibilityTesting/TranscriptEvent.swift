import SpeechVocabulary

/// One line of a speech transcript: the shared ``TranscriptRecord`` under the testing API's
/// older name.
///
/// The line is a JSON object:
/// `{"t": 120, "event": "speak", "priority": "default", "voice": "hint", "text": "Press Enter …"}`
/// where `t` is milliseconds since the start and `event` is `speak`, `cancel` or `done`.
///
/// ```swift
/// let events: [TranscriptEvent] = try Transcript(contentsOfFile: path).events
/// ```
public typealias TranscriptEvent = TranscriptRecord
