import RealParts
import Foundation
import NIOSSL
import TestThreads
import Testing

@_spi(StoreWriting) @testable import Chat

/// Against a real InspIRCd on loopback.
@Suite(.serialized, .ownThreads) struct IRCClientTests {
    func makeClient(
        _ nick: String, fixture: InspIRCdFixture, directory: TemporaryDirectory, channels: [String] = ["#earshot"],
        reconnect: ReconnectPolicy = ReconnectPolicy(
            initialDelay: .milliseconds(200), maximumDelay: .seconds(1), jitter: 0.2)
    ) throws -> (IRCClient, EventRecorder, ChatStore) {
        let store = try ChatStore(path: directory.path + "/\(nick).sqlite")
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "test", host: "127.0.0.1", port: fixture.port, usesTLS: false, nick: nick, channels: channels,
                reconnect: reconnect),
            store: store)
        return (client, EventRecorder(client), store)
    }

    /// Ada and bob, both started and synced on `fixture`.
    func adaAndBob(
        _ fixture: InspIRCdFixture, _ directory: TemporaryDirectory
    ) async throws -> ((IRCClient, EventRecorder, ChatStore), (IRCClient, EventRecorder, ChatStore)) {
        let ada = try makeClient("ada", fixture: fixture, directory: directory)
        let bob = try makeClient("bob", fixture: fixture, directory: directory)
        await ada.0.start()
        await bob.0.start()
        #expect(await ada.1.wait { $0.contains(where: \.isSynced) })
        #expect(await bob.1.wait { $0.contains(where: \.isSynced) })
        return (ada, bob)
    }

    @Test func refusesPlainTCPToARemoteHostWithoutInsecure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/x.sqlite")
        let remote = IRCServerConfiguration(name: "r", host: "irc.example.org", port: 6667, usesTLS: false, nick: "ada")
        #expect(throws: ChatError.self) { try IRCClient(server: remote, store: store) }
        var insecure = remote
        insecure.insecure = true
        #expect(throws: Never.self) { try IRCClient(server: insecure, store: store) }
        try #require(
            IRCClient.systemHasTrustRoots,
            "TLS by default checks servers with the system's certificate authorities: apt install ca-certificates")
        #expect(throws: Never.self) {
            try IRCClient(server: IRCServerConfiguration(name: "t", host: "irc.example.org", nick: "ada"), store: store)
        }
    }

    /// A conversation follows the person: after bob becomes bobby, what he writes goes on in
    /// the same conversation, now named bobby, and the channel's members list bobby, not bob.
    @Test func aConversationFollowsANickChange() async throws {
        let fixture = try InspIRCdFixture()
        let directory = try TemporaryDirectory()
        defer {
            fixture.tearDown()
            directory.remove()
        }
        let ((ada, adaEvents, adaStore), (bob, bobEvents, _)) = try await adaAndBob(fixture, directory)
        func received(_ text: String) async -> Bool {
            await adaEvents.wait { events in
                events.contains { if case .messages(let m) = $0 { m.contains { $0.text == text } } else { false } }
            }
        }
        _ = try await bob.send("first, as bob", to: "ada")
        #expect(await received("first, as bob"))
        try await bob.changeNick("bobby")
        #expect(
            await adaEvents.wait { events in
                events.contains { if case .server(.nickChanged("bob", "bobby", false), _) = $0 { true } else { false } }
            })
        _ = try await bob.send("then, as bobby", to: "ada")
        #expect(await received("then, as bobby"))
        let conversations = try adaStore.channels(network: ada.network.id).filter(\.isDirect)
        #expect(conversations.map(\.name) == ["bobby"], "\(conversations.map(\.name))")
        let conversation = try #require(conversations.first)
        let texts = try adaStore.newestPage(in: conversation.id, limit: 10).map(\.text)
        #expect(texts == ["first, as bob", "then, as bobby"], "\(texts)")
        let channel = try #require(try adaStore.channels(network: ada.network.id).first { $0.name == "#earshot" })
        #expect(channel.members.contains("bobby") && !channel.members.contains("bob"), "\(channel.members)")
        await ada.stop()
        await bob.stop()
    }

    @Test func twoClientsExchangeMessagesReactionsRepliesAndTyping() async throws {
        let fixture = try InspIRCdFixture()
        let directory = try TemporaryDirectory()
        defer {
            fixture.tearDown()
            directory.remove()
        }
        let ((ada, adaEvents, adaStore), (bob, bobEvents, bobStore)) = try await adaAndBob(fixture, directory)

        let before = Date()
        let sent = try await ada.send("hello from ada", to: "#earshot")
        #expect(sent.count == 1)
        #expect(
            await bobEvents.wait { events in
                events.contains {
                    if case .messages(let m) = $0 { m.contains { $0.text == "hello from ada" } } else { false }
                }
            })
        let received = try #require(await bobEvents.messages.first { $0.text == "hello from ada" })
        let msgid = try #require(received.msgid)
        #expect(received.author == "ada")
        // The server's time lies between the send and its arrival (with a few seconds for the
        // two clocks' rounding), however long a loaded machine took in between.
        let after = Date()
        #expect(received.time > before - 5 && received.time < after + 5)
        // Ada's copy was pending and is now delivered with the same msgid.
        #expect(
            await adaEvents.wait { $0.contains { if case .delivered(let m) = $0 { m.msgid == msgid } else { false } } })
        #expect(try adaStore.pendingMessages(network: ada.network.id).isEmpty)

        // Bob replies in a thread and acts; Ada reacts; both type.
        try await bob.send("a reply", to: "#earshot", replyTo: msgid)
        try await bob.send("waves", to: "#earshot", kind: .action)
        #expect(
            await adaEvents.wait { events in
                events.contains {
                    if case .messages(let m) = $0 {
                        m.contains { $0.kind == .action && $0.text == "waves" }
                    } else {
                        false
                    }
                }
            })
        let reply = try #require(await adaEvents.messages.first { $0.text == "a reply" })
        #expect(reply.replyTo == msgid)
        let adaChannel = try adaStore.channel(named: "#earshot", network: ada.network.id)
        #expect(try adaStore.replies(to: msgid, channel: adaChannel.id).map(\.text) == ["a reply"])

        try await ada.react("👍", to: msgid, in: "#earshot")
        #expect(
            await bobEvents.wait {
                $0.contains { if case .reaction(_, msgid, "👍", "ada") = $0 { true } else { false } }
            })
        let bobChannel = try bobStore.channel(named: "#earshot", network: bob.network.id)
        #expect(try bobStore.message(msgid: msgid, channel: bobChannel.id)?.reactions == ["👍": ["ada"]])

        try await ada.typed(in: "#earshot")
        try await ada.typed(in: "#earshot")  // throttled: one notification within 3 s
        #expect(
            await bobEvents.wait {
                $0.contains { if case .server(.typing(_, "ada", .active), _) = $0 { true } else { false } }
            })
        try await ada.stoppedTyping(in: "#earshot")
        #expect(
            await bobEvents.wait {
                $0.contains { if case .server(.typing(_, "ada", .done), _) = $0 { true } else { false } }
            })
        #expect(
            await bobEvents.count { if case .server(.typing(_, "ada", .active), _) = $0 { true } else { false } } == 1)

        // Members and a direct message.
        #expect(try adaStore.channel(id: adaChannel.id)?.members.sorted() == ["ada", "bob"])
        try await bob.send("psst", to: "ada")
        #expect(
            await adaEvents.wait { events in
                events.contains { if case .messages(let m) = $0 { m.contains { $0.text == "psst" } } else { false } }
            })
        let direct = try #require(try adaStore.channels(network: ada.network.id).first { $0.isDirect })
        #expect(direct.name == "bob")
        // The conversation is named before its first message: the App never asks the store.
        let seen = await adaEvents.events
        let named = seen.firstIndex { if case .channel(let channel) = $0 { channel.id == direct.id } else { false } }
        let first = seen.firstIndex {
            if case .messages(let m) = $0 { m.contains { $0.channelID == direct.id } } else { false }
        }
        #expect(named != nil && first != nil && named! < first!, "\(seen)")

        await ada.stop()
        await bob.stop()
    }

    @Test func serverKilledAndRestartedDeliversQueuedMessagesOnce() async throws {
        let fixture = try InspIRCdFixture()
        let directory = try TemporaryDirectory()
        defer {
            fixture.tearDown()
            directory.remove()
        }
        // Bob comes back quickly; Ada (the sender) only after Bob has rejoined.
        let (ada, adaEvents, adaStore) = try makeClient(
            "ada", fixture: fixture, directory: directory,
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(2500), maximumDelay: .milliseconds(2500), jitter: 0))
        let (bob, bobEvents, bobStore) = try makeClient(
            "bob", fixture: fixture, directory: directory,
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .milliseconds(300), jitter: 0.1))
        await ada.start()
        await bob.start()
        #expect(await adaEvents.wait { $0.contains(where: \.isSynced) })
        #expect(await bobEvents.wait { $0.contains(where: \.isSynced) })
        try await ada.send("before the crash", to: "#earshot")
        #expect(
            await bobEvents.wait {
                $0.contains {
                    if case .messages(let m) = $0 { m.contains { $0.text == "before the crash" } } else { false }
                }
            })

        fixture.kill()
        #expect(await adaEvents.wait { $0.contains(where: \.isDisconnected) })
        let queued = (1...5).map { "queued \($0)" }
        for text in queued { try await ada.send(text, to: "#earshot") }
        #expect(try adaStore.pendingMessages(network: ada.network.id).map(\.message.text) == queued)
        try fixture.start()

        #expect(await adaEvents.wait(timeout: 20) { $0.filter(\.isSynced).count >= 2 })
        #expect(
            await adaEvents.wait(timeout: 10) { _ in
                (try? adaStore.pendingMessages(network: ada.network.id).isEmpty) ?? false
            })
        #expect(
            await bobEvents.wait(timeout: 10) { events in
                let texts = Set(events.flatMap(\.storedMessages).map(\.text))
                return queued.allSatisfy { texts.contains($0) }
            })
        #expect(
            await adaEvents.count { if case .server(.registered(_, again: true), _) = $0 { true } else { false } } == 1)
        // No loss, no duplicate, in both stores.
        let bobChannel = try bobStore.channel(named: "#earshot", network: bob.network.id)
        let bobTexts = try bobStore.newestPage(in: bobChannel.id, limit: 100).map(\.text)
        #expect(bobTexts == ["before the crash"] + queued)
        let adaChannel = try adaStore.channel(named: "#earshot", network: ada.network.id)
        let adaPage = try adaStore.newestPage(in: adaChannel.id, limit: 100)
        #expect(adaPage.map(\.text) == ["before the crash"] + queued)
        #expect(adaPage.allSatisfy { !$0.pending && $0.msgid != nil })

        // A dropped connection replays channel history on rejoin: nothing is stored twice.
        await bob.dropConnection()
        #expect(await bobEvents.wait(timeout: 15) { $0.filter(\.isSynced).count >= 3 })
        #expect(try bobStore.newestPage(in: bobChannel.id, limit: 100).map(\.text) == ["before the crash"] + queued)

        await ada.stop()
        await bob.stop()
    }

    @Test func maliciousPeerIsSanitisedAndCrashesNothing() async throws {
        let fixture = try InspIRCdFixture()
        let directory = try TemporaryDirectory()
        defer {
            fixture.tearDown()
            directory.remove()
        }
        let (ada, adaEvents, adaStore) = try makeClient("ada", fixture: fixture, directory: directory)
        await ada.start()
        #expect(await adaEvents.wait { $0.contains(where: \.isSynced) })

        let mallory = try RawSocket(port: fixture.port)
        mallory.send("NICK mallory\r\nUSER m 0 * :\u{1B}]0;pwned\u{07}\r\n")
        mallory.read(until: " 376 ")
        mallory.send("JOIN #earshot\r\n")
        mallory.read(until: " 366 ")
        var payloads: [[UInt8]] = [
            Array("PRIVMSG #earshot :\u{1B}[2J\u{1B}[31mred alert\u{1B}]52;c;ZXZpbA==\u{07}\r\n".utf8),
            Array("PRIVMSG #earshot :bell\u{07}back\u{08}\u{7F}c1\u{C2}\u{9B}6n\r\n".utf8),
            Array("PRIVMSG #earshot :bad utf8 ".utf8) + [0xFF, 0xFE, 0xC3, 0x28, 0xED, 0xA0, 0x80] + Array("\r\n".utf8),
            Array("PRIVMSG #earshot :\u{03}4,1colours\u{02}bold\u{0F} plain\r\n".utf8),
            Array("PRIVMSG #earshot :\u{1}ACTION \u{1B}P+q\u{1B}\\ waves\u{1}\r\n".utf8),
            Array("@+draft/react=\u{1B}[5m;+draft/reply=nothing TAGMSG #earshot\r\n".utf8),
        ]
        payloads.append(
            Array("PRIVMSG #earshot :".utf8) + Array(repeating: UInt8(ascii: "A"), count: 10 * 1024) + [0x0D, 0x0A])
        for payload in payloads { mallory.send(payload) }
        mallory.send("PRIVMSG #earshot :the end\r\n")

        #expect(
            await adaEvents.wait { events in
                events.contains { if case .messages(let m) = $0 { m.contains { $0.text == "the end" } } else { false } }
            })
        let channel = try adaStore.channel(named: "#earshot", network: ada.network.id)
        let stored = try adaStore.newestPage(in: channel.id, limit: 100).filter { $0.author == "mallory" }
        #expect(stored.count >= 5)
        for message in stored {
            let controls = message.text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "control characters in \(message.text.debugDescription)")
        }
        let texts = stored.map(\.text)
        #expect(texts.contains("\u{241B}\u{241B}red alert\u{241B}"))
        #expect(texts.contains { $0.hasPrefix("bad utf8 \u{FFFD}") })
        #expect(texts.contains("coloursbold plain"))
        #expect(stored.contains { $0.kind == .action && $0.text == "\u{241B} waves" })
        #expect(stored.contains { $0.text.hasPrefix("AAAA") })  // the long line, cut by the server
        let reactions = await adaEvents.events.compactMap {
            if case .reaction(_, _, let emoji, _) = $0 { emoji } else { nil }
        }
        #expect(reactions.allSatisfy { !$0.unicodeScalars.contains { $0.value == 0x1B } })

        // Still connected and working.
        try await ada.send("still here", to: "#earshot")
        #expect(mallory.read(until: "still here").contains("still here"))
        mallory.close()
        await ada.stop()
    }
}

