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
        /// None (they are still shown and counted).
        case none
    }

    /// Which new messages are spoken (`speech.messages`), and per channel (`speech.channels`,
    /// a table of channel name to policy) where it differs.
    public var messages: MessagePolicy = .all
    public var channelMessages: [String: MessagePolicy] = [:]

    /// The policy for messages in `channel` (names compare without case, as IRC's do).
    public func messagePolicy(in channel: String) -> MessagePolicy {
        channelMessages.first { $0.key.lowercased() == channel.lowercased() }?.value ?? messages
    }

    /// Whether a typed key cuts off speech at once (NVDA's "Interrupt speech while typing",
    /// Fenrir's `interruptOnKeyPress`); when false, echoes wait behind what is being said.
    /// Either way polite announcements wait until typing pauses, and none is lost.
    public var typingInterrupts: Bool = true

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

    public static let volumeRange = 0...100

    public init() {}
}
