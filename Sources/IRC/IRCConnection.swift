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
    private(set) var state: State = .disconnected
    var session: Session
    /// Channels to be in, in order, across connections (the configured ones and /join).
    private var wantedChannels: [String]
    /// How many times this connection has registered (the sync token counts on with it).
    private var registrations = 0
    /// Nicks followed with MONITOR, across connections (the configured ones and /monitor).
    private var followed: [String]
    /// What MONITOR last said of each followed nick (folded): online or not. Kept across
    /// connections, so a reconnect says only what changed.
    private var presence: [String: Bool] = [:]
    /// The newest message known of each channel (folded), across connections: seeded from the
    /// store by the shell, moved by every message. History is fetched after it.
    public var historyAnchors: [String: HistoryAnchor] = [:]

    /// How this server compares nicks and channel names (ISUPPORT `CASEMAPPING`), kept across
    /// connections: RFC 1459's until the server names another.
    public private(set) var caseMapping: IRCCaseMapping = .rfc1459

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

    // MARK: Connection events

    /// The socket is open (with TLS when `secure`): start registration.
    public mutating func connectionOpened(secure: Bool = false) -> [Action] {
        state = .negotiating
        session = Session(nick: configuration.nick)
        session.secure = secure
        let password = configuration.serverPassword.map { [Action.send(IRCMessage(command: "PASS", [$0]))] } ?? []
        return password + [
            .send(IRCMessage(command: "CAP", ["LS", "302"])),
            .send(IRCMessage(command: "NICK", [session.nick])),
            .send(IRCMessage(command: "USER", [configuration.user, "0", "*", configuration.realName])),
        ]
    }

    /// The socket closed. A refusal stays (the shell must not reconnect) until the next open.
    public mutating func connectionClosed() {
        if state != .refused { state = .disconnected }
        session = Session(nick: session.nick)
    }

    /// A line arrived.
    public mutating func received(_ message: IRCMessage, now: Date) -> [Action] {
        if state == .refused { return [] }
        // History that never comes does not hold the sync point for ever.
        let released = session.syncHeld != nil && message.command != "PONG" ? releaseSync(now: now) : []
        if !released.isEmpty { return released + received(message, now: now) }
        switch message.command {
        case "PING":
            return [.send(IRCMessage(command: "PONG", message.parameters.isEmpty ? [""] : [message.parameters[0]]))]
        case "PONG":
            if let token = session.syncToken, message.parameters.last == token {
                session.syncToken = nil
                session.syncHeld = now
                return releaseSync()
            }
            return []
        case "464":
            return passwordRefused()
        case "CAP": return receivedCap(message)
        case "AUTHENTICATE": return receivedAuthenticate(message)
        case "900", "901", "902", "903", "904", "905", "906", "907", "908": return receivedSASLReply(message)
        case "001": return receivedWelcome(message, now: now)
        case "005":
            if let prefix = message.parameters.first(where: { $0.hasPrefix("PREFIX=") }),
                let close = prefix.firstIndex(of: ")")
            {
                session.memberPrefixes = Set(prefix[prefix.index(after: close)...])
            }
            if let token = message.parameters.dropFirst().first(where: { $0 == "MONITOR" || $0.hasPrefix("MONITOR=") })
            {
                session.monitorLimit = Int(token.dropFirst("MONITOR=".count)) ?? 100
            }
            if message.parameters.dropFirst().contains("WHOX") { session.whox = true }
            if let token = message.parameters.dropFirst().first(where: { $0.hasPrefix("CASEMAPPING=") }),
                let named = IRCCaseMapping(isupport: String(token.dropFirst("CASEMAPPING=".count))),
                named != caseMapping
            {
                return compareNames(by: named)
            }
            return []
        case "376", "422":
            // The end of the MOTD (or none): ISUPPORT is known, so follow who is wanted.
            return monitorLines(adding: followed)
        case "730", "731":
            return receivedPresence(message)
        case "734":
            // The server's list is full: the nicks after the limit are not followed.
            return [.emit(.refused(refusal(.followListFull, message, target: nil)))]
        case "AWAY":
            // away-notify: someone in a shared channel went away (with a reason) or came back.
            guard let who = message.sourceNick else { return [] }
            return [.emit(.away(nick: clean(who), reason: message.parameter(0).map(clean)))]
        case "INVITE":
            guard let invited = message.parameter(0), let channel = message.parameter(1), let by = message.sourceNick
            else { return [] }
            return [
                .emit(
                    .invited(
                        channel: clean(channel), nick: clean(invited), by: clean(by),
                        isSelf: caseMapping.equal(invited, session.nick)))
            ]
        case "432", "433", "436": return receivedNickInUse(message)
        case "JOIN": return receivedJoin(message)
        case "PART": return receivedPart(message)
        case "KICK":
            guard let channel = message.parameter(0), let kicked = message.parameter(1) else { return [] }
            let isSelf = caseMapping.equal(kicked, session.nick)
            if isSelf {
                session.joinedChannels.remove(caseMapping.fold(channel))
                // Thrown out is not to be walked back into on the next connection: /join goes back.
                wantedChannels.removeAll { caseMapping.equal($0, channel) }
            }
            return [
                .emit(
                    .kicked(
                        channel: clean(channel), nick: clean(kicked), by: clean(message.sourceNick ?? "the server"),
                        reason: clean(message.parameter(2) ?? ""), isSelf: isSelf))
            ]
        case "MODE":
            // A channel's modes; our own user modes are not news.
            guard let channel = message.parameter(0), Self.isChannelName(channel), message.parameters.count > 1 else {
                return []
            }
            let change = message.parameters.dropFirst().joined(separator: " ")
            return [
                .emit(
                    .modeChanged(
                        channel: clean(channel), change: clean(change), by: clean(message.sourceNick ?? "the server")))
            ]
        case "311", "312", "313", "301", "317", "319", "330", "338", "671", "276":
            return receivedWhoisLine(message)
        case "318":
            guard let who = message.parameter(1) else { return [] }
            let key = caseMapping.fold(who)
            guard let facts = session.pendingWhois.removeValue(forKey: key) else { return [] }
            return [.emit(.whois(nick: clean(who), facts: facts))]
        case "401", "402":
            // No such nick or server: an answer to WHOIS, or to a message that went nowhere.
            guard let who = message.parameter(1) else { return [] }
            if session.pendingWhois.removeValue(forKey: caseMapping.fold(who)) != nil {
                return [.emit(.whois(nick: clean(who), facts: [.notOnServer]))]
            }
            refusedTyping(to: who)
            return [.emit(.refused(refusal(message.command == "401" ? .noSuchNick : .noSuchServer, message)))]
        case "WARN", "NOTE":
            return [.emit(.note(clean(message.parameters.last ?? ""), isWarning: message.command == "WARN"))]
        case "QUIT":
            guard let who = message.sourceNick else { return [] }
            return [.emit(.quit(nick: clean(who), reason: clean(message.parameter(0) ?? "")))]
        case "NICK": return receivedNick(message)
        case "TOPIC":
            guard let channel = message.parameter(0) else { return [] }
            return [
                .emit(
                    .topic(
                        channel: clean(channel), topic: clean(message.parameter(1) ?? ""),
                        setBy: message.sourceNick.map(clean)))
            ]
        case "332":
            guard let channel = message.parameter(1) else { return [] }
            return [.emit(.topic(channel: clean(channel), topic: clean(message.parameter(2) ?? ""), setBy: nil))]
        case "353":
            guard message.parameters.count >= 4 else { return [] }
            let key = caseMapping.fold(message.parameters[2])
            for entry in message.parameters[3].split(separator: " ") {
                let prefix = String(entry.prefix(while: { session.memberPrefixes.contains($0) }))
                // userhost-in-names: `@kim!k@host`; the nick is what comes before `!`.
                let nick = clean(String(entry.dropFirst(prefix.count).prefix { $0 != "!" }))
                session.pendingNames[key, default: []].append(nick)
                if !prefix.isEmpty { session.pendingRanks[key, default: [:]][nick] = prefix }
            }
            return []
        case "366":
            guard let channel = message.parameter(1) else { return [] }
            let key = caseMapping.fold(channel)
            let nicks = session.pendingNames.removeValue(forKey: key) ?? []
            let ranks = session.pendingRanks.removeValue(forKey: key) ?? [:]
            return [
                .emit(.memberRanks(channel: clean(channel), ranks: ranks)),
                .emit(.members(channel: clean(channel), nicks: nicks)),
            ] + accountsRequest(channel)
        case "354", "315": return receivedWho(message)
        case "ACCOUNT": return receivedAccount(message)
        case "BATCH":
            guard let reference = message.parameter(0), reference.count > 1 else { return [] }
            let id = String(reference.dropFirst())
            if reference.hasPrefix("+") {
                session.batches[id] = message.parameter(1) ?? ""
                if message.parameter(1) == Self.multilineBatch, message.parameter(2) != nil {
                    if session.multiline.count >= Self.multilineBatchesAtMost,
                        let oldest = session.multiline.min(by: { $0.value.order < $1.value.order })?.key
                    {
                        session.multiline.removeValue(forKey: oldest)
                    }
                    session.batchCount += 1
                    session.multiline[id] = MultilineBatch(open: message, order: session.batchCount)
                    return []
                }
                if Self.historyBatches.contains(message.parameter(1) ?? ""), let target = message.parameter(2) {
                    session.openHistory[id] = (caseMapping.fold(target), 0)
                    if let before = session.olderRequests[caseMapping.fold(target)] {
                        session.olderBatches[id] = before
                    }
                }
                return []
            }
            let type = session.batches.removeValue(forKey: id)
            if session.multiline[id] != nil { return multilineEnded(id, now: now) }
            if type == "draft/chathistory-targets" {
                session.historyOutstanding.remove(Self.targetsKey)
                return releaseSync()
            }
            return historyBatchEnded(id)
        case "PRIVMSG", "NOTICE": return receivedMessage(message, now: now)
        case "TAGMSG": return receivedTagMessage(message)
        case "ERROR":
            // The server closes the connection after it ("Closing link: …"): the lost
            // connection is said once, in words, when it closes.
            return []
        case "MARKREAD":
            return receivedReadMarker(message)
        case "CHATHISTORY":
            return receivedTarget(message)
        case "FAIL":
            // FAIL <command> <code> [<context>…] :<description>
            let command = message.parameter(0) ?? ""
            // A read marker the server would not keep is nothing the listener asked for.
            if command == "MARKREAD" { return [] }
            // History it would not give: the sync point does not wait for it.
            var released: [Action] = []
            if command == "CHATHISTORY" {
                session.historyOutstanding.removeAll()
                session.olderRequests.removeAll()
                released = releaseSync()
            }
            let code = message.parameter(1) ?? ""
            let context = message.parameters.count > 3 ? message.parameter(2).map(clean) : nil
            return released + [
                .emit(
                    .refused(
                        IRCRefusal(
                            .standardReply(.failure, command: clean(command), code: clean(code)), target: context,
                            serverText: clean(message.parameters.last ?? ""))))
            ]
        case "403", "404", "405", "442", "471", "473", "474", "475", "476", "477", "482", "489":
            guard let reason = Self.channelRefusals[message.command] else { return [] }
            if let channel = message.parameter(1) { refusedTyping(to: channel) }
            // A refused typing notice: no more go there, and the listener hears nothing of it.
            if message.tags["label"] == Self.typingLabel { return [] }
            return [.emit(.refused(refusal(reason, message)))]
        case "421":
            return [.emit(.refused(refusal(.unknownCommand(clean(message.parameter(1) ?? "")), message)))]
        case "437":
            return [.emit(.refused(refusal(.temporarilyUnavailable, message)))]
        case "441", "443":
            // <nick> <channel>: the refusal is about the channel, and names the nick.
            let nick = clean(message.parameter(1) ?? "")
            let reason: IRCRefusal.Reason =
                message.command == "441" ? .theyAreNotOnChannel(nick: nick) : .alreadyOnChannel(nick: nick)
            return [
                .emit(.refused(IRCRefusal(reason, target: message.parameter(2).map(clean), serverText: text(message))))
            ]
        case "472":
            return [.emit(.refused(refusal(.unknownMode(clean(message.parameter(1) ?? "")), message, target: nil)))]
        default:
            return []
        }
    }

    // MARK: Commands from the user

    /// Join `channel` now (if registered) and after every reconnect.
    /// Joins `channel` now (with its `key`, if it has one) and after every reconnect.
    public mutating func join(_ channel: String, key: String? = nil) -> [Action] {
        if !wantedChannels.contains(where: { caseMapping.equal($0, channel) }) {
            wantedChannels.append(channel)
        }
        guard state == .registered else { return [] }
        return [.send(IRCMessage(command: "JOIN", [channel] + (key.map { [$0] } ?? [])))] + historyRequest(channel)
    }

    /// Leave `channel` and stop rejoining it.
    public mutating func part(_ channel: String, reason: String = "") -> [Action] {
        wantedChannels.removeAll { caseMapping.equal($0, channel) }
        guard state == .registered else { return [] }
        return [.send(IRCMessage(command: "PART", reason.isEmpty ? [channel] : [channel, reason]))]
    }

    /// Set the topic of `channel`.
    public func setTopic(_ topic: String, in channel: String) -> [Action] {
        state == .registered ? [.send(IRCMessage(command: "TOPIC", [channel, topic]))] : []
    }

    /// Ask for the member list of `channel`.
    public func requestNames(_ channel: String) -> [Action] {
        state == .registered ? [.send(IRCMessage(command: "NAMES", [channel]))] : []
    }

    /// Ask who `nick` is; the answer comes as one ``IRCEvent/whois(nick:lines:)``.
    public mutating func whois(_ nick: String) -> [Action] {
        guard state == .registered else { return [] }
        if session.pendingWhois.count >= 8 { session.pendingWhois.removeAll() }
        session.pendingWhois[caseMapping.fold(nick)] = []
        return [.send(IRCMessage(command: "WHOIS", [nick]))]
    }

    /// Follow `nicks` with MONITOR now (where the server takes it) and after every reconnect.
    public mutating func follow(_ nicks: [String]) -> [Action] {
        let new = nicks.filter { nick in !followed.contains { caseMapping.equal($0, nick) } }
        followed += new
        // A nick asked for again is answered again.
        for nick in nicks { presence.removeValue(forKey: caseMapping.fold(nick)) }
        return state == .registered ? monitorLines(adding: nicks) : []
    }

    /// Stop following `nicks`.
    public mutating func unfollow(_ nicks: [String]) -> [Action] {
        followed.removeAll { nick in nicks.contains { caseMapping.equal($0, nick) } }
        for nick in nicks { presence.removeValue(forKey: caseMapping.fold(nick)) }
        guard state == .registered, supportsMonitor, !nicks.isEmpty else { return [] }
        return [.send(IRCMessage(command: "MONITOR", ["-", nicks.joined(separator: ",")]))]
    }

    /// `MONITOR + a,b` lines for `nicks`, within the server's limit and a line's length.
    private func monitorLines(adding nicks: [String]) -> [Action] {
        guard let limit = session.monitorLimit, !nicks.isEmpty else { return [] }
        var lines: [Action] = []
        var batch: [String] = []
        for nick in nicks.prefix(limit) {
            if (batch + [nick]).joined(separator: ",").utf8.count > 400 {
                lines.append(.send(IRCMessage(command: "MONITOR", ["+", batch.joined(separator: ",")])))
                batch = []
            }
            batch.append(nick)
        }
        if !batch.isEmpty { lines.append(.send(IRCMessage(command: "MONITOR", ["+", batch.joined(separator: ",")]))) }
        return lines
    }

    /// RPL_MONONLINE (730, `nick!user@host,…`) and RPL_MONOFFLINE (731, `nick,…`): each
    /// followed nick whose state is new or changed.
    private mutating func receivedPresence(_ message: IRCMessage) -> [Action] {
        let online = message.command == "730"
        var actions: [Action] = []
        for target in (message.parameters.last ?? "").split(separator: ",") {
            let nick = String(target.prefix { $0 != "!" })
            guard !nick.isEmpty else { continue }
            let key = caseMapping.fold(nick)
            let before = presence[key]
            presence[key] = online
            if before != online {
                actions.append(.emit(.presence(nick: clean(nick), online: online, change: before != nil)))
            }
        }
        return actions
    }

    /// Ask for a new nick.
    public func changeNick(_ newNick: String) -> [Action] {
        isOpen ? [.send(IRCMessage(command: "NICK", [newNick]))] : []
    }

    /// Leave the network.
    public func quit(_ reason: String = "Earshot") -> [Action] {
        isOpen ? [.send(IRCMessage(command: "QUIT", [reason]))] : []
    }

    /// Whether there is a connection to write to.
    private var isOpen: Bool { state != .disconnected && state != .refused }

    /// The line that carries one piece of text (already split to fit, see ``IRCLineSplitter``)
    /// to a channel or nick: what ``say(_:to:kind:replyTo:label:)`` sends, and what the shell
    /// checks can be written before it stores anything.
    ///
    /// `label` identifies our echo when labeled-response is on; `replyTo` adds the reply tags
    /// when message-tags is on (and always with `allTags`, to check the longest form).
    public func line(
        _ text: String, to target: String, kind: MessageKind = .message, replyTo: String? = nil, label: String? = nil,
        allTags: Bool = false
    ) -> IRCMessage {
        var tags: [String: String] = [:]
        if let label, allTags || session.capabilities.contains(.labeledResponse) { tags["label"] = label }
        if let replyTo, allTags || session.capabilities.contains(.messageTags) {
            tags.merge(IRCTags.reply(to: replyTo)) { _, new in new }
        }
        switch kind {
        case .action: return IRCMessage(command: "PRIVMSG", [target, "\u{1}ACTION \(text)\u{1}"], tags: tags)
        case .notice: return IRCMessage(command: "NOTICE", [target, text], tags: tags)
        case .message, .system: return IRCMessage(command: "PRIVMSG", [target, text], tags: tags)
        }
    }

    /// One line of text to a channel or nick (see ``line(_:to:kind:replyTo:label:allTags:)``).
    public mutating func say(
        _ text: String, to target: String, kind: MessageKind = .message, replyTo: String? = nil, label: String? = nil
    ) -> [Action] {
        guard state == .registered else { return [] }
        // The message itself ends typing for the receiver; the next keystroke says active again.
        _ = session.typingThrottle.stopped(in: target, names: caseMapping)
        if text.contains("\n") {
            return lines(ofSeveral: text, to: target, kind: kind, replyTo: replyTo, label: label).map { .send($0) }
        }
        return [.send(line(text, to: target, kind: kind, replyTo: replyTo, label: label))]
    }

    /// The TAGMSG that reacts to the message `msgid` in `target` with `emoji`.
    public static func reactionLine(_ emoji: String, to msgid: String, in target: String) -> IRCMessage {
        IRCMessage(command: "TAGMSG", [target], tags: IRCTags.reaction(emoji, to: msgid))
    }

    /// React to the message `msgid` in `target` with `emoji` (only where message-tags is on).
    public func react(_ emoji: String, to msgid: String, in target: String) -> [Action] {
        guard state == .registered, session.capabilities.contains(.messageTags) else { return [] }
        return [.send(Self.reactionLine(emoji, to: msgid, in: target))]
    }

    /// Take back our reaction `emoji` to `msgid` in `target` (only where message-tags is on).
    public func unreact(_ emoji: String, to msgid: String, in target: String) -> [Action] {
        guard state == .registered, session.capabilities.contains(.messageTags) else { return [] }
        return [.send(IRCMessage(command: "TAGMSG", [target], tags: IRCTags.unreaction(emoji, to: msgid)))]
    }

    /// The user typed in the composer for `target`; sends `+typing=active` at most every 3 s.
    public mutating func typed(in target: String, now: Date) -> [Action] {
        guard state == .registered, session.capabilities.contains(.messageTags), mayTellTyping(to: target),
            let typing = session.typingThrottle.typed(in: target, now: now, names: caseMapping)
        else { return [] }
        return [.send(IRCMessage(command: "TAGMSG", [target], tags: typingTags(typing)))]
    }

    /// A typing notice's tags; with labeled-response, labelled so a refusal of it is known as
    /// one and never said to the listener (only a line they sent is worth a word).
    func typingTags(_ typing: TypingState) -> [String: String] {
        var tags = IRCTags.typing(typing)
        if session.capabilities.contains(.labeledResponse) { tags["label"] = Self.typingLabel }
        return tags
    }

    static let typingLabel = "earshot-typing"

    /// The user cleared the composer for `target`: `+typing=done` if we had said active.
    public mutating func stoppedTyping(in target: String) -> [Action] {
        guard state == .registered, session.capabilities.contains(.messageTags),
            let typing = session.typingThrottle.stopped(in: target, names: caseMapping)
        else { return [] }
        return [.send(IRCMessage(command: "TAGMSG", [target], tags: typingTags(typing)))]
    }

    /// The refusals whose first parameter after our nick is a channel.
    static let channelRefusals: [String: IRCRefusal.Reason] = [
        "403": .noSuchChannel, "404": .cannotSendToChannel, "405": .tooManyChannels, "442": .notOnChannel,
        "471": .channelFull, "473": .inviteOnly, "474": .banned, "475": .needsKey, "476": .badChannelName,
        "477": .needsAccount, "482": .needsOperator, "489": .needsSecureConnection,
    ]

    /// A numeric's refusal: its target is the parameter after our nick (unless told), and the
    /// server's words are kept for a log.
    func refusal(_ reason: IRCRefusal.Reason, _ message: IRCMessage, target: String?? = .none) -> IRCRefusal {
        let named = target ?? message.parameter(1)
        return IRCRefusal(reason, target: named.map(clean), serverText: text(message), label: message.tags["label"])
    }

    /// What a numeric's server wrote after our nick, cleaned, for a log.
    func text(_ message: IRCMessage) -> String {
        clean(message.parameters.dropFirst().joined(separator: " "))
    }

    /// A refusal for `target`: typing notices stop there, and one said active is forgotten.
    mutating func refusedTyping(to target: String) {
        session.typingRefused.insert(caseMapping.fold(target))
        _ = session.typingThrottle.stopped(in: target, names: caseMapping)
    }

    /// Whether typing notices may go to `target`: a channel we are in that has not refused us,
    /// or a nick that has not.
    func mayTellTyping(to target: String) -> Bool {
        let key = caseMapping.fold(target)
        guard !session.typingRefused.contains(key) else { return false }
        return !Self.isChannel(target) || session.joinedChannels.contains(key)
    }

    static func isChannel(_ target: String) -> Bool { target.first == "#" || target.first == "&" }

    /// `key=value,key` (an STS policy) as a dictionary.
    static func keys(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if let key = parts.first { result[String(key)] = parts.count == 2 ? String(parts[1]) : "" }
        }
        return result
    }

    /// Whether `name` is a channel (rather than a nick).
    public static func isChannelName(_ name: String) -> Bool {
        guard let first = name.first else { return false }
        return "#&+!".contains(first)
    }

    // MARK: Registration

    private mutating func receivedCap(_ message: IRCMessage) -> [Action] {
        guard let sub = message.parameter(1)?.uppercased() else { return [] }
        switch sub {
        case "LS":
            let more = message.parameters.count >= 4 && message.parameter(2) == "*"
            for entry in (message.parameters.last ?? "").split(separator: " ") {
                let parts = entry.split(separator: "=", maxSplits: 1)
                let capability = IRCCapability(rawValue: String(parts.first ?? entry))
                session.advertised.insert(capability)
                if parts.count == 2 { session.values[capability] = String(parts[1]) }
            }
            guard !more, state == .negotiating else { return [] }
            var actions: [Action] = []
            if session.advertised.contains(.sts) {
                let policy = Self.keys(session.values[.sts] ?? "")
                if !session.secure, let port = policy["port"].flatMap({ Int($0) }), (1...65535).contains(port) {
                    // STS on a plain connection: go to the TLS port now, registering nothing here.
                    state = .disconnected
                    return [.emit(.secureConnectionRequired(port: port))]
                }
                if session.secure, let duration = policy["duration"].flatMap({ Int($0) }), duration >= 0 {
                    actions.append(.emit(.securityPolicy(duration: duration)))
                }
            }
            // The mechanism we sign in with must be one the server lists (`sasl=EXTERNAL`
            // alone takes no password): else it is not asked for, and the failure said once.
            let listed = session.values[.sasl].map { $0.split(separator: ",").map(String.init) }
            session.mechanism = Self.mechanism(for: configuration, listed: listed)
            let usable = session.advertised.contains(.sasl) && (listed?.contains(session.mechanism.rawValue) ?? true)
            if configuration.signsIn, !usable {
                let offered = session.values[.sasl] ?? ""
                let reason: SignInFailure =
                    if !session.advertised.contains(.sasl) || offered.isEmpty || configuration.certificateSignIn {
                        .notOffered
                    } else if configuration.mechanism != nil {
                        .mechanismNotOffered(session.mechanism.rawValue, offered: offered)
                    } else {
                        .noPasswordSignIn(offered: offered)
                    }
                actions += signInFailed(reason)
                if state == .refused { return actions }
            }
            let wanted = IRCCapability.wanted.filter { cap in
                session.advertised.contains(cap) && (cap != .sasl || (configuration.signsIn && usable))
            }
            if wanted.isEmpty { return actions + finishNegotiation() }
            return actions + [
                .send(IRCMessage(command: "CAP", ["REQ", wanted.map(\.rawValue).joined(separator: " ")]))
            ]
        case "ACK":
            for entry in (message.parameters.last ?? "").split(separator: " ") {
                if entry.hasPrefix("-") {
                    session.capabilities.remove(IRCCapability(rawValue: String(entry.dropFirst())))
                } else {
                    session.capabilities.insert(IRCCapability(rawValue: String(entry)))
                }
            }
            guard state == .negotiating else { return [] }
            if session.capabilities.contains(.sasl), configuration.signsIn {
                state = .authenticating
                return [.send(IRCMessage(command: "AUTHENTICATE", [session.mechanism.rawValue]))]
            }
            return finishNegotiation()
        case "NAK":
            guard state == .negotiating else { return [] }
            let refused = (message.parameters.last ?? "").split(separator: " ").contains("sasl")
            guard refused, configuration.signsIn else { return finishNegotiation() }
            let actions = signInFailed(.refusedToStart)
            return state == .refused ? actions : actions + finishNegotiation()
        case "NEW":
            // cap-notify (implied by CAP LS 302): a bouncer offers its network's capabilities
            // once it is connected upstream (ZNC: away-notify, account-notify, extended-join).
            var offered: [IRCCapability] = []
            for entry in (message.parameters.last ?? "").split(separator: " ") {
                let capability = IRCCapability(
                    rawValue: String(entry.split(separator: "=", maxSplits: 1).first ?? entry))
                session.advertised.insert(capability)
                offered.append(capability)
            }
            let wanted = IRCCapability.wanted.filter {
                offered.contains($0) && !session.capabilities.contains($0) && $0 != .sasl
            }
            guard state != .negotiating, state != .refused, !wanted.isEmpty else { return [] }
            return [.send(IRCMessage(command: "CAP", ["REQ", wanted.map(\.rawValue).joined(separator: " ")]))]
        case "DEL":
            for entry in (message.parameters.last ?? "").split(separator: " ") {
                session.capabilities.remove(IRCCapability(rawValue: String(entry)))
            }
            return []
        default:
            return []
        }
    }

    /// The mechanism for this connection: EXTERNAL with a certificate alone, else the one the
    /// settings name, else SCRAM-SHA-256 where the server lists it, else PLAIN.
    static func mechanism(for configuration: Configuration, listed: [String]?) -> SASLMechanism {
        if configuration.certificateSignIn { return .external }
        if let chosen = configuration.mechanism { return chosen }
        return listed?.contains(SASLMechanism.scramSHA256.rawValue) == true ? .scramSHA256 : .plain
    }

    /// A challenge from the server: `+` (empty) or base64, in 400-byte pieces until a shorter one.
    private mutating func receivedAuthenticate(_ message: IRCMessage) -> [Action] {
        guard state == .authenticating, let piece = message.parameter(0) else { return [] }
        if piece != "+" { session.authenticateBuffer += piece }
        if piece.utf8.count == 400 { return [] }
        let challenge = session.authenticateBuffer
        session.authenticateBuffer = ""
        switch session.mechanism {
        case .external:
            // The certificate is the proof, and an empty answer takes the account it names.
            return [.send(IRCMessage(command: "AUTHENTICATE", ["+"]))]
        case .plain:
            guard challenge.isEmpty, let credentials = configuration.credentials else { return [] }
            return authenticate(Array(credentials.plainPayload.utf8))
        case .scramSHA256:
            return scramStep(challenge: challenge)
        }
    }

    /// SCRAM's three steps: our first message, our proof for the server's salt and nonce, and
    /// the check of the server's proof (a server that cannot prove it knows the password is
    /// left, whatever it says next).
    private mutating func scramStep(challenge: String) -> [Action] {
        guard let credentials = configuration.credentials else { return [] }
        guard !challenge.isEmpty else {
            let exchange = SCRAMExchange(account: credentials.account, password: credentials.password)
            session.scram = exchange
            return authenticate(Array(exchange.clientFirst.utf8))
        }
        guard var exchange = session.scram, let decoded = Data(base64Encoded: challenge) else {
            return abortSignIn(.aborted)
        }
        let text = String(decoding: decoded, as: UTF8.self)
        do {
            if text.hasPrefix("v=") || text.hasPrefix("e=") {
                try exchange.verify(text)
                session.scram = nil
                return [.send(IRCMessage(command: "AUTHENTICATE", ["+"]))]
            }
            let final = try exchange.respond(to: text)
            session.scram = exchange
            return authenticate(Array(final.utf8))
        } catch .serverNotProven {
            return abortSignIn(.serverNotProven)
        } catch .refused {
            return abortSignIn(.credentialsRefused)
        } catch {
            return abortSignIn(.aborted)
        }
    }

    /// Ends the exchange (`AUTHENTICATE *`) and says why.
    private mutating func abortSignIn(_ reason: SignInFailure) -> [Action] {
        session.scram = nil
        let actions = [Action.send(IRCMessage(command: "AUTHENTICATE", ["*"]))] + signInFailed(reason)
        return state == .refused ? actions : actions + finishNegotiation()
    }

    /// A payload as AUTHENTICATE lines: base64 in 400-byte pieces, and `+` after a full last one.
    private func authenticate(_ bytes: [UInt8]) -> [Action] {
        let payload = Array(Data(bytes).base64EncodedString().utf8)
        var actions: [Action] = []
        var start = 0
        while start < payload.count {
            let end = min(start + 400, payload.count)
            actions.append(
                .send(IRCMessage(command: "AUTHENTICATE", [String(decoding: payload[start..<end], as: UTF8.self)])))
            start = end
        }
        if payload.count % 400 == 0 { actions.append(.send(IRCMessage(command: "AUTHENTICATE", ["+"]))) }
        return actions
    }

    /// The SASL numerics: 900/901 logged in or out, 903 success (907: already signed in),
    /// 908 the mechanisms on offer, 902/904/905/906 failure.
    private mutating func receivedSASLReply(_ message: IRCMessage) -> [Action] {
        switch message.command {
        case "900":
            session.account = message.parameter(2).map(clean)
            return []
        case "901":
            session.account = nil
            return []
        case "903", "907":
            session.signedIn = state == .authenticating
            return finishNegotiation()
        case "908":
            session.saslMechanisms = message.parameter(1).map(clean)
            return []
        default:
            guard state == .authenticating else { return [] }
            let reason: SignInFailure
            if message.command == "904", configuration.certificateSignIn {
                reason = .certificateRefused
            } else if message.command == "904" {
                if let mechanisms = session.saslMechanisms,
                    !mechanisms.split(separator: ",").contains(Substring(session.mechanism.rawValue))
                {
                    reason = .noPasswordSignIn(offered: mechanisms)
                } else {
                    reason = .credentialsRefused
                }
            } else if message.command == "902" {
                reason = .nickNotAllowed
            } else {
                reason = .aborted
            }
            let actions = signInFailed(reason)
            return state == .refused ? actions : actions + finishNegotiation()
        }
    }

    /// Sign-in failed: say so, and either go on without the account or, when it is required,
    /// quit and read nothing more (the shell must not reconnect).
    private mutating func signInFailed(_ reason: SignInFailure) -> [Action] {
        let account = clean(configuration.credentials?.account ?? session.nick)
        guard configuration.requiresAuthentication else {
            return [.emit(.authenticationFailed(account: account, reason: reason, continuing: true))]
        }
        state = .refused
        return [
            .send(IRCMessage(command: "QUIT", ["Sign-in failed"])),
            .emit(.authenticationFailed(account: account, reason: reason, continuing: false)),
        ]
    }

    /// ERR_PASSWDMISMATCH (464): the server (or bouncer) wants a password we did not give, or
    /// refused the one we gave. Trying again would only fail the same way.
    private mutating func passwordRefused() -> [Action] {
        guard state != .registered else { return [] }
        state = .refused
        return [
            .send(IRCMessage(command: "QUIT", ["Password refused"])),
            .emit(.passwordRefused(given: configuration.serverPassword != nil)),
        ]
    }

    private mutating func finishNegotiation() -> [Action] {
        guard state == .negotiating || state == .authenticating else { return [] }
        state = .registering
        return [.send(IRCMessage(command: "CAP", ["END"]))]
    }

    private mutating func receivedWelcome(_ message: IRCMessage, now: Date) -> [Action] {
        guard state != .registered else { return [] }
        state = .registered
        session.registeredAt = now
        if let given = message.parameter(0), !given.isEmpty { session.nick = given }
        registrations += 1
        var actions: [Action] = [.emit(.registered(nick: clean(session.nick), again: registrations > 1))]
        for channel in wantedChannels {
            actions.append(.send(IRCMessage(command: "JOIN", [channel])))
            // Before the sync PING: what was missed comes before "synced", so it is summed up.
            actions += historyRequest(channel)
        }
        // Direct conversations since the newest message known (a day back on a first visit).
        let newest = historyAnchors.values.compactMap(\.time).max() ?? now.addingTimeInterval(-86_400)
        actions += targetsRequest(since: newest, now: now)
        let token = "earshot-sync-\(registrations)"
        session.syncToken = token
        actions.append(.send(IRCMessage(command: "PING", [token])))
        return actions
    }

    private mutating func receivedNickInUse(_ message: IRCMessage) -> [Action] {
        guard state != .registered else {
            return [.emit(.refused(refusal(message.command == "432" ? .erroneousNick : .nickInUse, message)))]
        }
        session.nickAttempt += 1
        let base = String(configuration.nick.prefix(25))
        session.nick = session.nickAttempt == 1 ? base + "_" : base + String(session.nickAttempt)
        return [.send(IRCMessage(command: "NICK", [session.nick]))]
    }

    // MARK: Channel events

    private mutating func receivedJoin(_ message: IRCMessage) -> [Action] {
        guard let channel = message.parameter(0), let who = message.sourceNick else { return [] }
        let isSelf = caseMapping.equal(who, session.nick)
        if isSelf {
            session.joinedChannels.insert(caseMapping.fold(channel))
            session.typingRefused.remove(caseMapping.fold(channel))
        }
        return [.emit(.joined(channel: clean(channel), nick: clean(who), isSelf: isSelf))] + joinedAccount(message)
    }

    private mutating func receivedPart(_ message: IRCMessage) -> [Action] {
        guard let channel = message.parameter(0), let who = message.sourceNick else { return [] }
        let isSelf = caseMapping.equal(who, session.nick)
        if isSelf {
            session.joinedChannels.remove(caseMapping.fold(channel))
            _ = session.typingThrottle.stopped(in: channel, names: caseMapping)
        }
        return [
            .emit(
                .parted(
                    channel: clean(channel), nick: clean(who), isSelf: isSelf, reason: clean(message.parameter(1) ?? "")
                ))
        ]
    }

    private mutating func receivedNick(_ message: IRCMessage) -> [Action] {
        guard let who = message.sourceNick, let newNick = message.parameter(0) else { return [] }
        let isSelf = caseMapping.equal(who, session.nick)
        if isSelf { session.nick = newNick }
        return [.emit(.nickChanged(from: clean(who), to: clean(newNick), isSelf: isSelf))]
    }

    // MARK: Messages

    /// The conversation a message to `target` from `author` belongs to.
    private func conversation(
        target rawTarget: String, author: String
    ) -> (channel: String, isDirect: Bool, isEcho: Bool) {
        // STATUSMSG targets (`@#channel`) belong to the channel.
        var target = Substring(rawTarget)
        while let first = target.first, "@+%~".contains(first),
            target.dropFirst().first.map({ "#&".contains($0) }) ?? false
        {
            target = target.dropFirst()
        }
        let isEcho = caseMapping.equal(author, session.nick)
        if Self.isChannelName(String(target)) { return (String(target), false, isEcho) }
        return (isEcho ? rawTarget : author, true, isEcho)
    }

    /// ZNC's words around a playback without a batch: true opens it, false closes it.
    static let playbackMarkers: [String: Bool] = ["Buffer Playback...": true, "Playback Complete.": false]

    /// The batch types that hold replayed history: IRCv3 chathistory, and ZNC's playback of a
    /// channel's buffer on connect.
    static let historyBatches: Set<String> = ["chathistory", "draft/chathistory", "znc.in/playback"]

    /// Whether a message is replayed history: in a history batch, or stamped (server-time)
    /// before this connection registered, as a server without batches or a bouncer replays
    /// (2 s allowed for clock skew).
    private func isHistory(_ message: IRCMessage, time: Date?) -> Bool {
        if let batch = message.tags["batch"], let type = session.batches[batch], Self.historyBatches.contains(type) {
            return true
        }
        guard let time, let registeredAt = session.registeredAt else { return false }
        return time < registeredAt.addingTimeInterval(-2)
    }

    /// A PRIVMSG or NOTICE; `lines`: a multiline message's lines, cleaned, kept as lines.
    mutating func receivedMessage(_ message: IRCMessage, now: Date, lines: [String]? = nil) -> [Action] {
        if lines == nil, keptForMultiline(message) { return [] }
        guard let target = message.parameter(0), var text = message.parameter(1) else { return [] }
        let author = message.sourceNick ?? ""
        if let batch = message.tags["batch"], session.openHistory[batch] != nil {
            // Counted for paging, whatever it is.
            session.openHistory[batch]?.count += 1
            // Ergo, to a client without event-playback, replays joins and quits as HistServ's
            // lines ("kim joined the channel"): the server's words, not the conversation.
            if author == "HistServ" { return [] }
        }
        if author.isEmpty { return [] }
        if message.source?.contains("!") != true, message.command == "NOTICE" {
            // A server notice (no nick!user@host), to us or to a channel ("Replaying up to 50
            // lines of pre-join history"): not a conversation.
            return []
        }
        if author == "***", let marker = Self.playbackMarkers[text] {
            // ZNC's playback without a batch: "Buffer Playback..." … "Playback Complete."
            // around a channel's buffer. The markers are not conversation; what is between them is history.
            let key = caseMapping.fold(target)
            if marker { session.playback.insert(key) } else { session.playback.remove(key) }
            return []
        }
        var kind: MessageKind = message.command == "NOTICE" ? .notice : .message
        if text.hasPrefix("\u{1}") {
            var body = text.dropFirst()
            if body.hasSuffix("\u{1}") { body = body.dropLast() }
            guard body.uppercased().hasPrefix("ACTION") else { return [] }  // other CTCP: ignored
            text = String(body.dropFirst(6).drop(while: { $0 == " " }))
            kind = .action
        }
        let place = conversation(target: target, author: author)
        var time = message.tags["time"].flatMap(ServerTime.parse)
        if let batch = message.tags["batch"], let before = session.olderBatches[batch], let said = time, said >= before
        {
            time = before.addingTimeInterval(-0.001)
        }
        if !place.isDirect { noteNewest(in: place.channel, msgid: message.tags["msgid"], time: time) }
        let incoming = IRCIncomingMessage(
            channel: clean(place.channel), isDirect: place.isDirect, author: clean(author),
            text: lines?.joined(separator: "\n") ?? clean(text),
            kind: kind, time: time, msgid: Sanitizer.identifier(message.tags["msgid"]),
            replyTo: IRCTags.replyTarget(in: message.tags), label: Sanitizer.identifier(message.tags["label"]),
            isEcho: place.isEcho,
            isHistory: isHistory(message, time: time) || session.playback.contains(caseMapping.fold(target)))
        return [.emit(.message(incoming))]
    }

    private mutating func receivedTagMessage(_ message: IRCMessage) -> [Action] {
        guard let target = message.parameter(0), let author = message.sourceNick else { return [] }
        let place = conversation(target: target, author: author)
        var actions: [Action] = []
        if let emoji = IRCTags.reactionEmoji(in: message.tags), let reacted = IRCTags.replyTarget(in: message.tags) {
            actions.append(
                .emit(
                    .reaction(
                        IRCReaction(
                            channel: clean(place.channel), isDirect: place.isDirect, author: clean(author),
                            emoji: clean(emoji), target: reacted, isEcho: place.isEcho))))
        }
        if let emoji = IRCTags.unreactionEmoji(in: message.tags), let reacted = IRCTags.replyTarget(in: message.tags) {
            actions.append(
                .emit(
                    .reaction(
                        IRCReaction(
                            channel: clean(place.channel), isDirect: place.isDirect, author: clean(author),
                            emoji: clean(emoji), target: reacted, isEcho: place.isEcho, isRemoval: true))))
        }
        if let typing = IRCTags.typingState(in: message.tags), !place.isEcho {
            actions.append(.emit(.typing(channel: clean(place.channel), nick: clean(author), state: typing)))
        }
        return actions
    }

    /// One line of a WHOIS answer we asked for, in words.
    private mutating func receivedWhoisLine(_ message: IRCMessage) -> [Action] {
        guard let who = message.parameter(1) else { return [] }
        let key = caseMapping.fold(who)
        guard var facts = session.pendingWhois[key], facts.count < 20 else { return [] }
        let p = message.parameters.map(clean)
        let last = p.last ?? ""
        switch message.command {
        // The real name and the host, not the user@host mask ("tilde k at host" said aloud).
        case "311" where p.count >= 6: facts.append(.identity(realName: p[5], host: p[3]))
        case "312" where p.count >= 3: facts.append(.server(p[2]))
        case "313": facts.append(.ircOperator)
        case "301": facts.append(.away(last))
        case "317" where p.count >= 3: facts.append(.idle(seconds: Int(p[2]) ?? 0))
        case "319":
            // The server marks ranks ("@#b"): the list names channels.
            facts.append(.channels(last.split(separator: " ").map { String($0.drop { "@+%~".contains($0) }) }))
        case "330" where p.count >= 3: facts.append(.account(p[2]))
        case "671", "276": facts.append(.secure)
        default: break  // the server's own words for what the client does not know: left out
        }
        session.pendingWhois[key] = facts
        return []
    }

    func clean(_ text: String) -> String { Sanitizer.plainText(text) }
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
