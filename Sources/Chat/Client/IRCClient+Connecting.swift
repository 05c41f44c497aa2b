import Foundation
import IRC
import NIOCore
import NIOPosix
import NIOSSL

/// The connection loop: connect (TLS or plain, STS upgrades), run until the connection ends,
/// wait by the reconnect policy, and try again until stopped.
extension IRCClient {
    // MARK: Connection loop

    func run() async {
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
                // Timed on the client's own loop, where the client runs (``pause(for:)``).
                let overdue = channel.eventLoop.scheduleTask(in: Self.timeAmount(timeout)) {
                    self.assumeIsolated { $0.giveUpUnlessWelcomed(channel, failure) }
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
                await pause(for: min(.milliseconds(100), until - ContinuousClock.now))
            }
        }
    }

    /// Waits `duration` on the connections' event loop, where the client runs, not on Swift's
    /// shared pool: `Task.sleep` wakes through that pool, and a process whose pool threads are
    /// all busy (a test run on two cores, in CI) held a client's registration timeout and its
    /// reconnect wait for twenty seconds and more.
    func pause(for duration: Duration) async {
        try? await Self.eventLoops.next().scheduleTask(in: Self.timeAmount(duration)) {}.futureResult.get()
    }

    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// Ends the wait before the next try: the listener asked to reconnect now. Connected, it
    /// does nothing.
    public func retryNow() { retryRequested = true }

    /// Closes `channel` if it is still the connection and we are not registered on it.
    func giveUpUnlessWelcomed(_ channel: any Channel, _ failure: ConnectionFailure) {
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

    /// The connection loop's task prefers that thread too, for what it awaits outside the
    /// client (a future's `get()`, the pause between tries): those would otherwise start on
    /// Swift's shared pool, and a process whose pool threads are all busy (a test run on two
    /// cores) held the client there for twenty seconds and more.
    static let loopExecutor = LoopTaskExecutor(eventLoops.next())

    /// The channels to join: the settings', then those joined last time with /join and not left.
    static func channels(of server: IRCServerConfiguration, store: ChatStore, network: Int64) throws -> [String] {
        let names = try store.caseMapping(network: network)
        let rejoined = try store.channelsToRejoin(network: network).filter { name in
            !server.channels.contains { names.equal($0, name) }
        }
        return server.channels + rejoined
    }

    /// How much one read of the socket takes (see `connect()`).
    static let reads = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2048, maximum: 16 * 1024)

    func connect() async throws -> (any Channel, AsyncStream<[[UInt8]]>, ConnectionFailure) {
        let failure = ConnectionFailure()
        let (lines, continuation) = AsyncStream.makeStream(of: [[UInt8]].self)
        let sslContext = endpoint.tls ? self.sslContext : nil
        let host = server.host
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        let pinned = server.tlsFingerprint
        let bootstrap = ClientBootstrap(group: Self.eventLoops)
            .connectTimeout(.seconds(15))
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            // Reads of at most 16 KB (NIO's default grows to 64 KB): a flood arrives as batches of
            // a few hundred lines, not thousands, each held at once by the framer, the client and the
            // store. Peers bench, 20,000 lines: the burst's peak 23.7 → 21.9 MB, wall time unchanged.
            .channelOption(ChannelOptions.recvAllocator, value: Self.reads)
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
            // An address is connected to as it is: no resolver, whose getaddrinfo runs on a
            // Dispatch queue and waits for a thread when the process has none free.
            let address = isAddress ? try? SocketAddress(ipAddress: host, port: endpoint.port) : nil
            let connecting =
                address.map { bootstrap.connect(to: $0) } ?? bootstrap.connect(host: host, port: endpoint.port)
            let channel = try await connecting.get()
            return (channel, lines, failure)
        } catch {
            continuation.finish()
            throw error
        }
    }
}

/// A task executor that runs every job on one NIO event loop.
final class LoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loop.execute { job.runSynchronously(on: executor) }
    }
}
