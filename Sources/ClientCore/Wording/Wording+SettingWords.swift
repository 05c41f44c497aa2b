import Settings
import SpeechVocabulary
import Typography

/// Each setting of the table (``Settings/table``) as the listener hears it: its name, the hint
/// of its control and its value in words. A setting without words here is said by its key and
/// its value as the file writes it.
extension Wording {
    /// A setting's name and hint.
    struct SettingWords {
        var label: String
        var hint: String
        /// Its value in words, where the file's word or number is not how it is said.
        var value: (@Sendable (Settings) -> String)?
    }

    static let adjustHint = "Press Up or Down to adjust the value."

    static let settingWords: [SettingKey: SettingWords] = [
        .textSize: .init(label: "Text size", hint: adjustHint, value: { sizeValue($0.text.size) }),
        .speechRate: .init(label: "Speech rate", hint: adjustHint, value: { rateValue($0.speech.rate) }),
        .speechVoice: .init(
            label: "Voice", hint: "Press Up or Down to choose another voice.", value: { voice($0.speech.voice) }),
        .speechHints: .init(label: "Hints", hint: "Press Enter to switch hints on or off."),
        .speechEcho: .init(
            label: "Key echo", hint: "Press Up or Down to choose what is echoed while typing.",
            value: {
                switch $0.speech.echo {
                case .none: "nothing"
                case .characters: "characters"
                case .words: "words"
                case .both: "characters and words"
                }
            }),
        .speechPunctuation: .init(
            label: "Punctuation", hint: "Press Up or Down to choose how much punctuation is spoken."),
        .speechCapitals: .init(
            label: "Capitals", hint: "Press Up or Down to choose how capital letters are marked.",
            value: {
                switch $0.speech.capitals {
                case .none: "not marked"
                case .pitch: "higher pitch"
                case .word: "the word cap"
                }
            }),
        .speechTypingInterrupts: .init(
            label: "Typing interrupts speech", hint: "Press Enter to choose whether a typed key cuts off speech."),
        .speechTyping: .init(
            label: "Say who is typing", hint: "Press Enter to choose whether it is said when someone starts typing."),
        .speechEmoji: .init(
            label: "Emoji",
            hint: "Press Up or Down to choose how emoji are said: by name, by a short name, or not at all.",
            value: {
                switch $0.speech.emoji {
                case .names: "by name"
                case .short: "by a short name"
                case .none: "not said"
                }
            }),
        .ircSendTyping: .init(
            label: "Tell others I am typing",
            hint: "Press Enter to choose whether others are told while you type, on servers that carry it."),
        .speechEngine: .init(
            label: "Speech engine",
            hint: "Press Up or Down to choose Earshot's own espeak-ng or your speech-dispatcher, from the next start.",
            value: { $0.speech.engine == .espeakNG ? "Earshot's own, espeak-ng" : "speech-dispatcher" }),
        .speechEvents: .init(
            label: "Joins and quits spoken",
            hint: "Press Up or Down to choose whose joins, parts, quits and nick changes are spoken.",
            value: { events($0.speech.events) }),
        .speechTimes: .init(
            label: "Message times",
            hint: "Press Enter to choose whether a message's time is said with it. Alt-T always says it."),
        .speechMergeBursts: .init(
            label: "Quick messages together",
            hint: "Press Enter to choose whether one person's quick messages are said together, their name once."),
        .speechSpeakerVoices: .init(
            label: "A voice for each person",
            hint: "Press Enter to choose whether each person's messages are said in a voice of their own."),
        .speechNames: .init(
            label: "Names with messages",
            hint: "Press Up or Down to choose when a message says who wrote it.",
            value: {
                switch $0.speech.names {
                case .always: "always"
                case .onChange: "when the person changes"
                case .never: "never, in the open channel"
                }
            }),
        .speechMessages: .init(label: "Messages spoken", hint: "", value: { policy($0.speech.messages) }),
        .speechFollow: .init(
            label: "Said from every channel", hint: "",
            value: { $0.speech.follow.isEmpty ? "nobody" : andList($0.speech.follow) }),
        .soundsEnabled: .init(label: "Sounds", hint: "Press Enter to switch sound cues on or off."),
        .soundsVolume: .init(
            label: "Sound volume", hint: "Press Up or Down to make sounds louder or softer.",
            value: { "\($0.sounds.volume) percent" }),
        .soundsPack: .init(
            label: "Sound pack", hint: "", value: { $0.sounds.pack.isEmpty ? "the built-in tones" : $0.sounds.pack }),
        .brailleEnabled: .init(
            label: "Braille",
            hint: "Press Up or Down to choose whether braille goes to a display through BRLTTY, from the next start.",
            value: { $0.braille.enabled == .auto ? "automatic" : $0.braille.enabled.rawValue }),
        .brailleTable: .init(
            label: "Braille table", hint: "Press Up or Down to choose computer or contracted braille.",
            value: { brailleTable($0.braille.table) }),
        .braillePaced: .init(
            label: "Read at my pace on the display",
            hint:
                "Press Enter to choose whether a message is read when you have read it on the display, not when it was said."
        ),
        .brailleMessageTimeout: .init(
            label: "Braille message time",
            hint: "Press Up or Down to keep announcements on the display longer or shorter.",
            value: { "\($0.braille.messageTimeout) \($0.braille.messageTimeout == 1 ? "second" : "seconds")" }),
        .brailleMessages: .init(
            label: "Braille messages", hint: "Press Up or Down to choose which new messages are shown in braille."),
        .displayReduceMotion: .init(label: "Reduce motion", hint: "Press Enter to switch animations off or on."),
        .displayContrast: .init(
            label: "Increase contrast", hint: "Press Enter to switch the high-contrast theme on or off."),
    ]

