import ChatModel
import Foundation
import Presentation
import Settings
import SpeechVocabulary
import UnicodeData

/// Everything a screen is built from. Screens are pure functions of this state.
public struct AppState: Sendable {
    /// Channels the user left (/part, or kicked) on this run: their history stays in the drawer,
    /// and they are not among those "Back on …" names.
    public var leftChannels: Set<Int64> = []
    /// Nicks given up this session (folded): Tab no longer offers another's old nick.
    public var formerNicks: Set<String> = []
    /// One's own nicks given up this session (folded): what one wrote under them is not news.
    public var ownFormerNicks: Set<String> = []
    /// Where the user is; the navigation stack's top screen decides it.
    public enum Route: Hashable, Sendable {
        case onboarding(step: Int)
        case main
        case thread(rootID: Int64)

        /// The screen pushed for this route.
        var screenIdentifier: String {
            switch self {
            case .onboarding(let step): "onboarding.\(step)"
            case .main: "main"
            case .thread(let id): "thread.\(id)"
            }
        }
    }

    /// The sheets Earshot presents.
    public enum SheetKind: Hashable, Sendable {
        case messageActions(messageID: Int64)
        case emojiPicker(messageID: Int64)
        case settings
        case keyHelp
        case speechHistory
        case search
        /// Who is in a channel (/names), by rank.
        case names(channelID: Int64)
        /// What can be done with a channel in the drawer: which of its messages are spoken.
        case channelActions(channelID: Int64)
        /// A server added by voice: host, port, TLS, nick, channels, account, password variable.
        case addServer
        /// The actions of an element that is neither a message nor a channel (a person, a thing
        /// said), opened by A: `title` names the element.
        case elementActions(title: String, actions: [ElementBehaviour.Action])
    }

