import Foundation

/// The IRC protocol state machine: events in, actions out, no I/O.
///
/// Handles registration (a server password, CAP LS 302 with the ``IRCCapability/wanted``
/// capabilities, SASL (SCRAM-SHA-256, PLAIN or EXTERNAL), a new nick when ours is taken), PING/PONG, joins and names,
/// messages, actions and notices, the client tags of ``IRCTags``, replayed history (a
/// chathistory or bouncer playback batch, or a server-time before registration), and the sync
/// point after (re)joining. The I/O shell (`IRCClient`) feeds it parsed lines and carries out
/// its actions; it keeps no protocol state of its own.
///
/// What one connection learns lives in one ``Session`` value, replaced whole when a connection
/// opens or closes: nothing of the last connection (ranks, batches, a WHOIS half answered)
/// survives into the next.
///
/// ```swift
/// var connection = IRCConnection(configuration: .init(nick: "ada", channels: ["#x"]))
/// var actions = connection.connectionOpened()        // CAP LS 302, NICK, USER
/// actions = connection.received(IRCMessage(parsing: Array(line.utf8))!, now: Date())
/// for case .send(let message) in actions { write(message.serialized()) }
/// ```
public struct IRCConnection: Sendable {
    /// Who we are and what we want on this server.
    public struct Configuration: Sendable, Hashable {
        public var nick: String
        public var user: String
        public var realName: String
        public var credentials: SASLCredentials?
        /// With credentials: whether a failed sign-in ends the connection (the default) rather
        /// than going on without the account.
        public var requiresAuthentication: Bool
        /// Channels to join after registration, in order.
        public var channels: [String]
        /// The server password (PASS), sent before anything else: a bouncer's
        /// `user/network:password`, or a server's connection password.
        public var serverPassword: String?
        /// Nicks to follow with MONITOR (said when they come online and go offline).
        public var monitor: [String]
        /// Sign in with the TLS client certificate (SASL EXTERNAL, CertFP) instead of a password.
        public var certificateSignIn: Bool
        /// The mechanism to sign in with a password; nil: SCRAM-SHA-256 where the server lists
        /// it, else PLAIN.
        public var mechanism: SASLMechanism?

        public init(
            nick: String, user: String? = nil, realName: String = "Earshot user",
            credentials: SASLCredentials? = nil, requiresAuthentication: Bool = true, channels: [String] = [],
            serverPassword: String? = nil, monitor: [String] = [], certificateSignIn: Bool = false,
            mechanism: SASLMechanism? = nil
        ) {
            self.mechanism = mechanism
            self.monitor = monitor
            self.certificateSignIn = certificateSignIn
            self.nick = nick
            self.user = user ?? nick
            self.realName = realName
            self.credentials = credentials
            self.requiresAuthentication = requiresAuthentication
            self.channels = channels
            self.serverPassword = serverPassword
        }

        /// Whether SASL is wanted: a password, or the client certificate.
        var signsIn: Bool { credentials != nil || certificateSignIn }
    }

    /// What the shell must do.
    public enum Action: Sendable, Hashable {
        /// Write this line.
        case send(IRCMessage)
        /// Tell the rest of the client.
        case emit(IRCEvent)
    }

    enum State: Sendable, Hashable {
        case disconnected
        /// CAP LS sent, capabilities being agreed.
        case negotiating
        /// SASL under way.
        case authenticating
        /// CAP END sent, waiting for the welcome (001).
        case registering
        case registered
        /// The server refused our password or account and the connection is being given up:
        /// nothing more is read, and the shell must not reconnect.
        case refused
    }

