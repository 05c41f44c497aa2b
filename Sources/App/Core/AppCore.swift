import Accessibility
import Braille
import Chat
import Foundation
import Presentation
import Settings
import Speech
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
    /// The custom action chosen with the Actions rotor, until focus moves.
    var chosenAction: String?
    /// The `a` (or `A`) that opened a message's actions, and when: a character soon after it
    /// makes it the first letter of a word (``typedOutsideAField(_:)``).
    var actionsKey: (key: String, at: Duration)?
    /// Sheets taken back before they were heard: their appearing and going are not said.
    var takenBack: Set<SheetID> = []
    /// Hints heard until learnt, then said on a rest.
    var hintTutor = HintTutor()
    /// "Not a text field" was said for this run of characters.
    var refusedTyping = false
    /// The message field focus has just moved to, named with the first echo.
    var fieldToName: String?
    /// Sheet dismissals whose return of focus is not spoken (an action's result is, instead).
    var quietDismissals = 0
    /// What to do once every sheet is gone.
    var afterSheets: [Intent] = []
    /// Piped lines waiting for the first IRC channel, and when to give up on it.
    var waitingLines = WaitingLines()
    /// Set while messages wait for their channels to be read, so they are read only once.
    var learningChannels = false
    var lastBottom: String?
    var lastCaret: Int?
    var lastBraille: BrailleLine?
    /// Whether the event being handled is the reader's key: what it shows on the display
    /// answers them, at once.
    var answeringKey = false
    /// What was last said about the braille display, so each change is said once.
    var brailleSaid: BrailleConnection.Status?
    /// Chat announcements that speech says and braille does not (`braille.messages`).
    var unbrailled: Set<String> = []
    var lastWake: Duration?
    /// The sheet pan in progress, from a mouse drag.
    var drag: Drag?
    /// The last Tab completion in the composer, to cycle through its candidates.
    var completion: Completion?
    /// The message Alt-Up and Alt-Down last reviewed, and the older pages they reached.
    var reviewer = Review()
    /// The decorated nicks the lexicon was made with (nil: make it again).
    var lexiconNicks: Set<String>?
    var lexiconSignature: [Int64] = []
    /// When each person (folded nick) last wrote, for speaking only their joins and quits.
    var lastSpoke: [String: Duration] = [:]
    /// When each region (channel name) last had news: messages, joins, quits.
    var lastActivity: [String: Duration] = [:]
    /// Reading from focus to the end (Alt-R), while it lasts.
    var sayAll: SayAll?
    /// Progress said only when the answer is slow ("Joining #a"), by what it waits for.
    var slowProgress = SlowProgress()
    /// The topic of the news being said, while it is said (the connection's state): on the
    /// display, newer news of it replaces older.
    var newsTopic: String?
    /// Nicks the user just asked to follow (/monitor): their first answer is said even when
    /// it is "offline" (folded nicks).
    var askedPresence: Set<String> = []
    /// What came while the user was away, per channel (messages, mentions), gathered while a
    /// reconnect's replays arrive, and when the last of it came: one sentence says it all.
    var awayNews: [Int64: (messages: Int, mentions: Int)] = [:]
    var awayNewsAt: Duration?
    /// When the words typed in search are searched for (after a pause in typing).
    var searchDue: Duration?
    /// The message whose phrase the reading voice is saying, until it is heard or cut off.
    var hearing: Hearing?
    /// The messages of the open channel the announcing voice is saying in full.
    var announcingMessages: [Int64] = []
    /// When the last sound cue of each kind was asked for (a flood plays one).
    var lastCue: [SoundCue: Duration] = [:]
    /// The largest the announcer's queue has been (for the benchmark).
    public private(set) var maxPendingAnnouncements = 0

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
        case .key, .line: answeringKey = true
        case .braille(.read): answeringKey = false
        case .braille: answeringKey = true
        // The end of what a key began: a sheet's move (its title, "Reacted with …", "… closed"),
        // a channel or thread it opened, a search it asked for.
        case .transitionFinished, .searched: answeringKey = true
        case .loaded(let snapshot): answeringKey = snapshot.load.purpose != .refresh
        default: answeringKey = false
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
        if bottom != lastBottom || caret != lastCaret {
            lastBottom = bottom
            lastCaret = caret
            effects.append(.bottom(bottom, caret: caret))
        }
        if configuration.braille {
            let braille = focusBraille
            // Nothing focused yet (connecting to a server): the display keeps what it shows.
            if braille != lastBraille, !braille.text.isEmpty {
                let movedTo = braille.element != lastBraille?.element
                lastBraille = braille
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
                    effects.insert(.braille(braille, fromKey: answeringKey), at: firstMessage ?? effects.endIndex)
                }
            }
        }
        maxPendingAnnouncements = max(maxPendingAnnouncements, announcer.pendingCount)
        // The machines' deadlines, and a look at who is typing each second while anyone is.
        let deadline = [
            announcer.nextDeadline.map { max($0, now) }, waitingLines.nextDeadline, searchDue,
            state.connection.nextDeadline, slowProgress.nextDeadline, hintTutor.nextDeadline,
            state.typing.isEmpty ? nil : now + .seconds(1),
        ].compactMap(\.self).min()
        if let deadline, deadline != lastWake {
            lastWake = deadline
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
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
