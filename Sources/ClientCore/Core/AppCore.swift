import Accessibility
import BrailleVocabulary
import ChatModel
import Foundation
import Presentation
import Settings
import SpeechVocabulary
import UnicodeData

/// The client as a pure reducer: events in, effects out, in order.
///
/// The core owns the state machines and lets them decide: the navigator moves focus, the
/// presentation coordinator runs sheets one transition at a time, `EscapeChain` routes Escape,
/// the navigation stack is the only source of the route, the announcer paces announcements,
/// the typing tracker says who is typing. It does no I/O and reads no clock: time comes with
/// each event, and the store, the network, the settings file and speech are effects that the
/// runtime performs in order.
///
/// ```swift
/// var core = AppCore(configuration)
/// let effects = core.handle(.key(.right), at: .milliseconds(120))
/// // [.speak("Message #welcome, text field.", .default, "reader"), .bottom("Message #welcome: ")]
/// ```
public struct AppCore: Sendable {
    /// What the core is started with.
    public struct Configuration: Sendable {
        public var settings: Settings
        public var onboarded: Bool
        public var terminalRows: Int
        /// The local workspace's network and its #welcome channel.
        public var localNetworkID: Int64
        public var welcomeChannelID: Int64
        public var nick: String
        /// Whether an IRC server is configured: a piped line waits for its first channel.
        public var expectsIRC: Bool
        /// The host connected to at start, when it is one (`--server`, or the settings' only
        /// server): "Connecting to irc.example.net".
        public var connectingTo: String?
        /// Whether a braille display may be connected: the focus's line and announcements go to it.
        public var braille: Bool
        /// `--screen-reader`: another screen reader reads the terminal, whatever the settings say.
        public var screenReader: Bool
        /// The wall clock and the local zone (``LocalTime/system()`` in the client).
        public var localTime: LocalTime
        /// Unicode's emoji names and keywords (``EmojiData/installed`` in the client).
        public var emoji: EmojiData
        /// Whether a desktop here can open a link (a display, and not over SSH).
        public var desktop = false
        /// Whether the terminal takes a copy from a program (OSC 52); false where it is known not
        /// to (the Linux console, VTE's terminals, Apple's Terminal), outside tmux.
        public var clipboard = true
        /// Whether speech is off (`--speech off`): reading is by braille alone, at the reader's
        /// pace (a message is read when read on the display, not when "said").
        public var speechOff = false
        /// The listener's name in the local workspace, when it is not ``nick`` (IRC's): their
        /// own lines there are theirs ("You") after a restart with a server too.
        public var localNick: String?

        public init(
            settings: Settings, onboarded: Bool, terminalRows: Int, localNetworkID: Int64, welcomeChannelID: Int64,
            nick: String, localTime: LocalTime, emoji: EmojiData, expectsIRC: Bool = false, braille: Bool = false,
            screenReader: Bool = false
        ) {
            self.screenReader = screenReader
            self.localTime = localTime
            self.emoji = emoji
            self.expectsIRC = expectsIRC
            self.braille = braille
            self.settings = settings
            self.onboarded = onboarded
            self.terminalRows = terminalRows
            self.localNetworkID = localNetworkID
            self.welcomeChannelID = welcomeChannelID
            self.nick = nick
        }
    }

