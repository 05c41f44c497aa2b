import RealParts
import Foundation
import Testing

extension EndToEndTests {
    /// Two `[[irc.servers]]` at once, each a real InspIRCd: the client joins a channel on each;
    /// a message on the second is said with its channel's name; Alt-A goes there and what is
    /// typed reaches the second server, not the first; when the second server dies it is said
    /// with the network's name, and the first goes on.
    @Test func twoServersAtOnceEachWithItsOwnChannelsAndSends() async throws {
        let first = try InspIRCdFixture()
        defer { first.tearDown() }
        let second = try InspIRCdFixture()
        defer { second.tearDown() }
        let bob = try Self.peer(nick: "bob", in: "#a", on: first)
        defer { bob.close() }
        let kim = try Self.peer(nick: "kim", in: "#b", on: second)
        defer { kim.close() }
        let settings =
            Self.onboardedSettings + """
                [[irc.servers]]
                host = "127.0.0.1"
                port = \(first.port)
                tls = false
                nick = "ears"
                channels = ["#a"]

                [[irc.servers]]
                host = "127.0.0.1"
                port = \(second.port)
                tls = false
                nick = "ears"
                channels = ["#b"]

                """
        let sandbox = try Sandbox(settings: settings)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        let joinedBoth = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            bob.send("NAMES #a\r\n")
            kim.send("NAMES #b\r\n")
            return bob.read(until: " 366 ").contains("ears") && kim.read(until: " 366 ").contains("ears")
        }
        try #require(
            joinedBoth, "the client did not join #a on the first server and #b on the second\n\(Self.context(session))")
        // Whichever channel was joined first is open; Alt-2 opens #a (the drawer lists #welcome,
        // then the first server's channels, then the second's).
        // The joins are quiet, and the client may learn of #a a moment after the server says it
        // joined: Alt-2 again until #a is open.
        var onA = false
        for _ in 0..<10 where !onA {
            try session.send("M-2")
            onA = try await Self.waitForEditor(session, label: "Message #a")
        }
        try #require(onA, "\(Self.context(session))")

        var mark = session.spoken().count
        kim.send("PRIVMSG #b :deploy is done\r\n")
        let heard = try await session.waitForSpeech(after: mark) { $0.text.contains("hash b, kim: deploy is done") }
        #expect(heard != nil, "\(Self.context(session))")

        // Alt-A opens #b (on the second server) on its unread message; End and Left go to its composer,
        // and a line typed there goes to the second server.
        mark = session.spoken().count
        try session.send("M-a")
        let opened = try await session.waitForSpeech(after: mark) { $0.text.hasPrefix("hash b, 1 unread") }
        try #require(opened != nil, "\(Self.context(session))")
        try session.send("End")
        try session.send("Left")
        try #require(try await Self.waitForEditor(session, label: "Message #b"), "\(Self.context(session))")
        try session.type("hello from ears")
        try session.send("Enter")
        #expect(kim.read(until: "hello from ears").contains("PRIVMSG #b :hello from ears"), "\(Self.context(session))")

        // The second server dies: said with its network's name; the first still carries messages.
        mark = session.spoken().count
        second.stop()
        let lost = try await session.waitForSpeech(after: mark) { $0.text.hasPrefix("Lost the connection") }
        #expect(
            lost?.text.contains("\(second.port)") == true, "the lost network is not named\n\(Self.context(session))")
        mark = session.spoken().count
        bob.send("PRIVMSG #a :still here\r\n")
        let still = try await session.waitForSpeech(after: mark) { $0.text.contains("still here") }
        #expect(still != nil, "\(Self.context(session))")
    }
}