/// Reactions made offline and servers without message-tags, against real InspIRCd servers.
@Suite(.ownThreads) struct ReactionOutboxTests {
    @Test func aReactionMadeOfflineIsSentOnceOnReconnect() async throws {
        let fixture = try InspIRCdFixture()
        let directory = try TemporaryDirectory()
        defer {
            fixture.tearDown()
            directory.remove()
        }
        let tests = IRCClientTests()
        let (ada, adaEvents, adaStore) = try tests.makeClient(
            "ada", fixture: fixture, directory: directory,
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(2500), maximumDelay: .milliseconds(2500), jitter: 0))
        let (bob, bobEvents, _) = try tests.makeClient(
            "bob", fixture: fixture, directory: directory,
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .milliseconds(300), jitter: 0.1))
        await ada.start()
        await bob.start()
        #expect(await adaEvents.wait { $0.contains(where: \.isSynced) })
        #expect(await bobEvents.wait { $0.contains(where: \.isSynced) })
        try await bob.send("lunch?", to: "#earshot")
        #expect(
            await adaEvents.wait { events in
                events.contains { if case .messages(let m) = $0 { m.contains { $0.text == "lunch?" } } else { false } }
            })
        let msgid = try #require(await adaEvents.messages.first { $0.text == "lunch?" }?.msgid)
        fixture.kill()
        #expect(await adaEvents.wait { $0.contains(where: \.isDisconnected) })
        try await ada.react("👍", to: msgid, in: "#earshot")
        #expect(try adaStore.pendingReactions(network: ada.network.id).map(\.emoji) == ["👍"])
        let channel = try adaStore.channel(named: "#earshot", network: ada.network.id)
        #expect(try adaStore.message(msgid: msgid, channel: channel.id)?.reactions == ["👍": ["ada"]], "shown at once")
        try fixture.start()

        #expect(
            await bobEvents.wait(timeout: 20) {
                $0.contains { if case .reaction(_, msgid, "👍", "ada") = $0 { true } else { false } }
            })
        // Sent, then taken out of the outbox: bob may hear it before ada's store is written.
        #expect(
            try await waitUntil(timeout: .seconds(20)) {
                try adaStore.pendingReactions(network: ada.network.id).isEmpty
            })
        #expect(await bobEvents.count { if case .reaction(_, msgid, "👍", "ada") = $0 { true } else { false } } == 1)

        // Online, one's own reaction is news for what shows it, as taking it back is. (Last:
        // the server's echo of a reaction can come after it is taken back, and stores it again
        // until the echo of taking it back comes; a server killed in between would leave it.)
        try await ada.react("🎉", to: msgid, in: "#earshot")
        #expect(
            await adaEvents.wait { events in
                events.contains { if case .reaction(_, msgid, "🎉", "ada") = $0 { true } else { false } }
            })
        try await ada.unreact("🎉", to: msgid, in: "#earshot")
        await ada.stop()
        await bob.stop()
    }

    @Test func withoutMessageTagsAReactionAndAReplyAreRefusedWithTheReason() async throws {
        try await Self.withSyncedAda(messageTags: false) { ada, adaEvents, adaStore in
            let refused = await #expect(throws: ChatError.self) { try await ada.react("👍", to: "abc", in: "#earshot") }
            #expect(refused?.code == .unsupported)
            #expect(refused?.problem == .noMessageTags(.reactions))
            let channel = try adaStore.channel(named: "#earshot", network: ada.network.id)
            #expect(try adaStore.message(msgid: "abc", channel: channel.id) == nil)
            let reply = await #expect(throws: ChatError.self) {
                try await ada.send("yes", to: "#earshot", replyTo: "abc")
            }
            #expect(reply?.code == .unsupported)
            #expect(try adaStore.pendingMessages(network: ada.network.id).isEmpty, "nothing kept to send later")
        }
    }

    /// Ada's client of a fresh InspIRCd (with or without message-tags), synced; stopped after
    /// `body`, and the server torn down.
    static func withSyncedAda(
        messageTags: Bool = true, _ body: (IRCClient, EventRecorder, ChatStore) async throws -> Void
    ) async throws {
        let fixture = try InspIRCdFixture(messageTags: messageTags)
        let directory = try TemporaryDirectory()
        defer {
            fixture.tearDown()
            directory.remove()
        }
        let (ada, adaEvents, adaStore) = try IRCClientTests().makeClient("ada", fixture: fixture, directory: directory)
        await ada.start()
        #expect(await adaEvents.wait { $0.contains(where: \.isSynced) })
        try await body(ada, adaEvents, adaStore)
        await ada.stop()
    }

    /// A line to a nick the server does not know is withdrawn, and the conversation it made,
    /// empty now, is forgotten when the App asks: in the store, and among the names the client
    /// knows (a later line to that name makes it again, and is refused again).
    @Test func aConversationWithANickTheServerDoesNotKnowIsForgotten() async throws {
        try await Self.withSyncedAda { ada, adaEvents, adaStore in
            try await ada.send("hi", to: "nobody")
            let refused = await adaEvents.wait(timeout: 20) { seen in
                seen.contains {
                    if case .lineRefused(let refusal, _) = $0 { refusal.reason == .noSuchNick } else { false }
                }
            }
            let seen = await adaEvents.events
            #expect(refused, "\(seen)")
            let nobody = try #require(try adaStore.channels(network: ada.network.id).first { $0.name == "nobody" })
            #expect(try ada.forgetConversation(nobody.id))
            #expect(try !adaStore.channels(network: ada.network.id).contains { $0.name == "nobody" })
            #expect(try ada.forgetConversation(nobody.id) == false, "once")
            // The name is made again for a line to it, not sent into the forgotten row.
            try await ada.send("hi again", to: "nobody")
            #expect(
                await adaEvents.wait(timeout: 20) { seen in
                    seen.filter { if case .lineRefused = $0 { true } else { false } }.count == 2
                })
        }
    }
}

