import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// The IRC client: a thin I/O shell around ``IRCConnection`` on SwiftNIO, writing through the
/// ``ChatStore``.
///
/// Connects with TLS (verified certificates) or, to loopback or with `insecure`, plain TCP;
/// reconnects with exponential back-off and jitter; rejoins; after the join replay it resends
/// what the server did not echo. Everything received is sanitised and stored before the App
/// hears about it through ``events``.
///
/// ```swift
/// let client = try IRCClient(server: configuration, store: store)
/// await client.start()
/// Task { for await event in client.events { handle(event) } }
/// try await client.send("hello", to: "#earshot")
/// ```
public actor IRCClient {
    /// Events for the App, in order. One consumer.
    public nonisolated let events: AsyncStream<ChatEvent>
    public nonisolated let server: IRCServerConfiguration
    public nonisolated let store: ChatStore
    public nonisolated let network: ChatNetwork

    let eventContinuation: AsyncStream<ChatEvent>.Continuation
    /// TLS as the settings ask for it; made when first needed (a plain server's STS policy
    /// may move it to TLS).
    let tlsConfiguration: TLSConfiguration?
    var sslContext: NIOSSLContext?
    /// The port and transport of the next connection: the configured ones, or TLS on the port
    /// a Strict Transport Security policy names.
    var endpoint: (port: Int, tls: Bool)
    /// The server asked this plain connection to move to TLS (STS): reconnect there at once.
    var upgradeToTLS: Int?
    /// The STS policy's duration this secure connection advertised: when it closes, the
    /// policy runs that long again from then (the STS specification's rescheduling).
    var policyDuration: Int?
    /// The protocol (pure): every bit of IRC state lives in it and in the outbox.
    var connection: IRCConnection
    var outbox = IRCOutbox()
    var channel: (any Channel)?
    var runTask: Task<Void, Never>?
    var stopped = false
    /// Store ids of channels by folded name (a cache of the store's rows).
    var channelIDs: [String: Int64] = [:]
    /// Conversations forgotten since the cache last looked (``forgetConversation(_:)`` is not
    /// isolated, as /query is not): a name cached for one is looked up again.
    let forgotten = Mutex<Set<Int64>>([])
    /// Messages received in one read, stored together.
    var buffered: [NewMessage] = []

    /// Creates a client; throws ``ChatError`` for a plain connection that is not allowed. TLS
    /// is set up when first connecting: a certificate or key that cannot be used is said then.
    public init(server: IRCServerConfiguration, store: ChatStore, tlsConfiguration: TLSConfiguration? = nil) throws {
        try server.validate()
        self.server = server
        self.store = store
        network = try store.network(
            named: server.name, host: server.host, port: server.port, usesTLS: server.usesTLS, nick: server.nick)
        let certificateSignIn = server.clientCertificate != nil && server.credentials == nil
        connection = IRCConnection(
            configuration: .init(
                nick: server.nick, user: server.user, realName: server.realName, credentials: server.credentials,
                requiresAuthentication: server.requiresAuthentication,
                channels: try Self.channels(of: server, store: store, network: network.id),
                serverPassword: server.serverPassword, monitor: server.monitor, certificateSignIn: certificateSignIn,
                mechanism: server.saslMechanism))
        self.tlsConfiguration = tlsConfiguration
        endpoint = (server.port, server.usesTLS)
        (events, eventContinuation) = AsyncStream.makeStream(of: ChatEvent.self)
    }

    /// The TLS context for `server`: the given configuration, else the system's trust (or
    /// `ca_file`), with the client certificate when there is one.
    static func makeSSLContext(
        server: IRCServerConfiguration, tlsConfiguration: TLSConfiguration?
    ) throws -> NIOSSLContext {
        var configuration = tlsConfiguration ?? .makeClientConfiguration()
        if tlsConfiguration == nil, let caFile = server.caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else {
                throw ChatError(.caFileUnreadable(caFile))
            }
            configuration.trustRoots = .file(caFile)
        }
        // A pinned certificate is the server's identity: the name it was made for does not matter.
        if server.tlsFingerprint != nil { configuration.certificateVerification = .noHostnameVerification }
        if let certificate = server.clientCertificate {
            let key = server.clientKey ?? certificate
            guard FileManager.default.isReadableFile(atPath: certificate),
                FileManager.default.isReadableFile(atPath: key)
            else {
                throw ChatError(.clientCertificateUnreadable(certificate))
            }
            // The key signs in as the user: like a password file, it is the owner's alone.
            let mode =
                ((try? FileManager.default.attributesOfItem(atPath: key))?[.posixPermissions] as? NSNumber)?.intValue
                ?? 0
            guard mode & 0o077 == 0 else {
                throw ChatError(.keyReadableByOthers(key))
            }
            do {
                configuration.certificateChain = try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) }
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(file: key, format: .pem))
            } catch {
                throw ChatError(.clientCertificateNotPEM(certificate))
            }
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            if case .default = configuration.trustRoots ?? .default, !Self.systemHasTrustRoots {
                throw ChatError(.noCertificateAuthorities(host: server.host))
            }
            // A certificate or key file that is not one (ca_file, client_cert).
            throw ChatError(.tlsFilesUnusable(host: server.host))
        }
    }

    /// Whether one of the places where Linux distributions keep their certificate authorities
    /// (the file or folder NIOSSL's default trust loads) exists; without one, a TLS context with
    /// the system's trust cannot be made at all.
    static var systemHasTrustRoots: Bool {
        ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/certs"]
            .contains { FileManager.default.fileExists(atPath: $0) }
    }

    /// Our nick on the server now.
    public var nick: String { connection.nick }

    /// Whether we are registered and past the join replay.
    public var isSynced: Bool { connection.isSynced }

    /// The account we are signed in to with SASL, if any.
    public var account: String? { connection.account }
    /// How it signed in (SCRAM-SHA-256, PLAIN, EXTERNAL), if it did on this connection.
    public var signedInWith: SASLMechanism? { connection.signedInWith }

    /// Whether the client is connecting or connected, or will reconnect: false before
    /// ``start()``, after ``stop(reason:)``, and once a required sign-in has failed.
    public var isRunning: Bool { runTask != nil }

    /// Starts connecting (and reconnecting) in the background.
    public func start() {
        guard runTask == nil else { return }
        stopped = false
        // History from the server is fetched after what is stored (a store that cannot be read
        // fetches the latest page).
        connection.historyAnchors = (try? store.historyAnchors(network: network.id)) ?? [:]
        runTask = Task(executorPreference: Self.loopExecutor) { await self.run() }
    }

    /// Sends QUIT, closes the connection and stops reconnecting.
    public func stop(reason: String = "") async {
        stopped = true
        // A reason that cannot be written (a line break in it) still stops the client.
        if (try? perform(connection.quit(reason))) == nil { try? perform(connection.quit()) }
        // The server closes the connection once it has read QUIT; closing first can make it
        // see the end before the line and quit us with "Connection closed" instead of our reason.
        if let channel, !connection.isRegistered {
            // Not welcomed yet (a silent server, or mid-registration): no one waits for a
            // goodbye, so the connection closes at once rather than after the 2 s below.
            _ = try? await channel.close()
        } else if let channel {
            // On the connection's own loop, as every timer of the client (``pause(for:)``).
            let timeout = channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
            _ = try? await channel.closeFuture.get()
            timeout.cancel()
        }
        runTask?.cancel()
        await runTask?.value
        runTask = nil
        eventContinuation.finish()
    }

    /// Drops the connection without QUIT (as a network failure would); the client reconnects.
    public func dropConnection() async {
        _ = try? await channel?.close()
    }

    // MARK: Commands

    /// Joins a channel now and after every reconnect; throws, sending nothing, when the
    /// name cannot be written as one parameter (a space, a leading colon, a line break).
    public func join(_ channelName: String, key: String? = nil) throws(IRCSerializationError) {
        try Self.checkTarget(channelName)
        if let key { try Self.checkTarget(key) }
        try perform(connection.join(channelName, key: key))
    }

    /// Leaves a channel; throws, sending nothing, when the line cannot be written.
    public func part(_ channelName: String, reason: String = "") throws(IRCSerializationError) {
        try Self.checkTarget(channelName)
        try Self.check(IRCMessage(command: "PART", reason.isEmpty ? [channelName] : [channelName, reason]))
        try perform(connection.part(channelName, reason: reason))
    }

    /// Sets a channel's topic.
    public func setTopic(_ topic: String, in channelName: String) throws(IRCSerializationError) {
        try perform(connection.setTopic(topic, in: channelName))
    }

    /// Marks us away with `reason`, or back when it is nil (AWAY).
    public func setAway(_ reason: String?) throws(IRCSerializationError) {
        try perform([.send(IRCMessage(command: "AWAY", reason.map { [$0] } ?? []))])
    }

    /// Asks the server who is in a channel; the answer comes as the server's ``IRCEvent/memberRanks(channel:ranks:)``
    /// and ``IRCEvent/members(channel:nicks:)``.
    public func requestNames(_ channelName: String) throws(IRCSerializationError) {
        try Self.checkTarget(channelName)
        try perform(connection.requestNames(channelName))
    }

    /// Asks the server who `nick` is; the answer comes as the server's ``IRCEvent/whois(nick:facts:)``.
    public func whois(_ nick: String) throws(IRCSerializationError) {
        try Self.checkTarget(nick)
        try perform(connection.whois(nick))
    }

    /// Follows `nicks` with MONITOR: said when each comes online or goes offline. Throws when
    /// the server does not take MONITOR (known once registered).
    public func follow(_ nicks: [String]) throws {
        for nick in nicks { try Self.checkTarget(nick) }
        if connection.isRegistered, !connection.supportsMonitor {
            throw ChatError(.noMonitor)
        }
        try perform(connection.follow(nicks))
    }

    /// Stops following `nicks`.
    public func unfollow(_ nicks: [String]) throws {
        for nick in nicks { try Self.checkTarget(nick) }
        try perform(connection.unfollow(nicks))
    }

    /// Asks for another nick.
    public func changeNick(_ newNick: String) throws(IRCSerializationError) {
        try perform(connection.changeNick(newNick))
    }

    /// Sends text to a channel or nick: split to fit 512 bytes, each part stored as pending
    /// first, sent if connected, and resent after a reconnect until the server echoes it.
    ///
    /// Throws ``IRCSerializationError`` before storing anything when a part cannot be written
    /// as one line meaning what it says: a target with a space, a leading colon or a line
    /// break, NUL in the text or the reply target.
    @discardableResult
    public func send(
        _ text: String, to target: String, kind: MessageKind = .message, replyTo: String? = nil
    ) throws
        -> [PendingMessage]
    {
        if replyTo != nil, connection.isSynced, !connection.capabilities.contains(.messageTags) {
            throw Self.noMessageTags(.replies)
        }
        let command = kind == .notice ? "NOTICE" : "PRIVMSG"
        let budget = IRCLineSplitter.textBudget(
            command: command, target: target, nick: connection.nick, isAction: kind == .action)
        try Self.checkTarget(target)
        var chunks = IRCLineSplitter.split(text, maxBytes: budget)
        // Several lines, where the server takes them whole: as few messages as its limits allow.
        if text.contains("\n"), kind != .action, let limits = connection.multilineLimits {
            let lines = text.split(separator: "\n").map(String.init).filter {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty
            }
            chunks = IRCConnection.multilineGroups(lines, limits: limits, budget: budget).map {
                $0.joined(separator: "\n")
            }
        }
        for chunk in chunks {
            for piece in chunk.split(separator: "\n") {
                let line = connection.line(
                    String(piece), to: target, kind: kind, replyTo: replyTo, label: "x", allTags: true)
                try Self.check(line, maximumBytes: .max)
            }
        }
        let channelID = try self.channelID(for: target, isDirect: !IRCConnection.isChannelName(target))
        var pending: [PendingMessage] = []
        for chunk in chunks {
            let entry = try store.enqueue(
                chunk, kind: kind, replyTo: replyTo, channel: channelID, author: connection.nick)
            pending.append(entry)
            try carryOut(outbox.queued(entry.outboxLine))
        }
        channel?.flush()
        return pending
    }

    /// Takes back our reaction `emoji` to `msgid` in `target` (`+draft/unreact`): where the
    /// server carries client tags and is connected; the store forgets it once sent.
    public func unreact(_ emoji: String, to msgid: String, in target: String) throws {
        guard connection.isSynced else { throw ChatError(.offline) }
        guard connection.capabilities.contains(.messageTags) else { throw Self.noMessageTags(.reactions) }
        let channelID = try self.channelID(for: target, isDirect: !IRCConnection.isChannelName(target))
        try perform(connection.unreact(emoji, to: msgid, in: target))
        try store.removeReaction(emoji, from: msgid, by: connection.nick, channel: channelID)
        // What shows it reads the store again.
        emit(.reaction(channelID: channelID, target: msgid, emoji: emoji, author: connection.nick))
    }

    /// Reacts to the message `msgid` in `target` (stored at once, sent if connected).
    public func react(_ emoji: String, to msgid: String, in target: String) throws {
        let channelID = try self.channelID(for: target, isDirect: !IRCConnection.isChannelName(target))
        try Self.checkTarget(target)
        try Self.check(IRCConnection.reactionLine(emoji, to: msgid, in: target))
        if connection.isSynced {
            guard connection.capabilities.contains(.messageTags) else { throw Self.noMessageTags(.reactions) }
            try store.addReaction(emoji, to: msgid, by: connection.nick, channel: channelID)
            try perform(connection.react(emoji, to: msgid, in: target))
        } else {
            // Offline: shown at once, sent once on the next sync.
            try store.addReaction(emoji, to: msgid, by: connection.nick, channel: channelID)
            try store.enqueueReaction(emoji, to: msgid, channel: channelID)
        }
        // What shows it reads the store again: the server's echo of our own reaction changes
        // nothing stored, so without this it showed only when something else came.
        emit(.reaction(channelID: channelID, target: msgid, emoji: emoji, author: connection.nick))
    }

    /// Carries out what the outbox decided.
    func carryOut(_ actions: [IRCOutbox.Action]) throws {
        for action in actions {
            switch action {
            case .write(let line):
                try store.markAttempted(line.id)
                try perform(
                    connection.say(
                        line.text, to: line.target, kind: line.kind, replyTo: line.replyTo, label: line.label))
            case .delivered(let line):
                if let delivered = try store.markDelivered(label: line.label, msgid: nil) {
                    emit(.delivered(delivered))
                }
            case .react(let reaction):
                try? perform(connection.react(reaction.emoji, to: reaction.msgid, in: reaction.target))
                try store.removePendingReaction(reaction.id)
            case .giveUp(let reactions):
                // The user is told rather than left to think they were sent.
                for reaction in reactions { try store.removePendingReaction(reaction.id) }
                emit(.error(ChatError(.reactionsNotSent(count: reactions.count))))
            }
        }
    }

    static func noMessageTags(_ feature: ChatProblem.Feature) -> ChatError {
        ChatError(.noMessageTags(feature))
    }

    /// The user typed in the composer for `target` (throttled to one notice per 3 s).
    public func typed(in target: String) throws(IRCSerializationError) {
        try perform(connection.typed(in: target, now: Date()))
    }

    /// The direct conversation with `nick` on this network, made if it is new (/query). The
    /// client writes it, as it writes every row of its network.
    public nonisolated func conversation(with nick: String) throws -> ChatChannel {
        try store.channel(named: nick, network: network.id, isDirect: true)
    }

    /// Forgets the direct conversation `id` if nothing is in it (a refused /msg to a nick the
    /// server does not know left it): in the store at once, as /query makes one, and among the
    /// names the client knows, so a later line to that name makes it again. Whether it did.
    public nonisolated func forgetConversation(_ id: Int64) throws -> Bool {
        guard try store.forgetEmptyConversation(id) else { return false }
        forgotten.withLock { _ = $0.insert(id) }
        return true
    }

    /// The user has read `target` up to `time`: the server keeps it for the account's other
    /// clients, where it keeps read markers.
    public func markRead(_ target: String, at time: Date) throws(IRCSerializationError) {
        try perform(connection.markRead(target, at: time))
    }

    /// Asks the server for the page before `message` in `target` (a review went past the oldest
    /// stored message). The answer, also where it keeps no history (none came), is
    /// ``ChatEvent/olderHistory(channelID:count:)``, after the messages themselves.
    public func fetchOlder(_ target: String, before message: ChatMessage) throws {
        guard connection.fetchesHistory else {
            // Nothing will come: said at once as nothing older.
            return emit(.olderHistory(channelID: message.channelID, count: 0))
        }
        try perform(connection.fetchOlder(target, before: HistoryAnchor(msgid: message.msgid, time: message.time)))
    }

    /// The user cleared the composer for `target`.
    public func stoppedTyping(in target: String) throws(IRCSerializationError) {
        try perform(connection.stoppedTyping(in: target))
    }

    // MARK: Connection loop

    /// Set by ``retryNow()``: the wait between tries ends at once.
    var retryRequested = false
}