    /// The screens pushed, and the only source of ``route``.
    public var navigation: NavigationStack
    /// The route of each screen identifier pushed so far (a lookup, not a parse).
    var routes: [String: Route]
    /// The settings, changed through their editor (a step, a follow, the file).
    var settingsEditor: SettingsEditor
    public var settings: Settings { settingsEditor.settings }
    public var channels: [ChatChannel] = []
    /// The networks, the local workspace first, in the order their channels come.
    public var networks: [ChatNetwork] = []
    /// The user's nick on each IRC network, as the server gave it; ``nick`` is the open
    /// channel's network's.
    public var nicks: [Int64: String] = [:]
    /// The account each person is signed in to, per network, by folded nick (WHOX and
    /// `account-notify`); someone signed in to none is not listed.
    public var accounts: [Int64: [String: String]] = [:]
    /// The prefix of each member who has one ("@" operator, "+" voice), per channel, from NAMES.
    public var memberRanks: [Int64: [String: String]] = [:]
    public var channelID: Int64 = 0
    /// The newest page of the current channel, oldest first, without replies.
    public var messages: [ChatMessage] = []
    /// Replies per msgid in the current page.
    public var replyCounts: [String: Int] = [:]
    /// Replies not yet read, per thread root's msgid: the root says "3 replies, 1 unread" (the
    /// channel's count is of its messages, as the unread rotor finds them), and a reply read in
    /// its thread (or heard in full as it came) is read.
    package var unreadReplies: [String: Set<Int64>] = [:]
    public var threadMessages: [ChatMessage] = []
    /// The first unread message when the channel was opened, for the "New messages" marker.
    public var firstUnreadID: Int64?
    /// The read marker when the channel was opened: newer messages are unread.
    public var lastReadID: Int64 = 0
    public var composer = ""
    public var threadComposer = ""
    /// What editing the text fields leaves between keys: carets, the kill ring, drafts, the
    /// lines sent for recalling, a paste waiting to be confirmed.
    var fields = Composer()
    /// A reply the server could not carry, offered to be sent as a plain message: Enter on the
    /// same text in the thread's composer sends it to the channel addressed to the root's author.
    public var plainReplyOffer: String?
    public var pickerQuery = ""
    /// The search sheet's words, and what the store found for them (newest first).
    public var searchQuery = ""
    public var searchResults: [ChatMessage] = []
    /// Enter came before the words typed were searched: the first result is gone to when they are.
    var firstResultWanted = false
    /// A message to focus when its channel opens (a search result), instead of the first unread.
    public var focusOnOpen: Int64?
    public var channelQuery = ""
    /// Who is typing in the open channel, from the typing tracker.
    public var typing: [String] = []
    /// Whether the indicator is said: someone in it began typing who was not heard a moment ago.
    var typingIsNews = true
    /// The connection as the listener hears of it: where the client is (the local workspace,
    /// connected with a nick, or disconnected), which networks are lost or welcomed.
    var connection = ConnectionMachine()
    /// Braille is read at the reader's pace whatever `braille.paced` says (speech is off): the
    /// settings sheet does not offer the choice.
    var pacedAlways = false
    /// The thread root of each reply in the open channel (a reply to a reply too), by msgid.
    var replyRoots: [String: String] = [:]
    /// A reply search found, whose thread opens once its channel has.
    var threadReplyToOpen: ChatMessage?
    /// The message a thread opens on, when not its root.
    var threadFocus: Int64?
    /// Channels the user asked to join (/join), whose join is said when it comes.
    var joinRequests: Set<String> = []
    /// The server being added by voice: its fields as typed, and whether it is secure.
    var serverDraft: [ServerField: String] = [.port: "6697"]
    var serverTLS = true
    /// Quitting was asked about (lines still wait to send): Enter quits, any other key stays.
    var quitAsked = false
    /// A line refused because its channel was left: Enter again on it joins and sends it.
    var rejoinOffer: RejoinOffer?
    /// Lines that go once their channel (by id) is joined again.
    var afterRejoin: [Int64: [String]] = [:]
    /// Lines written while their server was away, said again when they go.
    var waitingToSend: [String] = []
    /// Other channels where someone mentioned the user since they were last open (Alt-A goes
    /// there first).
    public var mentionedChannelIDs: Set<Int64> = []
    /// Other channels where messages came since they were last open: Alt-A goes there before
    /// channels whose unread messages are older (the workspace's lesson, last session's).
    public var freshChannelIDs: Set<Int64> = []
    /// Joins, parts, quits and nick changes between messages, each run one element (the open
    /// channel's are shown; a channel opened again shows its own).
    public var memberRuns: [MemberRun] = []
    /// The voice each renamed person keeps (by their new nick, folded), for the session.
    public var speakerAliases: [String: SpeakerVoice] = [:]
    public var nextMemberRunID = 1
    /// What was said, oldest first, at most ``speechHistoryLimit``: announcements and what
    /// was read, not hints or echoes of typing. Its sheet lists it newest first.
    public var speechHistory: [SpokenEntry] = []
    /// Letters typed in the speech history to find what was said, and when the last came.
    public var spokenSearch: (text: String, at: Duration) = ("", .zero)
    public static let speechHistoryLimit = 100
    /// The user's own name, to tell their messages from others'.
    public var nick = "you"
    /// The sheets up, each with its kind and the last frame drawn for it.
    public var sheets: PresentationCoordinator<SheetKind>
    /// The newest sheet the core has begun to show. A sheet the coordinator carried out from
    /// its queue in the same step that settles the one before is shown only when its own first
    /// action is performed, so that the settling sheet's appearance is not read into it.
    public var sheetsShownThrough: SheetID?
    public var drawer: Drawer

    /// The wall clock and the zone days and times are reckoned in, and the local day it is now
    /// (the core keeps it current with each event).
    public var localTime: LocalTime
    public var today: Int
    /// Unicode's emoji names and keywords.
    public var emoji: EmojiData
    /// The local workspace's network: its lessons say "you" to the reader, which is no mention.
    public var localNetworkID: Int64