    public internal(set) var state: AppState
    public internal(set) var navigator: Navigator
    /// The tree on screen, with what each element does.
    public internal(set) var tree: ScreenTree
    var announcer = Announcer()
    var typingTracker = TypingTracker()
    let configuration: Configuration
    /// The time of the event being handled.
    var now: Duration = .zero
    /// Effects of the event being handled.
    var effects: [AppEffect] = []
    /// Hints heard until learnt, then said on a rest.
    var hintTutor = HintTutor()
    /// What goes to the outputs, and what each was last given.
    var outputs = Outputs()
    /// Say-all, review, and the message being heard.
    var reader = Reader()
    /// How sheets come and go beyond the coordinator.
    var sheetFlow = SheetFlow()
    /// What the keys just pressed leave to the next ones.
    var keyMemory = KeyMemory()
    /// What the channels' news depends on.
    var channelNews = ChannelNews()
    /// Piped lines, slow progress and the search's pause.
    var waits = Waits()
    /// The largest the announcer's queue has been (for the benchmark).
    public var maxPendingAnnouncements: Int { outputs.maxPendingAnnouncements }

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        state = AppState(
            settings: configuration.settings, onboarded: configuration.onboarded,
            terminalRows: configuration.terminalRows,
            localTime: configuration.localTime, emoji: configuration.emoji, localNetworkID: configuration.localNetworkID
        )
        state.channelID = configuration.welcomeChannelID
        state.pacedAlways = configuration.braille && configuration.speechOff
        state.nick = configuration.nick
        state.nicks[configuration.localNetworkID] = configuration.localNick ?? configuration.nick
        tree = Screens.tree(state)
        navigator = Navigator(tree: tree.root)
        navigator.options = PhraseOptions(
            punctuation: Self.punctuation(configuration.settings), emoji: configuration.settings.speech.emoji)
        announcer.burstWindow = configuration.settings.speech.mergeBursts ? Self.burstWindow : .zero
        announcer.names = configuration.settings.speech.names
    }

    /// Handles one event at `now` (monotonic) and returns what to do, in order.
    public mutating func handle(_ event: AppEvent, at now: Duration) -> [AppEffect] {
        self.now = now
        effects = []
        switch event {
        case .key, .line: outputs.answeringKey = true
        case .braille(.read): outputs.answeringKey = false
        case .braille: outputs.answeringKey = true
        // The end of what a key began: a sheet's move (its title, "Reacted with …", "… closed"),
        // a channel or thread it opened, a search it asked for.
        case .transitionFinished, .searched: outputs.answeringKey = true
        case .loaded(let snapshot): outputs.answeringKey = snapshot.load.purpose != .refresh
        default: outputs.answeringKey = false
        }
        let today = state.localTime.dayNumber(state.localTime.date(at: now))
        if today != state.today { state.today = today }
        switch event {
        case .start(let problems): start(problems: problems)
        case .key(let key): handle(key: key)
        case .line(let line): handle(line: line)
        case .chat(let chat, let network): handle(chat: chat, network: network)
        case .loaded(let snapshot): loaded(snapshot)
        case .searched(let query, let results): searched(query, results)
        case .settings(let update): handle(settings: update)
        case .utterance(let kind, let voice): utterance(kind, voice: voice)
        case .braille(let input): handle(braille: input)
        case .brailleStatus(let status): brailleStatus(status)
        case .tick: tick()
        case .transitionFinished: perform(state.sheets.transitionFinished())
        case .failed(let message):
            playCue(.error, .high)
            post(.announcement(message, priority: .high))
        case .serverAdded(let host, let unsetVariable):
            say(.serverAdded(host, unsetVariable: unsetVariable), .default, .announcer)
        case .serverNotAdded(let reason):
            playCue(.error, .high)
            announce(.serverNotAdded(reason), .high)
        case .settingNotSaved(let reason, let saved):
            // The sheet shows what is in force, not a change the file does not hold.
            apply(saved)
            rebuild()
            playCue(.error, .high)
            announce(.settingNotSaved(reason), .high)
        case .notSent(let text, let reason): notSent(text, reason: Wording.reason(reason))
        case .sendFailed(let send, let reason): sendFailed(send, reason)
        case .storeFailed(let reason):
            playCue(.error, .high)
            announce(.couldNotSave(reason), .high)
        case .readFailed(let reason):
            playCue(.error, .high)
            announce(.couldNotRead(reason), .high)
        case .needsServer(let command):
            playCue(.error, .high)
            announce(.connection(.needsServer(command: command)), .high)
        case .replyRefused(let text, let reason): replyRefused(text, reason: Wording.reason(reason))
        case .speechRoute(let route): speechMoved(to: route)
        case .speechDispatcher(let status): speechDispatcherChanged(status)
        case .soundPack(let name, let found, let unreadable):
            // Said once for each reading of the pack (at start, and when the file changes it),
            // after what is being said: the channel at start, "Sound pack: soft" on a change.
            if !found {
                announce(.device(.noSoundPack(name)), .low)
            } else if !unreadable.isEmpty {
                announce(.device(.soundPackUnreadable(name, files: unreadable)), .low)
            }
        }
        finish()
        return effects
    }

    mutating func tick() {
        announce(announcer.tick(at: now))
        refreshTyping()
        giveUpWaitingLines()
        searchIfDue()
        saySlowProgress()
        if let hint = hintTutor.tick(at: now, focus: navigator.focusedElement?.identifier), state.settings.speech.hints
        {
            say(hint, .low, .hint)
        }
        connectionTick()
    }

    /// Whether another screen reader reads the terminal (`display.screen_reader`,
    /// `--screen-reader`).
    var forScreenReader: Bool { configuration.screenReader || state.settings.display.screenReader }

    /// The bottom line follows focus; the next deadline is asked for.
    mutating func finish() {
        if forScreenReader { forOtherScreenReader() }
        let bottom =
            forScreenReader
            ? navigator.focusedElement.map(Lines.phrase) ?? "" : navigator.focusedElement.map(Lines.bottom) ?? ""
        let caret = forScreenReader ? nil : bottomCaret
        if bottom != outputs.bottom || caret != outputs.caret {
            outputs.bottom = bottom
            outputs.caret = caret
            effects.append(.bottom(bottom, caret: caret))
        }
        if configuration.braille {
            let braille = focusBraille
            // Nothing focused yet (connecting to a server): the display keeps what it shows.
            if braille != outputs.braille, !braille.text.isEmpty {
                let movedTo = braille.element != outputs.braille?.element
                outputs.braille = braille
                let answer = effects.lastIndex { if case .brailleMessage(_, true, _, _) = $0 { true } else { false } }
                if let answer, movedTo {
                    // The key's answer brought a new focus (a sheet's title over its first item,
                    // "#b, 3 unread" over the message it opens on): drawn after it, beneath it, so
                    // the answer flashes long enough to read and the focus follows.
                    effects.insert(.braille(braille, fromKey: false), at: answer + 1)
                } else {
                    // Under what this event announced ("Reacted with thumbs up"): the message is
                    // read first, and the focus is there when it goes.
                    let firstMessage = effects.firstIndex { if case .brailleMessage = $0 { true } else { false } }
                    effects.insert(
                        .braille(braille, fromKey: outputs.answeringKey), at: firstMessage ?? effects.endIndex)
                }
            }
        }
        outputs.maxPendingAnnouncements = max(outputs.maxPendingAnnouncements, announcer.pendingCount)
        // The machines' deadlines, and a look at who is typing each second while anyone is.
        let deadline = [
            announcer.nextDeadline.map { max($0, now) }, waits.nextDeadline, state.connection.nextDeadline,
            hintTutor.nextDeadline, state.typing.isEmpty ? nil : now + .seconds(1),
        ].compactMap(\.self).min()
        if let deadline, deadline != outputs.wake {
            outputs.wake = deadline
            effects.append(.wake(at: deadline))
        }
    }

    /// A mouse drag on a sheet or the drawer.
    struct Drag: Sendable {
        var startRow: Int
        var lastRow: Int
        var lastTime: Duration
        var rowsPerSecond: Double
        var onSheet: Bool
    }
}

extension Duration {
    /// The duration in seconds.
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