    /// Everything one connection learns, from the socket opening to its closing.
    struct Session: Sendable {
        /// Our nick on this connection.
        var nick: String
        /// Whether the socket is TLS (STS acts differently on a plain one).
        var secure = false
        /// Capabilities the server offered (CAP LS), with their values, and the ones it acknowledged.
        var advertised: Set<IRCCapability> = []
        var values: [IRCCapability: String] = [:]
        var capabilities: Set<IRCCapability> = []
        /// Channels we are in (folded names).
        var joinedChannels: Set<String> = []
        /// Targets that refused a line (folded): no more typing notices go there until we join
        /// again, so a channel that will not take them is not asked on every key.
        var typingRefused: Set<String> = []
        /// The sync PING's token until its PONG; then synced.
        var syncToken: String?
        var isSynced = false
        /// When the welcome (001) came: a line stamped before it is replayed history.
        var registeredAt: Date?
        /// The account we are signed in to (RPL_LOGGEDIN, 900), if any.
        var account: String?
        /// The mechanisms the server offers (RPL_SASLMECHS, 908), to explain a failure.
        var saslMechanisms: String?
        /// The mechanism chosen for this connection, and a SCRAM exchange under way.
        var mechanism: SASLMechanism = .plain
        var scram: SCRAMExchange?
        var signedIn = false
        /// An AUTHENTICATE payload from the server arriving in 400-byte pieces.
        var authenticateBuffer = ""
        var nickAttempt = 0
        /// Open batches: reference → type.
        var batches: [String: String] = [:]
        /// Open chathistory batches: reference → the channel (folded) and how many lines came.
        var openHistory: [String: (channel: String, count: Int)] = [:]
        /// Multiline batches being received, by reference; and how many we have sent.
        var multiline: [String: MultilineBatch] = [:]
        /// Older pages asked for (folded targets), and the batches that answer them.
        /// (Each with the time of the message it is before: a line of the page said in the same
        /// millisecond is put just before it, so the page reads in the server's order.)
        var olderRequests: [String: Date] = [:]
        /// History asked for and not all come yet (folded targets, and TARGETS); and when the
        /// sync PING's answer came while it was (the sync point waits for it).
        var historyOutstanding: Set<String> = []
        var syncHeld: Date?
        var olderBatches: [String: Date] = [:]
        var batchCount = 0
        /// History pages fetched per channel (folded) this connection, to stop paging.
        var historyPages: [String: Int] = [:]
        /// The time of the newest message known when history was asked for after it by msgid
        /// (folded channels): asked again from that time if the server knows no such msgid.
        var historyFromTime: [String: Date] = [:]
        /// Channels in a bouncer's playback without a batch (folded), between its markers.
        var playback: Set<String> = []
        /// NAMES being gathered until 366, by folded channel: nicks and their rank prefixes.
        var pendingNames: [String: [String]] = [:]
        var pendingRanks: [String: [String: String]] = [:]
        /// WHOIS replies being gathered, by folded nick, until 318 ends them (at most a few).
        var pendingWhois: [String: [WhoisFact]] = [:]
        /// The rank prefixes this server uses (ISUPPORT PREFIX).
        var memberPrefixes: Set<Character> = ["~", "&", "@", "%", "+"]
        /// Whether the server takes MONITOR (ISUPPORT MONITOR), and how many nicks.
        var monitorLimit: Int?
        /// Whether the server answers WHO with the fields asked for (ISUPPORT WHOX), and the
        /// accounts its answer has given so far (nick → account, empty for none).
        var whox = false
        var pendingAccounts: [String: String] = [:]
        var typingThrottle = TypingThrottle()

        init(nick: String) { self.nick = nick }
    }

    public let configuration: Configuration
    internal(set) var state: State = .disconnected
    var session: Session
    /// Channels to be in, in order, across connections (the configured ones and /join).
    var wantedChannels: [String]
    /// How many times this connection has registered (the sync token counts on with it).
    var registrations = 0
    /// Nicks followed with MONITOR, across connections (the configured ones and /monitor).
    var followed: [String]
    /// What MONITOR last said of each followed nick (folded): online or not. Kept across
    /// connections, so a reconnect says only what changed.
    var presence: [String: Bool] = [:]
    /// The newest message known of each channel (folded), across connections: seeded from the
    /// store by the shell, moved by every message. History is fetched after it.
    public var historyAnchors: [String: HistoryAnchor] = [:]

    /// How this server compares nicks and channel names (ISUPPORT `CASEMAPPING`), kept across
    /// connections: RFC 1459's until the server names another.
    public internal(set) var caseMapping: IRCCaseMapping = .rfc1459

    /// Our current nick.
    public var nick: String { session.nick }
    /// Capabilities the server acknowledged.
    public var capabilities: Set<IRCCapability> { session.capabilities }
    /// Channels we are in (folded names).
    public var joinedChannels: Set<String> { session.joinedChannels }
    /// Whether the replay after joining is over (see ``IRCEvent/synced``).
    public var isSynced: Bool { session.isSynced }
    /// The account we are signed in to (RPL_LOGGEDIN, 900), if any.
    public var account: String? { session.account }
    /// The mechanism that signed us in on this connection (903), if SASL did.
    public var signedInWith: SASLMechanism? { session.signedIn ? session.mechanism : nil }
    /// Whether the server refused our password or account: the shell must not reconnect.
    public var isRefused: Bool { state == .refused }

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.session = Session(nick: configuration.nick)
        self.wantedChannels = configuration.channels
        self.followed = configuration.monitor
    }

    /// Whether the server takes MONITOR (known once registered).
    public var supportsMonitor: Bool { session.monitorLimit != nil }

    /// Whether registration is complete.
    public var isRegistered: Bool { state == .registered }

    /// Channels we want to be in, in order.
    public var channels: [String] { wantedChannels }

}

extension IRCConnection {
    /// The server named how it compares names: what is kept by folded name is kept by the new
    /// fold (the session's tables are still empty this early), and the shell is told.
    mutating func compareNames(by mapping: IRCCaseMapping) -> [Action] {
        caseMapping = mapping
        presence = Dictionary(presence.map { (mapping.fold($0.key), $0.value) }) { first, _ in first }
        historyAnchors = Dictionary(historyAnchors.map { (mapping.fold($0.key), $0.value) }) { first, second in
            (first.time ?? .distantPast) >= (second.time ?? .distantPast) ? first : second
        }
        return [.emit(.caseMapping(mapping))]
    }
}