    public init(
        settings: Settings, onboarded: Bool, terminalRows: Int, localTime: LocalTime, emoji: EmojiData,
        localNetworkID: Int64
    ) {
        self.localNetworkID = localNetworkID
        self.settingsEditor = SettingsEditor(settings)
        self.localTime = localTime
        self.emoji = emoji
        self.today = localTime.dayNumber(localTime.origin)
        let first: Route = onboarded ? .main : .onboarding(step: 1)
        self.navigation = NavigationStack(root: Self.screen(first, title: "", focus: nil))
        self.routes = [first.screenIdentifier: first]
        self.sheets = PresentationCoordinator(
            terminalRows: terminalRows, reduceMotion: settings.display.reduceMotion, payloads: SheetKind.self)
        self.drawer = Drawer(
            configuration: DrawerConfiguration(
                title: "Channels", firstElementIdentifier: ElementID.drawerSearch.identifier),
            terminalRows: terminalRows, state: .compressed, reduceMotion: settings.display.reduceMotion)
    }

    /// The route of the top screen.
    public var route: Route { routes[navigation.top.identifier] ?? .main }

    /// The screen to push for `route`; Main is a head screen (onboarding is gone for good).
    static func screen(_ route: Route, title: String, focus: ElementID?) -> Screen {
        let isHead: Bool
        switch route {
        case .main: isHead = true
        case .onboarding(let step): isHead = step == 1
        case .thread: isHead = false
        }
        return Screen(
            identifier: route.screenIdentifier, title: title, isHead: isHead, firstElementIdentifier: focus?.identifier)
    }

    /// Pushes the screen for `route`, opened by the element `opener`.
    package mutating func push(
        _ route: Route, title: String, focus: ElementID?, from opener: ElementID?
    ) -> NavigationStack.Action {
        routes[route.screenIdentifier] = route
        return navigation.push(Self.screen(route, title: title, focus: focus), from: opener?.identifier)
    }

    public var channel: ChatChannel? { channels.first { $0.id == channelID } }
    public var channelName: String { channel?.name ?? "#welcome" }

    /// Whether a message is unread: newer than the read marker, and not the user's own.
    /// The user's nick on the network of `channelID`.
    public func nick(inChannel channelID: Int64) -> String {
        guard let network = channels.first(where: { $0.id == channelID })?.networkID else { return nick }
        return nicks[network] ?? nick
    }

    /// Whether the user is among those who reacted to `message` with `reaction` (its stored
    /// form), by the nick they have on the message's network.
    public func isOwn(reaction: String, on message: ChatMessage) -> Bool {
        let me = nick(inChannel: message.channelID)
        let names = names(inChannel: message.channelID)
        return message.reactions[reaction]?.contains { names.equal($0, me) } ?? false
    }

    /// How the network of `channelID` compares names: RFC 1459's until its server names another.
    public func names(inChannel channelID: Int64) -> IRCCaseMapping {
        names(onNetwork: channels.first { $0.id == channelID }?.networkID)
    }

    /// How `network` compares names (the open channel's network when nil).
    public func names(onNetwork network: Int64?) -> IRCCaseMapping {
        guard let network = network ?? channel?.networkID else { return .rfc1459 }
        return networks.first { $0.id == network }?.caseMapping ?? .rfc1459
    }

    /// How the open channel's network compares names.
    public var names: IRCCaseMapping { names(onNetwork: nil) }

    /// Whether `message` mentions the user: their nick on its network, or one of their
    /// highlight words, as a word of its own; never their own message.
    public func mentions(_ message: ChatMessage) -> Bool {
        let nick = nick(inChannel: message.channelID)
        guard !isOwn(message) else { return false }
        return IRCHighlight.matches(
            message.text, words: [nick] + settings.highlights, names: names(inChannel: message.channelID))
    }

    /// Whether the user wrote `message`: under their nick on its network, or one they gave up
    /// this session.
    public func isOwn(_ message: ChatMessage) -> Bool { isMe(message.author, inChannel: message.channelID) }

