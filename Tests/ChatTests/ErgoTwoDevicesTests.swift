import RealParts
import Foundation
import IRC
import Testing
import TestThreads

@_spi(StoreWriting) @testable import Chat

/// Two Earshot clients signed in to one Ergo account (its multiclient bouncer): a line sent on
/// one is the user's own on the other, stored once; read on one is read on the other
/// (`draft/read-marker`), and a summary after coming back counts only what is unread there.
@Suite(.ownThreads) struct ErgoTwoDevicesTests {
    static let password = "correct-horse-7"
    /// Every account always on: the server keeps its client (channels, read markers) while no
    /// device is connected, as a user would set it with `NS SET always-on true`.
    static let alwaysOn = [("        always-on: \"opt-in\"", "        always-on: \"opt-out\"")]

    /// Bob's lines one at a time, each stored before the next: a burst can share a millisecond,
    /// and a read marker is a time.
    func say(_ lines: [String], from bob: RawSocket, seenIn store: ChatStore) async throws {
        for text in lines {
            bob.send("PRIVMSG #a :\(text)\r\n")
            #expect(try await waitUntil(timeout: .seconds(30)) { try store.search(text).count == 1 })
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// A client signed in as ada, with its own store.
    func device(
        _ name: String, _ ergo: ErgoFixture, _ directory: TemporaryDirectory
    ) throws -> (
        IRCClient, EventRecorder, ChatStore
    ) {
        let store = try ChatStore(path: directory.path + "/\(name).sqlite")
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: "ada",
                credentials: SASLCredentials(account: "ada", password: Self.password), channels: ["#a"],
                reconnect: ReconnectPolicy(initialDelay: .seconds(30), maximumDelay: .seconds(30), jitter: 0)),
            store: store)
        return (client, EventRecorder(client), store)
    }

    func started(_ client: IRCClient, _ events: EventRecorder) async -> Bool {
        await client.start()
        return await events.wait(timeout: 60) { $0.contains(where: \.isSynced) }
    }

    @Test func sentOnOneIsOwnOnTheOtherAndReadOnOneIsReadOnTheOther() async throws {
        let ergo = try ErgoFixture(changes: Self.alwaysOn)
        defer { ergo.tearDown() }
        try ergo.register(account: "ada", password: Self.password)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bob = try RawSocket.registered("bob", port: ergo.port, in: "#a")
        defer { bob.close() }

        let (laptop, laptopEvents, laptopStore) = try device("laptop", ergo, directory)
        let (phone, phoneEvents, phoneStore) = try device("phone", ergo, directory)
        #expect(await started(laptop, laptopEvents), "the laptop did not sync")
        #expect(await started(phone, phoneEvents), "the phone did not sync")
        defer {
            Task {
                await laptop.stop()
                await phone.stop()
            }
        }

        // A line from the phone is the laptop's own line too, stored once, not unread.
        try await phone.send("sent from the phone", to: "#a")
        #expect(
            try await waitUntil(timeout: .seconds(30)) { try laptopStore.search("sent from the phone").count == 1 },
            "the laptop did not get the phone's line")
        let mirrored = try #require(try laptopStore.search("sent from the phone").first)
        #expect(mirrored.author == "ada")
        let laptopChannel = try laptopStore.channel(named: "#a", network: laptop.network.id)
        #expect(laptopChannel.unread == 0, "one's own line from another device is not unread")