/// A port that takes connections and says nothing (a web server's, a TLS port spoken to
/// plainly): the client gives each connection up once its registration time is over, with the
/// reason, and tries again.
@Suite(.ownThreads) struct SilentServerTests {
    @Test func aServerThatNeverWelcomesIsGivenUpWithTheReasonAndTriedAgain() async throws {
        try await Self.withSilentServer(givenUpAfter: .milliseconds(500)) { _, client in
            let events = EventRecorder(client)
            await client.start()
            // The kernel completes the handshake from the listen queue: the client is connected,
            // and hears nothing.
            let givenUp = await events.wait(timeout: 20) { seen in
                seen.filter { if case .disconnected(.notWelcomed) = $0 { true } else { false } }.count >= 2
            }
            let seen = await events.events
            #expect(givenUp, "\(seen)")
            #expect(seen.contains { if case .reconnecting = $0 { true } else { false } })
            let synced = seen.contains(where: \.isSynced)
            #expect(!synced)
        }
    }

    /// The client's timers run on its own event loop: with every thread of Swift's shared pool
    /// held, as a test run on a loaded two-core machine holds them, the silent server is still
    /// given up on at its time and tried again. (`Task.sleep` waited for the pool, and CI saw
    /// the first test above stop for twenty seconds at its registration timeout or its wait.)
    @Test func itsTimersDoNotWaitForSwiftsSharedPool() async throws {
        try await Self.withSilentServer(givenUpAfter: .milliseconds(300)) { listener, client in
            await client.start()
            // Accepted on this test's own thread: a second connection means the first was given
            // up and the client tried again, all while the pool was held.
            let accepted = Self.whileSwiftsPoolIsHeld {
                var accepted: [Int32] = []
                let deadline = ContinuousClock.now + .seconds(10)
                while accepted.count < 2, ContinuousClock.now < deadline {
                    var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                    if poll(&ready, 1, 100) == 1 {
                        let connection = accept(listener, nil, nil)
                        if connection >= 0 { accepted.append(connection) }
                    }
                }
                return accepted
            }
            for connection in accepted { close(connection) }
            #expect(accepted.count == 2, "connections while the pool was held: \(accepted.count)")
        }
    }