    /// Whether `name` is the user on the network of `channelID`: their nick there, the nick they
    /// started with, or one they gave up this session.
    public func isMe(_ name: String, inChannel channelID: Int64) -> Bool {
        let names = names(inChannel: channelID)
        return names.equal(name, nick(inChannel: channelID)) || name == nick
            || (!ownFormerNicks.isEmpty && ownFormerNicks.contains(names.fold(name)))
    }

    /// `old` is now `new`: the old nick is given up, and the new one taken.
    mutating func nickChanged(from old: String, to new: String, isSelf: Bool, names: IRCCaseMapping) {
        let (old, new) = (names.fold(old), names.fold(new))
        formerNicks.insert(old)
        formerNicks.remove(new)
        if isSelf { ownFormerNicks.insert(old) } else { ownFormerNicks.remove(new) }
    }

    /// Whether ``messages`` is the whole channel as stored (its page was not full).
    public var pageHoldsAll = true

    public func isUnread(_ message: ChatMessage) -> Bool {
        // A reply is unread until read in its thread (or heard as it came), marker or not.
        if message.replyTo != nil { return unreadReplies.values.contains { $0.contains(message.id) } }
        return message.id > lastReadID && !message.heard && !isOwn(message)
    }

    /// Messages newer than the read marker, not counting the user's own. The page holds only the
    /// newest: when its first message is unread too, more may be before it, and the store's
    /// count for the channel (kept as they arrived) is the whole ("200 unread", not "50").
    public var unreadCount: Int {
        let here = messages.filter(isUnread).count
        guard !pageHoldsAll, let first = messages.first, isUnread(first), let stored = channel?.unread else {
            return here
        }
        return max(here, stored)
    }

    /// The heading of the open channel: "#welcome, 8 unread".
    public var channelHeading: String {
        // A direct conversation is not a channel: its heading says whom it is with.
        let name = channel?.isDirect == true ? "Conversation with \(channelName)" : channelName
        return unreadCount == 0 ? name : "\(name), \(unreadCount) unread"
    }

    /// The sheet on top, if any, and what it shows.
    public var activeSheet: (id: SheetID, kind: SheetKind, sheet: Sheet)? {
        guard let entry = sheets.activeSheet, isShown(entry.id) else { return nil }
        return (entry.id, entry.payload, entry.sheet)
    }

    /// The sheets shown, bottom first (see ``sheetsShownThrough``).
    public var shownSheets: [PresentationCoordinator<SheetKind>.Entry] {
        sheets.entries.filter { isShown($0.id) }
    }

    func isShown(_ id: SheetID) -> Bool { sheetsShownThrough.map { id <= $0 } ?? false }

    public func message(id: Int64) -> ChatMessage? {
        messages.first { $0.id == id } ?? threadMessages.first { $0.id == id }
    }
}

/// One utterance in the speech history: its text as it was prepared for the voice, and the voice.
public struct SpokenEntry: Hashable, Sendable {
    public var text: String
    public var voice: VoiceRole
    /// The words as written, where the voice's preparation changed them ("#a" said "hash a").
    public var shown: String?
    /// The person's voice it was said in, so Alt-L says it in the same one.
    public var speaker: SpeakerVoice?

    public init(text: String, voice: VoiceRole, shown: String? = nil, speaker: SpeakerVoice? = nil) {
        self.text = text
        self.voice = voice
        self.shown = shown
        self.speaker = speaker
    }
}

/// The offer after a line to a channel one left: the same line, Enter again, rejoins and sends.
struct RejoinOffer: Hashable, Sendable {
    var channelID: Int64
    var text: String
}

/// The connection as the listener knows it (its words are the phrase book's).
public enum ConnectionStatus: Hashable, Sendable {
    case local
    case connected(nick: String)
    case disconnected
}

extension AppState {
    /// Shows another channel: the message field's text is kept as the channel's draft and the
    /// new channel's own draft, if any, is put back.
    mutating func show(channel id: Int64) {
        guard id != channelID else { return }
        composer = fields.switchChannel(from: channelID, leaving: composer, to: id)
        channelID = id
    }
}
