import RealParts
import Foundation
import IRC
import Testing
import TestThreads

@testable import Chat

/// Taking a reaction back (`+draft/unreact`) through Ergo, which relays client tags: ours goes
/// to the others and leaves the store; someone else's taken back leaves ours.
@Suite(.ownThreads) struct ErgoReactionTests {
    /// Ergo, bob in #a with message tags, and ada's client (not started) with its own store.
    struct Room {
        let ergo: ErgoFixture
        let directory: TemporaryDirectory
        let bob: RawSocket
        let store: ChatStore
        let ada: IRCClient
        let events: EventRecorder

        init() throws {
            ergo = try ErgoFixture()
            directory = try TemporaryDirectory()
            bob = try RawSocket.registered("bob", port: ergo.port, capabilities: ["message-tags"], in: "#a")
            store = try ChatStore(path: directory.path + "/ada.sqlite")
            ada = try IRCClient(
                server: IRCServerConfiguration(
                    name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: "ada", channels: ["#a"]),
                store: store)
            events = EventRecorder(ada)
        }

        func tearDown() {
            bob.close()
            directory.remove()
            ergo.tearDown()
        }
    }

    @Test func aReactionIsTakenBackBothWays() async throws {
        let room = try Room()
        defer { room.tearDown() }
        let (bob, store, ada, events) = (room.bob, room.store, room.ada, room.events)
        await ada.start()
        defer { Task { await ada.stop() } }
        #expect(await events.wait(timeout: 60) { $0.contains(where: \.isSynced) })
        bob.send("@msgid=ignored PRIVMSG #a :react to this\r\n")
        #expect(try await waitUntil(timeout: .seconds(30)) { try store.search("react to this").count == 1 })
        let message = try #require(try store.search("react to this").first)
        let msgid = try #require(message.msgid)

        try await ada.react("👍", to: msgid, in: "#a")
        _ = bob.read(until: "+draft/react=")
        try await ada.unreact("👍", to: msgid, in: "#a")
        let taken = bob.read(until: "+draft/unreact=")
        #expect(taken.contains("+draft/unreact=👍") && taken.contains(msgid), "bob saw: \(taken)")
        // Out of the store when the server's echo of it comes (it may come after bob has it).
        let gone = try await waitUntil(timeout: .seconds(30)) {
            try store.search("react to this").first?.reactions["👍"] == nil
        }
        #expect(gone, "\((try? store.search("react to this").first?.reactions) ?? [:])")

        // bob reacts, then takes it back.
        bob.send("@+draft/react=🎉;+draft/reply=\(msgid) TAGMSG #a\r\n")
        #expect(
            try await waitUntil(timeout: .seconds(30)) {
                try store.search("react to this").first?.reactions["🎉"] == ["bob"]
            })
        bob.send("@+draft/unreact=🎉;+draft/reply=\(msgid) TAGMSG #a\r\n")
        #expect(
            try await waitUntil(timeout: .seconds(30)) {
                try store.search("react to this").first?.reactions["🎉"] == nil
            }, "bob's reaction was not taken back")
    }

    /// bob reacts to a line of ada's and answers it: the client says which line is hers, so the
    /// app can tell her ("bob reacted … to your message", "bob replied to you").
    @Test func aReactionOrAReplyToOnesOwnLineIsMarkedAsToYou() async throws {
        let room = try Room()
        defer { room.tearDown() }
        let (bob, store, ada, events) = (room.bob, room.store, room.ada, room.events)
        await ada.start()
        defer { Task { await ada.stop() } }
        #expect(await events.wait(timeout: 60) { $0.contains(where: \.isSynced) })
        try await ada.send("is anyone there", to: "#a")
        _ = bob.read(until: "is anyone there")
        // Stored with the server's msgid once its echo comes.
        #expect(
            try await waitUntil(timeout: .seconds(30)) { try store.search("is anyone there").first?.msgid != nil })
        let msgid = try #require(try store.search("is anyone there").first?.msgid)

        bob.send("@+draft/react=🎉;+draft/reply=\(msgid) TAGMSG #a\r\n")
        let reacted = await events.wait(timeout: 30) {
            $0.contains {
                if case .reactedToYours(let line, "🎉", "bob") = $0 { line.text == "is anyone there" } else { false }
            }
        }
        let afterReaction = await events.events
        #expect(reacted, "\(afterReaction)")
        bob.send("@+draft/reply=\(msgid) PRIVMSG #a :yes, here\r\n")
        bob.send("PRIVMSG #a :something else\r\n")
        let answered = await events.wait(timeout: 30) { events in
            events.contains { event in
                guard case .messages(let messages) = event else { return false }
                return messages.contains { $0.text == "yes, here" && $0.answersYou }
            }
                && events.contains { event in
                    guard case .messages(let messages) = event else { return false }
                    return messages.contains { $0.text == "something else" && !$0.answersYou }
                }
        }
        let afterReply = await events.events
        #expect(answered, "\(afterReply)")
    }
}
