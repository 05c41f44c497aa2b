import Foundation
import RealParts
import Testing
import TestThreads

@testable import Chat

/// Ergo keeps history in memory unless told otherwise: restarted, it knows none of the msgids
/// it gave, and answers `CHATHISTORY AFTER` one of them with an empty batch. What was said in
/// the channel after the restart, while the client was away, must still be fetched.
@Suite(.ownThreads) struct ErgoRestartHistoryTests {
    func ada(_ ergo: ErgoFixture, _ store: ChatStore) throws -> (IRCClient, EventRecorder) {
        let client = try IRCClient(
            server: IRCServerConfiguration(
                name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: "ada", channels: ["#a"]),
            store: store)
        return (client, EventRecorder(client))
    }

    @Test func whatWasSaidAfterTheServerRestartedIsFetched() async throws {
        let ergo = try ErgoFixture()
        defer { ergo.tearDown() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/ada.sqlite")

        // ada hears a line, and leaves.
        let (first, firstEvents) = try ada(ergo, store)
        await first.start()
        #expect(await firstEvents.wait(timeout: 60) { $0.contains(where: \.isSynced) })
        let bob = try RawSocket.registered("bob", port: ergo.port, in: "#a")
        bob.send("PRIVMSG #a :before the restart\r\n")
        #expect(try await waitUntil(timeout: .seconds(30)) { try store.search("before the restart").count == 1 })
        await first.stop()
        bob.close()

        // The server restarts, forgetting its history, and bob speaks while ada is away.
        ergo.stop()
        try ergo.start()
        let again = try RawSocket.registered("bob", port: ergo.port, in: "#a")
        defer { again.close() }
        again.send("PRIVMSG #a :while you were away\r\n")
        again.send("PING done\r\n")
        again.read(until: "PONG")

        let (second, secondEvents) = try ada(ergo, store)
        await second.start()
        defer { Task { await second.stop() } }
        #expect(await secondEvents.wait(timeout: 60) { $0.contains(where: \.isSynced) })
        #expect(try store.search("while you were away").count == 1, "missed while away")
        #expect(try store.search("before the restart").count == 1, "stored once")
    }
}
