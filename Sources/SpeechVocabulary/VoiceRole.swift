/// The part a voice plays in the client: each role has its own voice file in `voices/`.
///
/// ```swift
/// engine.speak("Press Up or Down to adjust the value.", voice: .hint)
/// ```
public struct VoiceRole: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Content: messages and element phrases.
    public static let reader: VoiceRole = "reader"
    /// Announcements: new messages, sheet and text-size changes.
    public static let announcer: VoiceRole = "announcer"
    /// Hints, after a pause, at a lower pitch.
    public static let hint: VoiceRole = "hint"
    /// Characters and words echoed while typing.
    public static let keyEcho: VoiceRole = "key-echo"

    /// Sound cues that stand alone (a message elsewhere, sent): no words, so no voice file;
    /// their own role keeps them apart from the announcer's pacing.
    public static let sound: VoiceRole = "sound"

    /// The roles the client itself uses; `voices/` ships a file for each.
    public static let builtIn: [VoiceRole] = [.reader, .announcer, .hint, .keyEcho]

    public var description: String { rawValue }
}