    /// What the client says is recorded while every thread of Swift's shared pool is held
    /// (the recorder ran there, and CI saw the first test above record nothing in 20 s).
    @Test func itsEventsAreRecordedWhileSwiftsSharedPoolIsHeld() async throws {
        try await Self.withSilentServer(givenUpAfter: .milliseconds(300)) { _, client in
            let hold = Self.holdSwiftsPool()
            let events = EventRecorder(client)
            await client.start()
            let givenUp = await events.wait(timeout: 10) { seen in
                seen.contains { if case .disconnected(.notWelcomed) = $0 { true } else { false } }
            }
            hold.release()
            let seen = await events.events
            #expect(givenUp, "\(seen)")
        }
    }

    /// Ada's client of a server on 127.0.0.1 that takes connections and never answers, given up
    /// on after `timeout` and tried again at once; `body` gets the server's socket and the
    /// client, which is stopped after it.
    static func withSilentServer(
        givenUpAfter timeout: Duration, _ body: (Int32, IRCClient) async throws -> Void
    ) async throws {
        let (listener, port) = try InspIRCdFixture.boundLoopbackSocket()
        defer { close(listener) }
        try #require(listen(listener, 8) == 0, "listen() failed")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "silent", host: "127.0.0.1", port: port, usesTLS: false, nick: "ada", channels: ["#a"],
                reconnect: ReconnectPolicy(
                    initialDelay: timeout / 5, maximumDelay: timeout * 2 / 5, jitter: 0,
                    registrationTimeout: timeout)),
            store: try ChatStore(path: directory.path + "/ada.sqlite"))
        try await body(listener, client)
        await client.stop()
    }

    /// Every thread of Swift's shared pool held (twice as many jobs as it has threads) until
    /// ``PoolHold/release()``, as tests run on a loaded two-core machine hold them.
    struct PoolHold {
        let semaphore = DispatchSemaphore(value: 0)
        let jobs = ProcessInfo.processInfo.activeProcessorCount * 2
        func release() { for _ in 0..<jobs { semaphore.signal() } }
    }

    static func holdSwiftsPool() -> PoolHold {
        let hold = PoolHold()
        for _ in 0..<hold.jobs { Task.detached { [semaphore = hold.semaphore] in semaphore.wait() } }
        return hold
    }

    /// `work`, done on this thread while Swift's shared pool is held.
    static func whileSwiftsPoolIsHeld<T>(_ work: () -> T) -> T {
        let hold = holdSwiftsPool()
        defer { hold.release() }
        return work()
    }
}

