/// A setting the client changes and writes back to the settings file, typed: where it lives in
/// the file and the TOML value it is written as are decided here, from the settings, so the
/// client never spells a key path or builds a TOML value.
///
/// ```swift
/// var settings = Settings()
/// settings.speech.rate = 220
/// SettingKey.speechRate.keyPath              // ["speech", "rate"]
/// SettingKey.speechRate.value(in: settings)  // .integer(220)
/// ```
public enum SettingKey: Sendable, Hashable {
    case textSize
    case speechRate, speechVoice, speechEcho, speechPunctuation, speechCapitals, speechHints
    case speechTypingInterrupts, speechEngine, speechEvents, speechTimes, speechMergeBursts
    case soundsEnabled, soundsVolume
    case displayReduceMotion, displayContrast
    case brailleEnabled, brailleTable, brailleMessageTimeout, brailleMessages
    /// How `word` is said (`[speech.pronounce]`); a word without an entry is written as itself,
    /// so it is said as written again.
    case pronounce(String)
    /// How the channel named so is spoken (`[speech.channels]`): its policy, or a table with
    /// its language.
    case channelSpeech(String)

    /// Its table and key in the file.
    public var keyPath: [String] {
        switch self {
        case .textSize: ["text", "size"]
        case .speechRate: ["speech", "rate"]
        case .speechVoice: ["speech", "voice"]
        case .speechEcho: ["speech", "echo"]
        case .speechPunctuation: ["speech", "punctuation"]
        case .speechCapitals: ["speech", "capitals"]
        case .speechHints: ["speech", "hints"]
        case .speechTypingInterrupts: ["speech", "typing_interrupts"]
        case .speechEngine: ["speech", "engine"]
        case .speechEvents: ["speech", "events"]
        case .speechTimes: ["speech", "times"]
        case .speechMergeBursts: ["speech", "merge_bursts"]
        case .soundsEnabled: ["sounds", "enabled"]
        case .soundsVolume: ["sounds", "volume"]
        case .displayReduceMotion: ["display", "reduce_motion"]
        case .displayContrast: ["display", "contrast"]
        case .brailleEnabled: ["braille", "enabled"]
        case .brailleTable: ["braille", "table"]
        case .brailleMessageTimeout: ["braille", "message_timeout"]
        case .brailleMessages: ["braille", "messages"]
        case .pronounce(let word): ["speech", "pronounce", word]
        case .channelSpeech(let name): ["speech", "channels", name]
        }
    }

    /// Its key path dotted, as problems and sources name it: "speech.rate".
    public var dotted: String { keyPath.joined(separator: ".") }

    /// What it is in `settings`, as the file writes it.
    public func value(in settings: Settings) -> TOMLValue {
        let speech = settings.speech
        switch self {
        case .textSize: return .string(settings.text.size.rawValue)
        case .speechRate: return .integer(Int64(speech.rate))
        case .speechVoice: return .string(speech.voice)
        case .speechEcho: return .string(speech.echo.rawValue)
        case .speechPunctuation: return .string(speech.punctuation.rawValue)
        case .speechCapitals: return .string(speech.capitals.rawValue)
        case .speechHints: return .boolean(speech.hints)
        case .speechTypingInterrupts: return .boolean(speech.typingInterrupts)
        case .speechEngine: return .string(speech.engine.rawValue)
        case .speechEvents: return .string(speech.events.rawValue)
        case .speechTimes: return .boolean(speech.times)
        case .speechMergeBursts: return .boolean(speech.mergeBursts)
        case .soundsEnabled: return .boolean(settings.sounds.enabled)
        case .soundsVolume: return .integer(Int64(settings.sounds.volume))
        case .displayReduceMotion: return .boolean(settings.display.reduceMotion)
        case .displayContrast: return .string(settings.display.contrast.rawValue)
        case .brailleEnabled:
            let enabled = settings.braille.enabled
            return enabled == .auto ? .string("auto") : .boolean(enabled == .on)
        case .brailleTable: return .string(settings.braille.table)
        case .brailleMessageTimeout: return .integer(Int64(settings.braille.messageTimeout))
        case .brailleMessages: return .string(settings.braille.messages.rawValue)
        case .pronounce(let word):
            let spoken = speech.pronounce.first { $0.key.lowercased() == word.lowercased() }?.value
            return .string(spoken ?? word)
        case .channelSpeech(let name):
            return speech.channels[name]?.tomlValue ?? .string(speech.messages.rawValue)
        }
    }
}
