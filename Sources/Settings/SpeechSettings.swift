import SpeechVocabulary

/// `[speech]`: the voice and how much it says.
///
/// Ranges: `rate` 80…450 words per minute (default 175), `pitch` 0…100 (default 50) and
/// `volume` 0…100 percent (default 100; espeak-ng's normal volume is 100 on its 0…200 scale,
/// and Earshot never goes above normal, so 100 percent is espeak-ng's 100).
public struct SpeechSettings: Sendable, Equatable {
    /// What is spoken while typing in a text field.
    public enum Echo: String, CaseIterable, Sendable, Equatable {
        case none, characters, words, both
    }

    /// A voice role name (such as "reader") or a path to a voice file.
    public var voice: String = "reader"
    public var rate: Int = 175
    public var pitch: Int = 50
    public var volume: Int = 100
    public var punctuation: PunctuationLevel = .some
    /// How capital letters are marked: not at all, by a higher pitch, or by the word "cap".
    public var capitals: CapitalMarking = .none
    /// Whether hints are spoken after an element.
    public var hints: Bool = true
    public var echo: Echo = .characters
    /// Which new messages are spoken.
    public enum MessagePolicy: String, CaseIterable, Sendable, Equatable {
        /// Every message, other channels' with the channel's name first.
        case all
        /// The open channel's messages, and mentions and direct messages from anywhere.
        case active
        /// Only mentions of your nick, and direct messages.
        case mentions
        /// No words: each message plays the message sound (a busy channel heard as a pulse,
        /// TWBlue's way); mentions and direct messages are still said.
        case sound
        /// None (they are still shown and counted).
        case none
    }

    /// How one channel is spoken where it differs from the rest (`speech.channels`): which of
    /// its messages, and in which language its messages are read.
    ///
    /// ```toml
    /// [speech.channels]
    /// "#busy" = "sound"                                # the plain form: the policy alone
    /// "#de" = { messages = "all", language = "de" }
    /// ```
    public struct ChannelSpeech: Sendable, Equatable {
        /// Which messages are spoken; nil follows `speech.messages`.
        public var messages: MessagePolicy?
        /// An espeak-ng language code ("de", "pt-br"); nil chooses by the text's script.
        public var language: String?

        public init(messages: MessagePolicy? = nil, language: String? = nil) {
            self.messages = messages
            self.language = language
        }
    }

    /// Which new messages are spoken (`speech.messages`), and per channel (`speech.channels`,
    /// a table of channel name to policy or to a ``ChannelSpeech`` table) where it differs.
    public var messages: MessagePolicy = .all
    public var channels: [String: ChannelSpeech] = [:]

    /// The settings of `channel` (names compare without case, as IRC's do).
    public func channel(_ name: String) -> ChannelSpeech? {
        channels.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The policy for messages in `channel`.
    public func messagePolicy(in channel: String) -> MessagePolicy {
        self.channel(channel)?.messages ?? messages
    }

    /// The language `channel`'s messages are read in, when the settings name one.
    public func language(in channel: String) -> String? {
        self.channel(channel)?.language
    }

    /// Changes `channel`'s entry (kept under the name as it was first written).
    public mutating func setChannel(_ name: String, _ change: (inout ChannelSpeech) -> Void) {
        let key = channels.keys.first { $0.lowercased() == name.lowercased() } ?? name
        var entry = channels[key] ?? ChannelSpeech()
        change(&entry)
        channels[key] = entry
    }

    /// Which synthesiser speaks: the in-process libespeak-ng (the default, and the fast path),
    /// or the user's own speech-dispatcher with the module, voice, rate and pitch set up there.
    public enum Engine: String, CaseIterable, Sendable, Equatable {
        case espeakNG = "espeak-ng"
        case speechDispatcher = "speech-dispatcher"
    }

    public var engine: Engine = .espeakNG

    /// Which joins, parts, quits and nick changes are spoken (they are always shown).
    public enum EventPolicy: String, CaseIterable, Sendable, Equatable {
        /// None.
        case none
        /// Only of people who spoke in the last ten minutes (weechat's smart filter).
        case recent
        /// Everyone's.
        case all
    }

    public var events: EventPolicy = .recent

    /// Whether a message's time is said when it is focused; off, the time is said by Alt-T,
    /// and shown.
    public var times: Bool = false

    /// Whether one person's messages in one channel within a few seconds are said as one
    /// utterance with their name once ("kim: deploy is done. tests pass").
    public var mergeBursts: Bool = true

    /// How words are said (`[speech.pronounce]`, a table of word to spoken form): nicks and
    /// words anywhere, matched as whole words without case.
    public var pronounce: [String: String] = [:]

    /// Whether `rate`, `pitch` or `volume` were set in the file (speech-dispatcher keeps its
    /// own otherwise).
    public var explicit: Set<String> = []

    /// Whether a typed key cuts off speech at once (NVDA's "Interrupt speech while typing",
    /// Fenrir's `interruptOnKeyPress`); when false, echoes wait behind what is being said.
    /// Either way polite announcements wait until typing pauses, and none is lost.
    public var typingInterrupts: Bool = true

    /// Whether it is said when someone starts typing in the open channel (it is shown either way).
    public var typing: Bool = true

    /// How emoji are said: by name, by a short name, or not at all.
    public var emoji: EmojiSpeech = .names

    /// Whether each person's messages are said in a voice of their own (the same nick always the
    /// same voice; one's own in the reading voice).
    public var speakerVoices: Bool = false

    /// When a message said as it arrives in the open channel names its writer.
    public var names: SpeakerNames = .onChange

    /// People whose messages are said wherever they arrive, whatever their channel's policy
    /// (Emacspeak's people to monitor, Orca's "speak messages from").
    public var follow: [String] = []

    public static let rateRange = 80...450
    public static let pitchRange = 0...100
    public static let volumeRange = 0...100

    public init() {}
}

/// `[sounds]`: short tones for events (a message elsewhere, a mention, sent, a boundary, an
/// error, a lost connection). With sounds on, reaching the first or last element is a sound
/// instead of the words "top" and "bottom".
public struct SoundSettings: Sendable, Equatable {
    public var enabled: Bool = true
    /// Loudness of the tones, 0–100 percent.
    public var volume: Int = 50
    /// A sound pack: WAV files named by cue in `earshot/sounds/NAME` of the data folders; empty
    /// for the built-in tones.
    public var pack: String = ""

    public static let volumeRange = 0...100

    public init() {}
}
