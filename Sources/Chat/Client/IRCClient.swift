import Foundation
import NIOCore
import NIOPosix
import NIOSSL

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

    private let eventContinuation: AsyncStream<ChatEvent>.Continuation
    /// TLS as the settings ask for it; made when first needed (a plain server's STS policy
    /// may move it to TLS).
    private let tlsConfiguration: TLSConfiguration?
    private var sslContext: NIOSSLContext?
    /// The port and transport of the next connection: the configured ones, or TLS on the port
    /// a Strict Transport Security policy names.
    private var endpoint: (port: Int, tls: Bool)
    /// The server asked this plain connection to move to TLS (STS): reconnect there at once.
    private var upgradeToTLS: Int?
    /// The STS policy's duration this secure connection advertised: when it closes, the
    /// policy runs that long again from then (the STS specification's rescheduling).
    private var policyDuration: Int?
    /// The protocol (pure): every bit of IRC state lives in it and in the outbox.
    private var connection: IRCConnection
    private var outbox = IRCOutbox()
    private var channel: (any Channel)?
    private var runTask: Task<Void, Never>?
    private var stopped = false
    /// Store ids of channels by folded name (a cache of the store's rows).
    private var channelIDs: [String: Int64] = [:]
    /// Messages received in one read, stored together.
    private var buffered: [NewMessage] = []

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
                requiresAuthentication: server.requiresAuthentication, channels: server.channels,
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
        runTask = Task { await self.run() }
    }

    /// Sends QUIT, closes the connection and stops reconnecting.
    public func stop(reason: String = "Earshot") async {
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
            let timeout = Task {
                try? await Task.sleep(for: .seconds(2))
                _ = try? await channel.close()
            }
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

    /// Asks the server who is in a channel; the answer comes as ``ChatEvent/memberRanks(channelID:ranks:)``
    /// and ``ChatEvent/members(channelID:nicks:)``.
    public func requestNames(_ channelName: String) throws(IRCSerializationError) {
        try Self.checkTarget(channelName)
        try perform(connection.requestNames(channelName))
    }

    /// Asks the server who `nick` is; the answer comes as ``ChatEvent/whois(nick:lines:)``.
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
    }

    /// Carries out what the outbox decided.
    private func carryOut(_ actions: [IRCOutbox.Action]) throws {
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
    private var retryRequested = false

    private func run() async {
        var attempt = 0
        while !stopped && !Task.isCancelled {
            emit(.connecting(attempt: attempt))
            var reason = DisconnectReason.closedByServer
            do {
                // A Strict Transport Security policy kept from an earlier TLS connection: TLS
                // on its port, and never plain again while it holds.
                if let port = try? store.securityPolicy(host: server.host) { endpoint = (port, true) }
                if endpoint.tls, sslContext == nil {
                    do {
                        sslContext = try Self.makeSSLContext(server: server, tlsConfiguration: tlsConfiguration)
                    } catch {
                        // The settings name a file that cannot be used: said once, and no retries
                        // until the settings change.
                        report(error)
                        runTask = nil
                        break
                    }
                }
                let (channel, lines, failure) = try await connect()
                self.channel = channel
                // A server that takes the connection and never welcomes us is given up on.
                let timeout = server.reconnect.registrationTimeout
                let overdue = Task {
                    try? await Task.sleep(for: timeout)
                    if !Task.isCancelled { self.giveUpUnlessWelcomed(channel, failure) }
                }
                defer { overdue.cancel() }
                do {
                    try perform(connection.connectionOpened(secure: endpoint.tls))
                } catch {
                    emit(.error(ChatError(.cannotRegister)))
                }
                for await batch in lines {
                    handle(batch)
                    if connection.isRegistered { attempt = 0 }
                }
                if let failed = failure.recorded { reason = failed }
            } catch {
                reason = DisconnectReason(error)
            }
            flushBuffered()
            channel = nil
            connection.connectionClosed()
            if endpoint.tls, let duration = policyDuration {
                // A policy holds for its duration after the last secure connection, not after
                // the first: a session longer than the policy must not fall back to plain text.
                try? store.setSecurityPolicy(host: server.host, port: endpoint.port, duration: duration)
            }
            policyDuration = nil
            outbox.closed()
            if stopped || Task.isCancelled { break }
            if let port = upgradeToTLS {
                // STS: straight to TLS, with nothing said of the plain connection closing.
                upgradeToTLS = nil
                endpoint = (port, true)
                continue
            }
            if connection.isRefused {
                // Reconnecting would only fail the same way (and could lock the account).
                runTask = nil
                break
            }
            emit(.disconnected(reason: reason))
            let delay = server.reconnect.delay(attempt: attempt, random: Double.random(in: 0...1))
            attempt += 1
            emit(.reconnecting(delay: delay, attempt: attempt))
            // The wait ends early when the listener asks to try now (/reconnect).
            let until = ContinuousClock.now + delay
            retryRequested = false
            while ContinuousClock.now < until, !retryRequested, !stopped, !Task.isCancelled {
                try? await Task.sleep(for: min(.milliseconds(100), until - ContinuousClock.now))
            }
        }
    }

    /// Ends the wait before the next try: the listener asked to reconnect now. Connected, it
    /// does nothing.
    public func retryNow() { retryRequested = true }

    /// Closes `channel` if it is still the connection and we are not registered on it.
    private func giveUpUnlessWelcomed(_ channel: any Channel, _ failure: ConnectionFailure) {
        guard self.channel === channel, !connection.isRegistered else { return }
        failure.record(.notWelcomed)
        channel.close(promise: nil)
    }

    /// One event loop thread for every connection: a chat client's few sockets need no more,
    /// and NIO's shared group has a thread (with its stack, malloc arena and task queue) for
    /// every core of the machine. The clients themselves run on it too (their executor).
    static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// The connections' thread gives way to the keys' path (``BackgroundThread``): the app
    /// asks for it before its clients start. (A test process of many clients at once does not:
    /// on a loaded machine, one low-priority thread for all of them would starve.)
    public static func workInBackground() {
        eventLoops.next().execute { BackgroundThread.lowerCallingThread() }
    }

    /// The client's work (the protocol, the store's writes) is done on the connections' thread,
    /// beside the socket it reads, and at its priority.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        Self.eventLoops.next().executor.asUnownedSerialExecutor()
    }

    private func connect() async throws -> (any Channel, AsyncStream<[[UInt8]]>, ConnectionFailure) {
        let failure = ConnectionFailure()
        let (lines, continuation) = AsyncStream.makeStream(of: [[UInt8]].self)
        let sslContext = endpoint.tls ? self.sslContext : nil
        let host = server.host
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        let pinned = server.tlsFingerprint
        let bootstrap = ClientBootstrap(group: Self.eventLoops)
            .connectTimeout(.seconds(15))
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let sslContext {
                        let tls = try CertificateWatch.handler(
                            context: sslContext, serverHostname: isAddress ? nil : host, pinned: pinned,
                            failure: failure)
                        try channel.pipeline.syncOperations.addHandler(tls)
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        IRCChannelHandler(continuation: continuation, failure: failure))
                }
            }
        do {
            let channel = try await bootstrap.connect(host: host, port: endpoint.port).get()
            return (channel, lines, failure)
        } catch {
            continuation.finish()
            throw error
        }
    }

    // MARK: Incoming

    private func handle(_ batch: [[UInt8]]) {
        let now = Date()
        for bytes in batch {
            guard let message = IRCMessage(parsing: bytes) else { continue }
            for action in connection.received(message, now: now) {
                switch action {
                case .send(let line):
                    do {
                        try write(line)
                    } catch {
                        emit(.error(ChatError(.notSendable(error.code))))
                    }
                case .emit(let event): apply(event, now: now)
                }
            }
            if connection.isRefused { break }
        }
        flushBuffered()
        channel?.flush()
        if connection.isRefused { channel?.close(promise: nil) }
    }

    private func apply(_ event: IRCEvent, now: Date) {
        if case .message(let incoming) = event, !(incoming.isEcho && !incoming.isHistory) {
            do {
                let channelID = try channelID(for: incoming.channel, isDirect: incoming.isDirect)
                buffered.append(
                    NewMessage(
                        channelID: channelID, msgid: incoming.msgid, author: incoming.author, text: incoming.text,
                        time: incoming.time ?? now, kind: incoming.kind, replyTo: incoming.replyTo,
                        // Replayed history is history: stored, not news, not unread.
                        countsAsUnread: !incoming.isEcho && !incoming.isHistory, isReplay: incoming.isHistory))
            } catch {
                report(error)
            }
            return
        }
        flushBuffered()
        do {
            switch event {
            case .message(let echo):
                try receivedEcho(echo, now: now)
            case .registered(let nick, let again):
                emit(.registered(nick: nick))
                if again { emit(.reconnected) }
            case .synced:
                try carryOut(
                    outbox.synced(
                        stored: store.pendingMessages(network: network.id).map(\.outboxLine),
                        reactions: store.pendingReactions(network: network.id),
                        echoes: connection.capabilities.contains(.echoMessage),
                        messageTags: connection.capabilities.contains(.messageTags)))
                emit(.synced)
            case .joined(let name, let nick, let isSelf):
                let id = try channelID(for: name, isDirect: false)
                try store.updateMember(nick, present: true, channel: id)
                if isSelf { try store.markPresent(channel: id, at: now) }
                emit(.joined(channelID: id, channel: name, nick: nick, isSelf: isSelf))
            case .parted(let name, let nick, let isSelf, let reason):
                let id = try channelID(for: name, isDirect: false)
                try store.updateMember(nick, present: false, channel: id)
                emit(.parted(channelID: id, channel: name, nick: nick, isSelf: isSelf, reason: reason))
            case .quit(let nick, let reason):
                for id in channelIDs.values { try store.updateMember(nick, present: false, channel: id) }
                emit(.quit(nick: nick, reason: reason))
            case .nickChanged(let from, let to, let isSelf):
                if let renamed = try store.renameNick(from, to: to, network: network.id) {
                    channelIDs[connection.caseMapping.fold(from)] = nil
                    channelIDs[connection.caseMapping.fold(to)] = renamed.id
                }
                emit(.nickChanged(from: from, to: to, isSelf: isSelf))
            case .topic(let name, let topic, let setBy):
                let id = try channelID(for: name, isDirect: false)
                try store.setTopic(topic, channel: id)
                emit(.topic(channelID: id, topic: topic, setBy: setBy))
            case .members(let name, let nicks):
                let id = try channelID(for: name, isDirect: false)
                try store.setMembers(nicks, channel: id)
                emit(.members(channelID: id, nicks: nicks))
            case .memberRanks(let name, let ranks):
                emit(.memberRanks(channelID: try channelID(for: name, isDirect: false), ranks: ranks))
            case .kicked(let name, let nick, let by, let reason, let isSelf):
                let id = try channelID(for: name, isDirect: false)
                try store.updateMember(nick, present: false, channel: id)
                emit(.kicked(channelID: id, channel: name, nick: nick, by: by, reason: reason, isSelf: isSelf))
            case .modeChanged(let name, let change, let by):
                emit(.modeChanged(channelID: try channelID(for: name, isDirect: false), change: change, by: by))
            case .whois(let nick, let facts):
                emit(.whois(nick: nick, facts: facts))
            case .note(let text, let isWarning):
                emit(.note(text, isWarning: isWarning))
            case .reaction(let reaction) where reaction.isRemoval:
                let id = try channelID(for: reaction.channel, isDirect: reaction.isDirect)
                try store.removeReaction(reaction.emoji, from: reaction.target, by: reaction.author, channel: id)
                emit(.reaction(channelID: id, target: reaction.target, emoji: reaction.emoji, author: reaction.author))
            case .reaction(let reaction):
                let id = try channelID(for: reaction.channel, isDirect: reaction.isDirect)
                if try store.addReaction(reaction.emoji, to: reaction.target, by: reaction.author, channel: id) {
                    emit(
                        .reaction(
                            channelID: id, target: reaction.target, emoji: reaction.emoji, author: reaction.author))
                }
            case .typing(let name, let nick, let state):
                let id = try channelID(for: name, isDirect: !IRCConnection.isChannelName(name))
                emit(.typing(channelID: id, nick: nick, state: state))
            case .authenticationFailed(let account, let reason, let continuing):
                emit(.authenticationFailed(account: account, reason: reason, continuing: continuing))
            case .passwordRefused(let given):
                emit(.passwordRefused(given: given))
            case .secureConnectionRequired(let port):
                upgradeToTLS = port
                channel?.close(promise: nil)
            case .securityPolicy(let duration):
                policyDuration = duration > 0 ? duration : nil
                try store.setSecurityPolicy(host: server.host, port: endpoint.port, duration: duration)
            case .presence(let nick, let online, let change):
                emit(.presence(nick: nick, online: online, change: change))
            case .away(let nick, let reason):
                emit(.away(nick: nick, reason: reason))
            case .accounts(let accounts):
                emit(.accounts(accounts))
            case .caseMapping(let mapping):
                // Names are compared as this server compares them from now on: the store's
                // channels are found by the new fold, and what was found by the old is asked again.
                try store.setCaseMapping(mapping, network: network.id)
                channelIDs = [:]
                connection.historyAnchors = try store.historyAnchors(network: network.id)
                emit(.caseMapping(mapping))
            case .olderHistory(let target, let count):
                let id = try channelID(for: target, isDirect: !IRCConnection.isChannelName(target))
                emit(.olderHistory(channelID: id, count: count))
            case .readMarker(let target, let time):
                let id = try channelID(for: target, isDirect: !IRCConnection.isChannelName(target))
                if let moved = try store.markReadElsewhere(channel: id, at: time, ownNick: connection.nick) {
                    emit(.readElsewhere(channelID: id, upTo: moved.upTo, unread: moved.unread))
                } else if let ours = try store.readMarkerTime(channel: id), ours > time {
                    // Read here while the server did not know (offline, or before it kept
                    // markers): it learns ours, so the other clients do too.
                    try perform(connection.markRead(target, at: ours))
                }
            case .invited(let channel, let nick, let by, let isSelf):
                emit(.invited(channel: channel, nick: nick, by: by, isSelf: isSelf))
            case .refused(let refusal):
                // A line of ours the server would not take is withdrawn: out of the outbox and
                // the history, never sent later; the app puts its words back in the field.
                if let label = refusal.label, let withdrawn = try store.withdraw(label: label) {
                    outbox.echoed(label: label)
                    emit(.lineRefused(refusal, withdrawn))
                } else {
                    emit(.refused(refusal))
                }
            }
        } catch {
            report(error)
        }
    }

    /// Our own message came back (echo-message): mark it delivered, or store it if another
    /// client of ours sent it.
    private func receivedEcho(_ echo: IRCIncomingMessage, now: Date) throws {
        let id = try channelID(for: echo.channel, isDirect: echo.isDirect)
        var delivered: ChatMessage?
        if let label = echo.label {
            delivered = try store.markDelivered(label: label, msgid: echo.msgid)
            outbox.echoed(label: label)
        } else {
            delivered = try store.markDelivered(channel: id, text: echo.text, msgid: echo.msgid)
        }
        if let delivered {
            emit(.delivered(delivered))
            return
        }
        if echo.label != nil { return }  // labelled but already delivered (replay came first)
        let result = try store.insert([
            NewMessage(
                channelID: id, msgid: echo.msgid, author: echo.author, text: echo.text, time: echo.time ?? now,
                kind: echo.kind, replyTo: echo.replyTo, countsAsUnread: false)
        ])
        if !result.inserted.isEmpty { emit(.messages(result.inserted)) }
    }

    private func flushBuffered() {
        guard !buffered.isEmpty else { return }
        let batch = buffered
        buffered = []
        do {
            let result = try store.insert(batch, ownNick: connection.nick)
            for message in result.delivered { emit(.delivered(message)) }
            if !result.replayed.isEmpty { emit(.history(result.replayed, news: result.news)) }
            if !result.inserted.isEmpty { emit(.messages(result.inserted)) }
        } catch {
            report(error)
        }
    }

    // MARK: Outgoing

    /// Carries out the actions in order; throws before any is carried out when one of the
    /// lines cannot be written.
    private func perform(_ actions: [IRCConnection.Action]) throws(IRCSerializationError) {
        for case .send(let line) in actions { _ = try line.serialized() }
        for action in actions {
            switch action {
            case .send(let line): try write(line)
            case .emit(let event): apply(event, now: Date())
            }
        }
        channel?.flush()
    }

    /// Writes one line with CR LF; throws, writing nothing, when it cannot be written.
    private func write(_ line: IRCMessage) throws(IRCSerializationError) {
        let text = try line.serialized()
        guard let channel else { return }
        var buffer = channel.allocator.buffer(capacity: 128)
        buffer.writeString(text)
        buffer.writeStaticString("\r\n")
        channel.write(buffer, promise: nil)
    }

    /// Throws unless `name` can be written as one middle parameter (a channel or nick).
    private static func checkTarget(_ name: String) throws(IRCSerializationError) {
        _ = try IRCMessage(command: "PRIVMSG", [name, "x"]).serialized()
    }

    /// Throws when `line` cannot be written as it means.
    private static func check(
        _ line: IRCMessage, maximumBytes: Int = IRCMessage.maximumLineBytes
    )
        throws(IRCSerializationError)
    {
        _ = try line.serialized(maximumBytes: maximumBytes)
    }

    // MARK: Helpers

    private func channelID(for name: String, isDirect: Bool) throws -> Int64 {
        let key = connection.caseMapping.fold(name)
        if let id = channelIDs[key] { return id }
        let id = try store.channel(named: name, network: network.id, isDirect: isDirect).id
        channelIDs[key] = id
        return id
    }

    private func emit(_ event: ChatEvent) {
        eventContinuation.yield(event)
    }

    private func report(_ error: any Error) {
        if let chat = error as? ChatError { return emit(.error(chat)) }
        emit(.failed(FailureReason(error)))
    }
}