    /// `key`'s name as said ("Message times"); its dotted key where it has none.
    static func settingLabel(_ key: SettingKey) -> String { settingWords[key]?.label ?? key.dotted }

    /// `key`'s hint.
    static func settingHint(_ key: SettingKey) -> String { settingWords[key]?.hint ?? adjustHint }

    /// `key`'s value in `settings` as said: its own words, else "on" or "off", the word or the
    /// number the file writes.
    static func settingValue(_ key: SettingKey, in settings: Settings) -> String {
        if let words = settingWords[key]?.value { return words(settings) }
        if let descriptor = Settings.descriptor(key), descriptor.control == .toggle {
            return descriptor.isOn(in: settings) ? "on" : "off"
        }
        switch key.value(in: settings) {
        case .boolean(let on): return on ? "on" : "off"
        case .string(let word): return word
        case .integer(let number): return String(number)
        default: return ""
        }
    }

    /// "Extra Large, 112 percent": a text size as said; at an end of the range it says so at
    /// once ("…, 312 percent, the largest"), not on a further, useless press.
    public static func sizeValue(_ category: ContentSizeCategory) -> String {
        let edge =
            category == ContentSizeCategory.allCases.last
            ? ", the largest" : category == ContentSizeCategory.allCases.first ? ", the smallest" : ""
        return "\(category.spokenName), \(category.percent) percent" + edge
    }

    /// "175 words per minute"; at an end of the range it says so ("80 words per minute, the
    /// slowest"), rather than nothing on a further press.
    static func rateValue(_ rate: Int) -> String {
        let range = SpeechSettings.rateRange
        let edge = rate <= range.lowerBound ? ", the slowest" : rate >= range.upperBound ? ", the fastest" : ""
        return "\(rate) words per minute" + edge
    }

    /// Each of Earshot's voices by how it sounds, as its file describes it ("announcer,
    /// brighter and higher"); a voice of the user's own by its name.
    static func voice(_ voice: String) -> String {
        switch VoiceRole(rawValue: voice) {
        case .reader: "reader, the usual voice"
        case .announcer: "announcer, brighter and higher"
        case .hint: "hint, lower and calmer"
        case .keyEcho: "key echo, short and fast"
        default: voice
        }
    }

    /// Whose joins and quits are spoken, in words.
    static func events(_ policy: SpeechSettings.EventPolicy) -> String {
        switch policy {
        case .all: "everyone"
        case .recent: "people who wrote in the last 10 minutes"
        case .none: "nobody"
        }
    }

    /// A braille table as the sheet names it.
    static func brailleTable(_ table: String) -> String {
        switch table {
        case "": "computer braille"
        case "en-ueb-g2.ctb": "contracted English, UEB"
        case "en-ueb-g1.ctb": "uncontracted English, UEB"
        case "en-us-g2.ctb": "contracted English, EBAE"
        default: table
        }
    }
}
