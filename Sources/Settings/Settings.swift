/// Everything the settings file sets, with defaults for what it leaves out.
///
/// ```swift
/// let result = Settings.decode(text: "[text]\nsize = \"194%\"\n", file: "config.toml")
/// result.settings.text.size  // .accessibilityLarge
/// ```
public struct Settings: Sendable, Equatable {
    public var text = TextSettings()
    public var speech = SpeechSettings()
    public var sounds = SoundSettings()
    public var display = DisplaySettings()
    public var braille = BrailleSettings()
    /// `[irc] servers`.
    public var ircServers: [IRCServerSettings] = []
    /// `[irc] highlights`: words that make a message a mention, as the user's nick does
    /// (matched without regard to case).
    public var highlights: [String] = []
    /// `[irc] monitor`: nicks to follow on every server that takes MONITOR ("kim is online").
    public var monitor: [String] = []
    /// `[irc] send_typing`: whether others are told while you type (where the server carries it).
    public var sendTyping: Bool = true

    public init() {}

    /// The defaults.
    public static let defaults = Settings()
}
