import BrailleVocabulary
import ChatModel
import Settings
import SpeechVocabulary
import Terminal

/// Everything that happens to the client, in one stream: what ``AppCore/handle(_:at:)`` takes.
public enum AppEvent: Sendable {
    /// Show the first screen; `problems` (a bad settings file, a missing voice) are said aloud.
    case start(problems: [Wording.Announcement])
    /// A key, a mouse report or a resize from the terminal.
    case key(KeyEvent)
    /// A line of the scripted interface (stdin is not a terminal).
    case line(String)
    /// Something from the chat client or the store; `network` is the IRC network it came from
    /// when there may be several (nil: the only one, or the store).
    case chat(ChatEvent, network: Int64? = nil)
    /// What a ``AppEffect/load(_:)`` read from the store.
    case loaded(ChatSnapshot)
    /// What a ``AppEffect/search(_:)`` found for its words, newest first.
    case searched(String, [ChatMessage])
    /// The settings file changed (by hand, or by another Earshot).
    case settings(SettingsUpdate)
    /// An utterance in a voice started (`speak`), ended (`done`) or was cut off (`cancel`).
    case utterance(TranscriptRecord.Event, VoiceRole)
    /// A key on the braille display.
    case braille(BrailleInput)
    /// The braille display was found, lost or refused.
    case brailleStatus(BrailleStatus)
    /// A deadline asked for with ``AppEffect/wake(at:)`` has come.
    case tick
    /// The frames of a sheet or drawer transition have been drawn.
    case transitionFinished
    /// An effect failed (a send, a store or settings write); the text says what, in words.
    case failed(String)
    /// A setting could not be written to the file (`reason`, in words): `saved` are the
    /// settings still in force, which the sheet goes back to.
    case settingNotSaved(reason: String, saved: Settings)
    /// A server added by voice was saved and its client started; `unsetVariable` names its
    /// password variable when the environment does not hold it.
    case serverAdded(host: String, unsetVariable: String?)
    /// A server added by voice could not be saved or started.
    case serverNotAdded(reason: String)
    /// The sound pack asked for (`sounds.pack`) was not found, or some of its files could not be
    /// read: their cues keep the built-in tones.
    case soundPack(name: String, found: Bool, unreadable: [String])
    /// A line the user typed could not be stored or sent; it goes back to its composer.
    case notSent(String, reason: FailureReason)
    /// Something sent to the server failed (a stored line stays in the outbox); the core words it.
    case sendFailed(ChatSend, FailureReason)
    /// A write to the local store failed; the core words it.
    case storeFailed(FailureReason)
    /// A read of the local store failed (history, channels or a search): what could be read
    /// came with ``loaded(_:)`` or ``searched(_:_:)``; the core words the rest.
    case readFailed(FailureReason)
    /// A command that needs an IRC server was given where there is none.
    case needsServer(command: String)
    /// A reply the server cannot carry (no message-tags): it goes back to the thread's composer,
    /// and sending it as a plain message is offered.
    case replyRefused(String, reason: FailureReason)
    /// Speech moved between the sound server and text captions (the server died or came back).
    case speechRoute(SpeechRoute)
    /// speech-dispatcher, asked for, does not answer at start, or stopped: libespeak-ng speaks.
    case speechDispatcher(SpeechDispatcherStatus)

    public enum SpeechDispatcherStatus: Sendable, Hashable {
        /// It did not answer at start (`reason`, libspeechd's words).
        case unavailable(reason: String)
        /// It stopped answering.
        case lost
    }

    /// Where speech is heard.
    public enum SpeechRoute: Sendable, Hashable {
        case audio
        /// Caption lines on screen, because the sound server is gone (`reason`, in its words).
        case captions(reason: String)
    }
}
