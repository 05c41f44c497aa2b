import RealParts
import Foundation
import TestThreads
import Testing

@testable import Chat

/// ZNC 1.8's playback, read by the client itself: every line of a channel's buffer is history
/// (it comes in a `znc.in/playback` batch), however recent, and none is news said as new.
@Suite(.ownThreads) struct BouncerPlaybackTests {
    @Test func aPlaybackIsHistoryHoweverRecentItsLines() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let names = (0..<50).map { "#p\($0)" }
        let znc = try ZNCFixture(upstreamPort: server.port, channels: names)
        defer { znc.tearDown() }
        let peer = try RawSocket.registered("bob", port: server.port)
        defer { peer.close() }
        peer.send("JOIN \(names.joined(separator: ","))\r\n")
        peer.read(until: "#p49 :End of")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/x.sqlite")
        let configuration = IRCServerConfiguration(
            name: "znc", host: "127.0.0.1", port: znc.port, usesTLS: false, nick: "ada", channels: names,
            serverPassword: znc.passString)
        // Attached once before, and gone again (QUIT to a bouncer only detaches).
        let before = try IRCClient(server: configuration, store: store)
        let primer = EventRecorder(before)
        await before.start()
        #expect(await primer.wait(timeout: 30) { $0.contains(where: \.isSynced) })
        await before.stop()
        for index in 1...50 { for name in names { peer.send("PRIVMSG \(name) :line \(index)\r\n") } }
        peer.send("PRIVMSG #p49 :the last line\r\n")
        try znc.waitUntilReceived("the last line")

        let client = try IRCClient(server: configuration, store: store)
        let recorder = EventRecorder(client)
        await client.start()
        defer { Task { await client.stop() } }
        let replayed = await recorder.wait(timeout: 60) { events in
            events.flatMap { event -> [ChatMessage] in
                if case .history(let messages, _) = event { messages } else { [] }
            }.count
                + events.flatMap(\.storedMessages).count >= 2501
        }
        #expect(replayed, "not all of the playback arrived")
        // Until the sync point and a moment after it: nothing comes again as live.
        #expect(await recorder.wait(timeout: 30) { $0.contains(where: \.isSynced) })
        let count = await recorder.events.count
        _ = await recorder.wait(timeout: 3) { $0.count > count + 5 }
        let live = await recorder.messages
        #expect(
            live.isEmpty, "\(live.count) lines of the playback were taken as live, the first: \(live.first?.text ?? "")"
        )
    }
}
