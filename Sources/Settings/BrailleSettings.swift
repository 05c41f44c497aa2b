/// `[braille]`: a braille display through BRLTTY.
///
/// ```toml
/// [braille]
/// enabled = "auto"          # true, false, or "auto": on when BRLTTY answers
/// table = "en-ueb-g2.ctb"   # a liblouis table for contracted braille; "" is computer braille
/// message_timeout = 4       # seconds an announcement stays on the display
/// messages = "all"          # which new messages are brailled, as speech.messages
/// ```
public struct BrailleSettings: Sendable, Equatable {
    public enum Enabled: String, CaseIterable, Sendable, Equatable {
        /// On when BRLTTY answers, silently off when it does not.
        case auto
        case on
        case off
    }

    public var enabled: Enabled = .auto
    /// A liblouis table list; empty for computer braille with BRLTTY's own table.
    public var table: String = ""
    /// Seconds an announcement stays on the display before the focus comes back.
    public var messageTimeout: Int = 4
    /// Which new chat messages are shown as messages (the same choices as speech's).
    public var messages: SpeechSettings.MessagePolicy = .all
    /// Reading at the reader's pace with speech on too: a message is read when its line has been
    /// read through on the display, not when it was heard (always so with speech off).
    public var paced: Bool = false

    public static let messageTimeoutRange = 1...20

    public init() {}
}
