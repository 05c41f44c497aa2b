import RealParts
import Foundation
import IRC
import Testing
import TestThreads

@testable import Chat

/// Messages of several lines through Ergo (`draft/multiline`): sent as one batch, stored and
/// delivered as one message; one that arrives as a batch is stored as one.
@Suite(.ownThreads) struct ErgoMultilineTests {
    @Test func aPasteGoesAsOneMessageAndComesBackAsOne() async throws {
        let ergo = try ErgoFixture()
        defer { ergo.tearDown() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // bob takes multiline; carol does not, and gets the lines one by one from the server.
        let bob = try RawSocket.registered(
            "bob", port: ergo.port, capabilities: ["batch", "draft/multiline", "message-tags"], in: "#a")
        defer { bob.close() }
        let carol = try RawSocket.registered("carol", port: ergo.port, in: "#a")
        defer { carol.close() }

        let store = try ChatStore(path: directory.path + "/ada.sqlite")
        let ada = try IRCClient(
            server: IRCServerConfiguration(
                name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: "ada", channels: ["#a"]),
            store: store)
        let events = EventRecorder(ada)
        await ada.start()
        defer { Task { await ada.stop() } }
        #expect(await events.wait(timeout: 60) { $0.contains(where: \.isSynced) })

        let pending = try await ada.send("first line\nsecond line\nthird line", to: "#a")
        #expect(pending.count == 1, "one message, not \(pending.count)")
        let batch = bob.read(until: "PRIVMSG #a :third line")
        #expect(batch.contains(" BATCH +") && batch.contains("draft/multiline"), "bob got no batch: \(batch)")
        let carolSaw = carol.read(until: "third line")
        #expect(
            ["first line", "second line", "third line"].allSatisfy { carolSaw.contains("PRIVMSG #a :\($0)") },
            "carol got: \(carolSaw)")
        // The echo (a batch too) delivers the one message.
        let delivered = await events.wait {
            $0.contains {
                if case .delivered(let m) = $0 { m.text == "first line second line third line" } else { false }
            }
        }
        let deliveries = await events.delivered.map(\.text)
        #expect(delivered, "\(deliveries)")
        #expect(try store.search("second line").count == 1)

        // A batch from bob is one message here, its lines kept.
        bob.send(
            "BATCH +x draft/multiline #a\r\n@batch=x PRIVMSG #a :roses are red\r\n@batch=x PRIVMSG #a :violets are blue\r\nBATCH -x\r\n"
        )
        let stored = try await waitUntil(timeout: .seconds(30)) { try store.search("violets").count == 1 }
        #expect(stored, "bob's message was not stored once: \((try? store.search("violets").map(\.text)) ?? [])")
        let poem = try #require(try store.search("violets").first)
        #expect(poem.text == "roses are red violets are blue")
        #expect(try store.search("roses").count == 1)
    }
}
