import BrailleVocabulary
import ChatModel
import Foundation
import Presentation
import Settings
import SpeechVocabulary
import Terminal

/// What the core asks the runtime to do, in order.
public enum AppEffect: Sendable, Equatable {
    /// Say `text` (already prepared for the voice) at a priority, in a voice; a `cue` sounds
    /// first (and `text` may then be empty). `shown` is the same words as written, where the
    /// voice's preparation changed them ("#welcome" is said "hash welcome"): what another screen
    /// reader gets to read, so that it speaks and brailles them its own way.
    /// `languages` are the stretches read in another language (``SpokenLanguage``); a `speaker`
    /// says it in a person's own voice (`speech.speaker_voices`).
    case speak(
        String, SpeechPriority, VoiceRole, cue: SoundCue? = nil, shown: String? = nil, languages: [LanguageRun] = [],
        speaker: SpeakerVoice? = nil)
    /// Silence speech now.
    case stopSpeech
    /// Pause speech, keeping what was cut off; or resume it when it is paused.
    case pauseOrResumeSpeech
    /// Rate, pitch, volume, punctuation and the reading voice from the settings.
    case configureSpeech(SpeechSettings)
    /// Sound cues on or off, and their volume.
    case configureSounds(SoundSettings)
    /// The sound pack named so (`sounds.pack`; empty: the built-in tones), read again.
    case loadSoundPack(String)
    /// Print lines above the bottom line.
    case lines([StyledText])
    /// Print an announcement as a line of its own, for another screen reader to read (a
    /// `polite` one whose words were all just printed is left out by the output).
    case announcementLine(String, polite: Bool)
    /// Rewrite the bottom line: the focused element; in a text field, `caret` is where the
    /// terminal's cursor goes (a character offset into the line).
    case bottom(String, caret: Int? = nil)
    /// Show the focus on the braille display (its line changed); `fromKey`: the reader's key
    /// moved it, and it replaces a message there.
    case braille(BrailleLine, fromKey: Bool = false)
    /// Show an announcement on the braille display for its timeout; an `answer` to the reader's
    /// key shows at once, news waits its turn.
    /// A `topic`: newer news of it replaces this (the connection's state).
    /// `about`: the channel it is news of (put away when that channel opens).
    case brailleMessage(String, answer: Bool = false, topic: String? = nil, about: String? = nil)
    /// The channel named opened: its news still waiting on the display is put away.
    case brailleForget(about: String)
    /// The braille table and timeout from the settings.
    case configureBraille(BrailleSettings)
    /// Render with these settings (size, colours, contrast).
    case display(Settings)
    /// The terminal is this wide now (its height is the core's business: sheets and drawer).
    case resize(columns: Int)
    /// Put text on the clipboard.
    case copy(String)
    /// Open a web address with the desktop's opener (`xdg-open`).
    case openLink(String)
    /// Read channels and messages from the store; the answer comes back as ``AppEvent/loaded(_:)``.
    case load(ChatLoad)
    /// Full-text search of the history; the answer comes back as ``AppEvent/searched(_:_:)``.
    case search(String)
    /// Write to the local store.
    case store(StoreWrite)
    /// Send to the IRC server of `network`, in order; a failure comes back as ``AppEvent/failed(_:)``.
    case send(ChatSend, network: Int64)
    /// Change one settings key in the file, keeping the rest.
    case writeSetting(SettingKey, from: Settings)
    /// Save a server to the settings file and connect to it now.
    case addServer(IRCServerSettings)
    /// Draw a transition's frames; ``AppEvent/transitionFinished`` follows the last.
    case drawTransition([PresentationFrame])
    /// Send ``AppEvent/tick`` at this time (replaces an earlier request).
    case wake(at: Duration)
    case quit
}

/// A store read and why it was asked for.
public struct ChatLoad: Sendable, Hashable {
    public enum Purpose: Sendable, Hashable {
        /// Keep what is shown up to date.
        case refresh
        /// Open the channel: say its heading, then focus its first unread message.
        case open
        /// Open the thread of a message (and say so when `announce`).
        case thread(rootID: Int64, announce: Bool)
        /// The stored page before `message`, for a review past the oldest message held.
        case older(before: ChatMessage)
    }

    public var channelID: Int64
    public var purpose: Purpose
    /// The thread's root message, for `.thread`.
    public var root: ChatMessage?

    public init(channelID: Int64, purpose: Purpose, root: ChatMessage? = nil) {
        self.channelID = channelID
        self.purpose = purpose
        self.root = root
    }
}

/// What a ``ChatLoad`` found.
public struct ChatSnapshot: Sendable, Hashable {
    public var load: ChatLoad
    /// The networks, the local workspace first, in the order their channels come.
    public var networks: [ChatNetwork]
    public var channels: [ChatChannel]
    /// The newest page of the channel, oldest first, replies included.
    public var messages: [ChatMessage]
    /// The thread's root and replies, for a thread load.
    public var thread: [ChatMessage]

    public init(
        load: ChatLoad, channels: [ChatChannel], messages: [ChatMessage], thread: [ChatMessage] = [],
        networks: [ChatNetwork] = []
    ) {
        self.load = load
        self.networks = networks
        self.channels = channels
        self.messages = messages
        self.thread = thread
    }
}

/// A write to the store, made by the one that writes the network's rows: its IRC client, or
/// the local workspace (`ReadMarkers` in Chat).
public enum StoreWrite: Sendable, Hashable {
    /// A message in a local-workspace channel; it comes back as a chat event.
    case post(String, replyTo: ChatMessage?, channel: ChatChannel?)
    /// A reaction in the local workspace.
    case react(String, to: ChatMessage)
    /// Takes the user's reaction back in the local workspace.
    case removeReaction(String, from: ChatMessage)
    /// Set the read marker (forward, or back for Mark unread) and the count still unread after it.
    case markRead(channelID: Int64, network: Int64, upTo: Int64, unread: Int)
    /// A message heard in full ahead of the read marker is read, with the count still unread.
    case markHeard(channelID: Int64, network: Int64, messageID: Int64, unread: Int)
    /// Open the direct-message conversation with a nick on the IRC network, made if it is new
    /// (/query); it comes back as an opened channel.
    case openDirect(nick: String, network: Int64)
    /// Forget the direct conversation if nothing is in it (a refused /msg to a nick the server
    /// does not know made it); ``ChatEvent/conversationForgotten(channelID:)`` answers.
    case forgetConversation(channelID: Int64, network: Int64)
}

/// Something for the IRC server.
public enum ChatSend: Sendable, Hashable {
    case message(String, to: String, replyTo: String?)
    case react(String, msgid: String, in: String)
    /// Take back our reaction (`+draft/unreact`).
    case unreact(String, msgid: String, in: String)
    case typing(in: String)
    case stoppedTyping(in: String)
    case action(String, to: String)
    case join(String)
    case joinWithKey(String, key: String)
    case part(String, reason: String)
    case nick(String)
    case topic(String, in: String)
    /// Away with a reason, or back (nil).
    case away(String?)
    case quit(String)
    /// Try the connection again now, without waiting out the pause between tries.
    case reconnect
    /// Ask who is in a channel (NAMES).
    case names(String)
    /// Ask who a nick is (WHOIS).
    case whois(String)
    /// Follow nicks with MONITOR, or stop.
    case monitor([String], follow: Bool)
    /// Read up to `time` in a channel or conversation: for the account's other clients.
    case markRead(String, at: Date)
    /// The page before `message` from the server's history (or, where it keeps none, word
    /// that there is nothing older).
    case fetchOlder(String, before: ChatMessage)
}
