import Foundation

/// What the IRC connection learned from the server, already sanitised.
///
/// Produced by ``IRCConnection`` (pure) and turned into stored messages and `ChatEvent`s by
/// `IRCClient`.
public enum IRCEvent: Sendable, Hashable {
    /// Registration finished; `nick` is the nick the server gave us. `again` after a lost
    /// connection (registered before).
    case registered(nick: String, again: Bool)
    /// Someone (maybe us) joined a channel.
    case joined(channel: String, nick: String, isSelf: Bool)
    /// Someone (maybe us) left a channel.
    case parted(channel: String, nick: String, isSelf: Bool, reason: String)
    /// Someone left the network.
    case quit(nick: String, reason: String)
    /// Someone (maybe us) changed nick.
    case nickChanged(from: String, to: String, isSelf: Bool)
    /// A channel's topic, on join or when it changes.
    case topic(channel: String, topic: String, setBy: String?)
    /// The full member list of a channel (end of NAMES).
    case members(channel: String, nicks: [String])
    /// The prefixes of the members who have one (`"@"` for an operator, `"+"` for voice), at
    /// the end of NAMES, just before ``members(channel:nicks:)``.
    case memberRanks(channel: String, ranks: [String: String])
    /// Someone (maybe us) was kicked from a channel by `by`.
    case kicked(channel: String, nick: String, by: String, reason: String, isSelf: Bool)
    /// A channel's modes changed (`change` as the server wrote it: "+o kim"), by `by`.
    case modeChanged(channel: String, change: String, by: String)
    /// What the server said of a nick (WHOIS), as facts, at the end of its reply.
    case whois(nick: String, facts: [WhoisFact])
    /// An IRCv3 standard reply WARN or NOTE (FAIL is a ``refused(_:)``).
    case note(String, isWarning: Bool)
    /// A PRIVMSG or NOTICE (channel or direct), an echo of ours, or a replayed one.
    case message(IRCIncomingMessage)
    /// A `+draft/react` TAGMSG.
    case reaction(IRCReaction)
    /// A `+typing` TAGMSG.
    case typing(channel: String, nick: String, state: TypingState)
    /// SASL sign-in as `account` failed for `reason` (in words). With `continuing` the
    /// connection goes on without the account; without it (`sasl_required`, the default) the
    /// connection quits and the client must not reconnect.
    case authenticationFailed(account: String, reason: SignInFailure, continuing: Bool)
    /// The server (or bouncer) refused the connection for its password (464): none was
    /// `given`, or the one given is wrong. The connection quits; the client must not reconnect.
    case passwordRefused(given: Bool)
    /// STS on a plain connection: the server wants TLS on `port`. Nothing more is registered
    /// here; the shell reconnects there with TLS at once.
    case secureConnectionRequired(port: Int)
    /// STS on a TLS connection: use TLS to this host for `duration` seconds (0: forget it).
    case securityPolicy(duration: Int)
    /// MONITOR: a followed nick is online or not. `change` when it was known otherwise before
    /// (it came online or went offline); without it, this is the first answer about the nick.
    case presence(nick: String, online: Bool, change: Bool)
    /// away-notify: someone in a shared channel went away (`reason`) or came back (nil).
    case away(nick: String, reason: String?)
    /// `by` invites `nick` (us when `isSelf`; someone else with invite-notify) to `channel`.
    case invited(channel: String, nick: String, by: String, isSelf: Bool)
    /// The server refused something the client asked (an error numeric or a standard reply),
    /// by kind; its own words are kept for a log only.
    case refused(IRCRefusal)
    /// The server's read marker for a channel or conversation: read up to `at`, here or on
    /// another client of the account (`draft/read-marker`).
    case readMarker(target: String, at: Date)
    /// The page before the oldest stored message of `target` (folded) came: `count` lines,
    /// none when the server keeps nothing older.
    case olderHistory(target: String, count: Int)
    /// Who is signed in to which account (WHOX, `account-notify`, `extended-join`): nick →
    /// account, empty for someone signed in to none.
    case accounts([String: String])
    /// The server named how it compares nicks and channel names (ISUPPORT `CASEMAPPING`), one
    /// other than RFC 1459's assumed until then.
    case caseMapping(IRCCaseMapping)
    /// After (re)joining, everything the server replays on join has arrived: pending messages
    /// can be sent now without duplicating replayed ones.
    case synced
}

/// A message received from the server.
public struct IRCIncomingMessage: Sendable, Hashable {
    /// Channel name, or the other person's nick for a direct message.
    public var channel: String
    /// Whether it is a direct message.
    public var isDirect: Bool
    public var author: String
    public var text: String
    public var kind: MessageKind
    /// The `time` tag, when present.
    public var time: Date?
    public var msgid: String?
    /// `+reply` / `+draft/reply`.
    public var replyTo: String?
    /// The `label` of our own labelled message, on an echo.
    public var label: String?
    /// Whether we sent it (echo-message).
    public var isEcho: Bool
    /// Whether it is replayed history: in a chathistory or playback batch, or stamped before
    /// this connection registered.
    public var isHistory: Bool

    public init(
        channel: String, isDirect: Bool = false, author: String, text: String, kind: MessageKind = .message,
        time: Date? = nil, msgid: String? = nil, replyTo: String? = nil, label: String? = nil,
        isEcho: Bool = false, isHistory: Bool = false
    ) {
        self.channel = channel
        self.isDirect = isDirect
        self.author = author
        self.text = text
        self.kind = kind
        self.time = time
        self.msgid = msgid
        self.replyTo = replyTo
        self.label = label
        self.isEcho = isEcho
        self.isHistory = isHistory
    }
}

/// An emoji reaction to a message.
public struct IRCReaction: Sendable, Hashable {
    public var channel: String
    public var isDirect: Bool
    public var author: String
    public var emoji: String
    /// The `msgid` reacted to.
    public var target: String
    public var isEcho: Bool
    /// The reaction is taken back (`+draft/unreact`).
    public var isRemoval: Bool

    public init(
        channel: String, isDirect: Bool = false, author: String, emoji: String, target: String, isEcho: Bool = false,
        isRemoval: Bool = false
    ) {
        self.isRemoval = isRemoval
        self.channel = channel
        self.isDirect = isDirect
        self.author = author
        self.emoji = emoji
        self.target = target
        self.isEcho = isEcho
    }
}
