import Accessibility
import Settings
import Speech

/// Settings: text size (with a sample), speech rate, voice, hints, key echo, punctuation level,
/// how capitals are marked, whether typing interrupts speech, sound cues and their volume,
/// braille (on, table, message time, which messages), reduce motion and increased contrast. Toggles carry their state in the `selected` trait only, so it is said once.
enum SettingsSheet {
    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> [Element] {
        let settings = state.settings
        func adjustable(
            _ id: ElementID, _ label: String, _ value: String, _ hint: String, _ up: Intent, _ down: Intent
        ) -> Element {
            b.make(
                id, Element(label: label, value: value, traits: .adjustable, hint: hint),
                ElementBehaviour(increment: up, decrement: down))
        }
        func toggle(_ id: ElementID, _ label: String, _ on: Bool, _ hint: String, _ intent: Intent) -> Element {
            b.make(
                id, Element(label: label, traits: on ? [.toggleButton, .selected] : .toggleButton, hint: hint),
                ElementBehaviour(activate: intent))
        }
        return [
            Controls.textSize(settings.text.size, id: .textSize, into: &b),
            Controls.sample(id: .sample, into: &b),
            Controls.rate(settings.speech.rate, id: .rate, into: &b),
            adjustable(
                .voice, "Voice", describe(voice: settings.speech.voice), "Press Up or Down to choose another voice.",
                .adjustVoice(by: 1), .adjustVoice(by: -1)),
            toggle(.hints, "Hints", settings.speech.hints, "Press Enter to switch hints on or off.", .toggleHints),
            adjustable(
                .echo, "Key echo", settings.speech.echo.rawValue,
                "Press Up or Down to choose what is echoed while typing.", .adjustEcho(by: 1), .adjustEcho(by: -1)),
            adjustable(
                .punctuation, "Punctuation", settings.speech.punctuation.rawValue,
                "Press Up or Down to choose how much punctuation is spoken.", .adjustPunctuation(by: 1),
                .adjustPunctuation(by: -1)),
            adjustable(
                .capitals, "Capitals", settings.speech.capitals.rawValue,
                "Press Up or Down to choose how capital letters are marked.", .adjustCapitals(by: 1),
                .adjustCapitals(by: -1)),
            toggle(
                .typingInterrupts, "Typing interrupts speech", settings.speech.typingInterrupts,
                "Press Enter to choose whether a typed key cuts off speech.", .toggleTypingInterrupts),
            adjustable(
                .engine, "Speech engine", Self.describe(settings.speech.engine),
                "Press Up or Down to choose Earshot's own espeak-ng or your speech-dispatcher, from the next start.",
                .adjustSpeech(.engine, by: 1), .adjustSpeech(.engine, by: -1)),
            adjustable(
                .speechEvents, "Joins and quits spoken", Self.describe(settings.speech.events),
                "Press Up or Down to choose whose joins, parts, quits and nick changes are spoken.",
                .adjustSpeech(.events, by: 1), .adjustSpeech(.events, by: -1)),
            toggle(
                .speechTimes, "Message times", settings.speech.times,
                "Press Enter to choose whether a message's time is said with it. Alt-T always says it.",
                .adjustSpeech(.times, by: 1)),
            toggle(
                .mergeBursts, "Quick messages together", settings.speech.mergeBursts,
                "Press Enter to choose whether one person's quick messages are said together, their name once.",
                .adjustSpeech(.bursts, by: 1)),
            toggle(
                .sounds, "Sounds", settings.sounds.enabled, "Press Enter to switch sound cues on or off.", .toggleSounds
            ),
            adjustable(
                .soundVolume, "Sound volume", "\(settings.sounds.volume) percent",
                "Press Up or Down to make sounds louder or softer.",
                .adjustSoundVolume(by: 10), .adjustSoundVolume(by: -10)),
            adjustable(
                .braille, "Braille",
                settings.braille.enabled == .auto ? "automatic" : settings.braille.enabled.rawValue,
                "Press Up or Down to choose whether braille goes to a display through BRLTTY, from the next start.",
                .adjustBraille(.enabled, by: 1), .adjustBraille(.enabled, by: -1)),
            adjustable(
                .brailleTable, "Braille table", BrailleChoices.tableName(settings.braille.table),
                "Press Up or Down to choose computer or contracted braille.", .adjustBraille(.table, by: 1),
                .adjustBraille(.table, by: -1)),
            adjustable(
                .brailleTimeout, "Braille message time",
                "\(settings.braille.messageTimeout) \(settings.braille.messageTimeout == 1 ? "second" : "seconds")",
                "Press Up or Down to keep announcements on the display longer or shorter.",
                .adjustBraille(.timeout, by: 1), .adjustBraille(.timeout, by: -1)),
            adjustable(
                .brailleMessages, "Braille messages", settings.braille.messages.rawValue,
                "Press Up or Down to choose which new messages are shown in braille.",
                .adjustBraille(.messages, by: 1), .adjustBraille(.messages, by: -1)),
            toggle(
                .reduceMotion, "Reduce motion", settings.display.reduceMotion,
                "Press Enter to switch animations off or on.", .toggleReduceMotion),
            toggle(
                .contrast, "Increase contrast", settings.display.contrast == .increased,
                "Press Enter to switch the high-contrast theme on or off.", .toggleContrast),
            b.make(
                .addServer,
                Element(
                    label: "Add a server", traits: .button,
                    hint: "Press Enter to add an IRC server: it is saved in the settings and connected at once."),
                ElementBehaviour(activate: .openAddServer)),
        ]
    }

    /// `speech.events` in words.
    static func describe(_ events: SpeechSettings.EventPolicy) -> String {
        Wording.events(events)
    }

    /// The reading voice in words: each of Earshot's voices by how it sounds, as its file
    /// describes it ("announcer, brighter and higher"); a voice of the user's own by its name.
    static func describe(voice: String) -> String {
        switch VoiceRole(rawValue: voice) {
        case .reader: "reader, the usual voice"
        case .announcer: "announcer, brighter and higher"
        case .hint: "hint, lower and calmer"
        case .keyEcho: "key echo, short and fast"
        default: voice
        }
    }

    /// `speech.engine` in words.
    static func describe(_ engine: SpeechSettings.Engine) -> String {
        switch engine {
        case .espeakNG: "Earshot's own, espeak-ng"
        case .speechDispatcher: "speech-dispatcher"
        }
    }
}