        // Three lines from bob: unread on both.
        try await say(["one from bob", "two from bob", "three from bob"], from: bob, seenIn: phoneStore)
        for store in [laptopStore, phoneStore] {
            #expect(try await waitUntil(timeout: .seconds(30)) { try store.search("three from bob").count == 1 })
        }
        // Read up to "two" on the phone: the laptop's marker moves there, one left unread.
        let phoneChannel = try phoneStore.channel(named: "#a", network: phone.network.id)
        let two = try #require(try phoneStore.search("two from bob").first)
        try phoneStore.setReadMarker(channel: phoneChannel.id, at: two.id, unread: 1)
        try await phone.markRead("#a", at: two.time)
        let moved = await laptopEvents.wait {
            $0.contains { if case .readElsewhere(laptopChannel.id, _, 1) = $0 { true } else { false } }
        }
        let seen = await laptopEvents.events.filter { if case .readElsewhere = $0 { true } else { false } }
        #expect(moved, "the laptop was not told: \(seen)")
        let laptopTwo = try #require(try laptopStore.search("two from bob").first)
        let after = try laptopStore.channel(named: "#a", network: laptop.network.id)
        #expect(after.lastReadMessageID == laptopTwo.id)
        #expect(after.unread == 1)
    }

    /// Away from the laptop, the phone reads part of what came: the laptop's summary when it
    /// comes back counts only what the phone did not read.
    @Test func theSummaryAfterComingBackCountsOnlyWhatIsUnreadOnTheServer() async throws {
        let ergo = try ErgoFixture(changes: Self.alwaysOn)
        defer { ergo.tearDown() }
        try ergo.register(account: "ada", password: Self.password)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bob = try RawSocket.registered("bob", port: ergo.port, in: "#a")
        defer { bob.close() }

        let (laptop, laptopEvents, laptopStore) = try device("laptop", ergo, directory)
        #expect(await started(laptop, laptopEvents))
        bob.send("PRIVMSG #a :before you went\r\n")
        #expect(try await waitUntil(timeout: .seconds(30)) { try laptopStore.search("before you went").count == 1 })
        let channel = try laptopStore.channel(named: "#a", network: laptop.network.id)
        let read = try #require(try laptopStore.search("before you went").first)
        try laptopStore.setReadMarker(channel: channel.id, at: read.id, unread: 0)
        await laptop.stop()

        let (phone, phoneEvents, phoneStore) = try device("phone", ergo, directory)
        #expect(await started(phone, phoneEvents))
        try await say(
            ["first while away", "second while away", "third while away", "fourth while away"], from: bob,
            seenIn: phoneStore)
        let second = try #require(try phoneStore.search("second while away").first)
        try await phone.markRead("#a", at: second.time)
        // The server has it once it says so to the phone (its answer moves the phone's marker).
        #expect(
            await phoneEvents.wait {
                $0.contains { if case .readElsewhere(_, second.id, _) = $0 { true } else { false } }
            }, "the server did not answer the phone's MARKREAD")
        await phone.stop()

        let back = try IRCClient(server: laptop.server, store: laptopStore)
        let events = EventRecorder(back)
        #expect(await started(back, events))
        defer { Task { await back.stop() } }
        let news = await events.events.compactMap { event -> Int? in
            if case .history(_, let news) = event { news.values.reduce(0, +) } else { nil }
        }.reduce(0, +)
        #expect(news == 2, "only the third and fourth are unread on the server")
        let stored = try laptopStore.channel(named: "#a", network: back.network.id)
        #expect(stored.unread == 2)
    }

    /// A direct message sent while no device was connected (the account always on) is found
    /// on coming back: `CHATHISTORY TARGETS` names the conversation, its history is fetched,
    /// stored once as a direct conversation, and counted as news.
    @Test func aDirectMessageSentWhileAwayIsFoundWithTargets() async throws {
        let ergo = try ErgoFixture(changes: Self.alwaysOn)
        defer { ergo.tearDown() }
        try ergo.register(account: "ada", password: Self.password)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (laptop, laptopEvents, store) = try device("laptop", ergo, directory)
        #expect(await started(laptop, laptopEvents))
        await laptop.stop()

        let kim = try RawSocket.registered("kim", port: ergo.port)
        defer { kim.close() }
        kim.send("PRIVMSG ada :are you there, ada?\r\nPING :sent\r\n")
        let answer = kim.read(until: "sent")
        #expect(!answer.contains(" 401 "), "ada is not kept on the server: \(answer)")

        let back = try IRCClient(server: laptop.server, store: store)
        let events = EventRecorder(back)
        await back.start()
        defer { Task { await back.stop() } }
        let found = try await waitUntil(timeout: .seconds(30)) { try store.search("are you there").count == 1 }
        let seen = await events.events
        #expect(found, "the direct message was not fetched: \(seen)")
        let conversation = try store.channel(named: "kim", network: back.network.id, isDirect: true)
        #expect(conversation.isDirect)
        // The event follows the store's write.
        let counted = await events.wait {
            $0.contains { if case .history(_, let news) = $0 { news[conversation.id] == 1 } else { false } }
        }
        #expect(counted, "the direct message is news")
    }
}