/// TLS against InspIRCd with `ssl_gnutls` and a certificate from a CA the test makes.
@Suite(.ownThreads) struct TLSTests {
    func client(
        _ nick: String, _ fixture: InspIRCdFixture, _ directory: TemporaryDirectory, trust: TLSConfiguration?
    ) throws
        -> (IRCClient, EventRecorder)
    {
        let store = try ChatStore(path: directory.path + "/\(nick).sqlite")
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "tls", host: "127.0.0.1", port: fixture.port, usesTLS: true, nick: nick, channels: ["#secure"],
                reconnect: ReconnectPolicy(initialDelay: .seconds(30), maximumDelay: .seconds(30), jitter: 0)),
            store: store, tlsConfiguration: trust)
        return (client, EventRecorder(client))
    }

    @Test func aTrustedCertificateConnectsAndAnUntrustedOneIsRefusedWithTheReason() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificates = try TestCertificates(in: directory.path)
        let fixture = try InspIRCdFixture(tls: certificates)
        defer { fixture.tearDown() }

        var trusted = TLSConfiguration.makeClientConfiguration()
        trusted.trustRoots = .file(certificates.caFile)
        let (ada, adaEvents) = try client("ada", fixture, directory, trust: trusted)
        await ada.start()
        let synced = await adaEvents.wait { $0.contains(where: \.isSynced) }
        let seen = await adaEvents.events
        #expect(synced, "the trusted TLS connection did not sync: \(seen)")
        try await ada.send("over TLS", to: "#secure")
        #expect(
            await adaEvents.wait {
                $0.contains { if case .delivered(let m) = $0 { m.text == "over TLS" } else { false } }
            })
        await ada.stop()

        // The system's roots do not know the test's CA: refused, and the reason says so.
        let (bob, bobEvents) = try client("bob", fixture, directory, trust: nil)
        await bob.start()
        #expect(await bobEvents.wait(timeout: 20) { $0.contains(where: \.isDisconnected) })
        let reason = await bobEvents.events.compactMap {
            if case .disconnected(let reason) = $0 { reason } else { nil }
        }.first
        #expect(reason == .certificateNotTrusted, "\(String(describing: reason))")
        #expect(!(await bobEvents.events.contains(where: \.isSynced)))
        await bob.stop()
    }

    /// A certificate signed by a trusted authority but made for another host name is refused
    /// with that reason, told apart by NIOSSL's typed error, not by an untrusted chain.
    @Test func aTrustedCertificateForAnotherHostNameIsRefusedWithThatReason() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificates = try TestCertificates(in: directory.path, names: "DNS:irc.elsewhere.test")
        let fixture = try InspIRCdFixture(tls: certificates)
        defer { fixture.tearDown() }
        var trusted = TLSConfiguration.makeClientConfiguration()
        trusted.trustRoots = .file(certificates.caFile)
        let store = try ChatStore(path: directory.path + "/name.sqlite")
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "tls", host: "localhost", port: fixture.port, usesTLS: true, nick: "cy", channels: [],
                reconnect: ReconnectPolicy(initialDelay: .seconds(30), maximumDelay: .seconds(30), jitter: 0)),
            store: store, tlsConfiguration: trusted)
        let events = EventRecorder(client)
        await client.start()
        #expect(await events.wait(timeout: 20) { $0.contains(where: \.isDisconnected) })
        let reason = await events.events.compactMap {
            if case .disconnected(let reason) = $0 { reason } else { nil }
        }.first
        #expect(reason == .certificateForAnotherName, "\(String(describing: reason))")
        await client.stop()
    }

    /// A self-signed server certificate, pinned by its fingerprint (`tls_fingerprint`), is
    /// taken with no authority behind it; a pin that does not match refuses it, and the reason
    /// carries the fingerprint the server showed.
    @Test func aPinnedSelfSignedCertificateIsTakenAndAnotherIsRefusedNamingWhatItShowed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let own = try ClientCertificate(in: directory.path, name: "selfsigned")
        let fixture = try InspIRCdFixture(tls: TestCertificates(selfSigned: own))
        defer { fixture.tearDown() }
        func client(_ nick: String, pin: String) throws -> (IRCClient, EventRecorder) {
            let store = try ChatStore(path: directory.path + "/\(nick).sqlite")
            let client = try IRCClient(
                server: IRCServerConfiguration(
                    name: "pinned", host: "127.0.0.1", port: fixture.port, usesTLS: true, nick: nick,
                    channels: ["#pinned"],
                    reconnect: ReconnectPolicy(initialDelay: .seconds(30), maximumDelay: .seconds(30), jitter: 0),
                    tlsFingerprint: pin),
                store: store)
            return (client, EventRecorder(client))
        }
        let (ada, adaEvents) = try client("ada", pin: own.fingerprint)
        await ada.start()
        let synced = await adaEvents.wait { $0.contains(where: \.isSynced) }
        let seen = await adaEvents.events
        #expect(synced, "the pinned certificate was not taken: \(seen)")
        await ada.stop()

        let other = String(repeating: "ab", count: 32)
        let (bob, bobEvents) = try client("bob", pin: other)
        await bob.start()
        #expect(await bobEvents.wait(timeout: 20) { $0.contains(where: \.isDisconnected) })
        let reason = await bobEvents.events.compactMap {
            if case .disconnected(let reason) = $0 { reason } else { nil }
        }.first
        #expect(reason == .certificateNotPinned(seen: own.fingerprint), "\(String(describing: reason))")
        #expect(!(await bobEvents.events.contains(where: \.isSynced)))
        await bob.stop()
    }
}
