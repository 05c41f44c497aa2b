import RealParts
import Foundation
import IRC
import Testing
import TestThreads

@_spi(StoreWriting) @testable import Chat

/// History from the server (Ergo's `draft/chathistory`): what was said while the client was
/// away is fetched after the newest stored message when it comes back, stored once, and counted
/// as news; what was stored already is not fetched again.
@Suite(.ownThreads) struct ServerHistoryTests {
    @Test func whatWasMissedIsFetchedOnceOnComingBack() async throws {
        let ergo = try ErgoFixture()
        defer { ergo.tearDown() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bob = try RawSocket.registered("bob", port: ergo.port, in: "#a")
        defer { bob.close() }

        let store = try ChatStore(path: directory.path + "/ada.sqlite")
        let configuration = IRCServerConfiguration(
            name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: "ada", channels: ["#a"])
        let first = try IRCClient(server: configuration, store: store)
        let firstEvents = EventRecorder(first)
        await first.start()
        #expect(await firstEvents.wait { $0.contains(where: \.isSynced) })
        bob.send("PRIVMSG #a :before you went\r\n")
        #expect(
            try await waitUntil(timeout: .seconds(30)) {
                try store.search("before you went").count == 1
            }, "the live line was not stored")
        // Read up to there, as the listener would have: what comes after is news.
        let channel = try store.channel(named: "#a", network: first.network.id)
        let read = try #require(try store.search("before you went").first)
        try store.setReadMarker(channel: channel.id, at: read.id, unread: 0)
        await first.stop()

        for line in ["one while away", "two while away", "three while away"] { bob.send("PRIVMSG #a :\(line)\r\n") }
        bob.send("PING :sent\r\n")
        bob.read(until: "sent")

        let again = try IRCClient(server: configuration, store: store)
        let events = EventRecorder(again)
        await again.start()
        defer { Task { await again.stop() } }
        #expect(await events.wait { $0.contains(where: \.isSynced) })
        let fetched = await events.events.flatMap { event -> [ChatMessage] in
            if case .history(let messages, _) = event { messages } else { [] }
        }
        #expect(
            fetched.map(\.text) == ["one while away", "two while away", "three while away"], "\(fetched.map(\.text))")
        let news = await events.events.compactMap { event -> Int? in
            if case .history(_, let news) = event { news.values.reduce(0, +) } else { nil }
        }.reduce(0, +)
        #expect(news == 3, "what came while away is news")
        for text in ["before you went", "one while away", "three while away"] {
            let stored = try store.search(text).count
            #expect(stored == 1, "\"\(text)\" is stored \(stored) times")
        }
    }
}
