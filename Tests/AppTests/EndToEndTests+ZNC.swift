import RealParts
import Foundation
import Testing

extension EndToEndTests {
    // MARK: A bouncer (ZNC 1.8, Debian's znc) in front of InspIRCd

    /// Settings for one server entry at ZNC, the password from `EARSHOT_TEST_ZNC`.
    static func zncSettings(_ znc: ZNCFixture) -> String {
        onboardedSettings + """
            [[irc.servers]]
            host = "127.0.0.1"
            port = \(znc.port)
            tls = false
            nick = "ada"
            channels = ["#a"]
            password_env = "EARSHOT_TEST_ZNC"

            """
    }

    /// Signed in to ZNC with `PASS user/network:password` from `password_env`; the buffer ZNC
    /// plays back on every connect (server-time, no msgid, our own lines in it) is stored once
    /// however often it is replayed; what came while away is said once, with its mention; and
    /// a line sent from another client of the same bouncer user is stored as ours.
    @Test func aBouncerSignsInAndItsPlaybackIsSaidOnceAndStoredOnce() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let znc = try ZNCFixture(upstreamPort: server.port, channels: ["#a"])
        defer { znc.tearDown() }
        let bob = try Self.peer(nick: "bob", in: "#a", on: server)
        defer { bob.close() }
        let sandbox = try Sandbox(settings: Self.zncSettings(znc))
        defer { sandbox.remove() }
        let environment = ["EARSHOT_TEST_ZNC": znc.passString]
        let database = sandbox.root + "/data/earshot/earshot.sqlite"
        func count(_ condition: String) throws -> Int {
            Int(
                try Self.sql(
                    database,
                    "SELECT count(*) FROM message JOIN channel ON channel.id = message.channelID WHERE channel.name = '#a' AND \(condition)"
                )) ?? -1
        }
        func stored() -> String { (try? Self.sql(database, "SELECT author, text FROM message")) ?? "" }

        // 1. Attached: a line heard as it arrives is read; one of ours goes out through ZNC.
        var session = try sandbox.launch(run: 1, environment: environment)
        try await Self.waitForJoin("#a", session)
        bob.send("PRIVMSG #a :welcome to the bouncer\r\n")
        let heard = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.contains("welcome to the bouncer")
        }
        try #require(heard != nil, "bob's line was not said\n\(Self.context(session))")
        try session.send("h", "e", "l", "l", "o", "Enter")
        #expect(
            bob.read(until: "PRIVMSG #a :hello").contains("PRIVMSG #a :hello"),
            "bob never got the line sent through ZNC")
        try session.send("C-c")
        _ = try await Self.waitForExit(sandbox, run: 1)
        session.kill()

        // 2. Away: bob says twelve lines, one naming ada; ZNC keeps them in its buffer.
        for index in 1...12 {
            bob.send(
                "PRIVMSG #a :\(index == 7 ? "ada, can you look at the deploy" : "line \(index) while she is out")\r\n")
        }
        // All twelve in ZNC's buffer before the client attaches (later ones would be live).
        try znc.waitUntilReceived("line 12 while she is out")

        // 3. Back: the summary is said once, with the mention.
        session = try sandbox.launch(run: 2, environment: environment)
        let summary = try await session.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.contains("while you were away")
        }
        #expect(
            summary?.text == "hash a: 12 messages while you were away, 1 mention",
            "said: \(summary?.text ?? "nothing")\n\(Self.context(session))")
        try await Self.waitForJoin("#a", session)
        #expect(try count("1") == 14, "stored after the first replay:\n\(stored())")

        // 4. A line from another client of the same ZNC user is ours, not news.
        let phone = try RawSocket(port: znc.port)
        defer { phone.close() }
        phone.send("PASS \(znc.passString)\r\nNICK ada\r\nUSER ada 0 * :phone\r\n")
        phone.read(until: " 366 ")
        phone.send("PRIVMSG #a :sent from my phone\r\n")
        bob.read(until: "sent from my phone")
        let fromPhone = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            (try? count("text = 'sent from my phone' AND author = 'ada'")) == 1
        }
        #expect(fromPhone, "the phone's line is not stored as ada's\n\(stored())")
        let spokenBefore = session.spoken().count
        try session.send("C-c")
        _ = try await Self.waitForExit(sandbox, run: 2)
        #expect(!session.spoken().dropFirst(spokenBefore).contains { $0.text.contains("sent from my phone") })
        session.kill()

        // 5. Again: ZNC replays the whole buffer (our own lines too); nothing is news, nothing doubles.
        session = try sandbox.launch(run: 3, environment: environment)
        try await Self.waitForJoin("#a", session)
        bob.send("PRIVMSG #a :are you back\r\n")
        let fresh = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.contains("are you back")
        }
        #expect(fresh != nil, "a new line after the replay was not said\n\(Self.context(session))")
        #expect(!session.spoken().contains { $0.text.contains("while you were away") }, "\(Self.context(session))")
        #expect(try count("1") == 16, "stored after a second replay:\n\(stored())")
        #expect(try count("author = 'ada' AND text = 'hello'") == 1)
        try session.send("C-c")
        session.kill()
    }

    /// Without the password (the variable password_env names is not set) ZNC answers 464
    /// "Password required": said once, plainly, naming the variable, and the client does not
    /// ask again and again.
    @Test func aBouncerWithoutItsPasswordIsSaidOnce() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let znc = try ZNCFixture(upstreamPort: server.port, channels: ["#a"])
        defer { znc.tearDown() }
        let sandbox = try Sandbox(settings: Self.zncSettings(znc))
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        let said = try await session.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.contains("wants a password")
        }
        #expect(
            said?.text
                == "127.0.0.1 wants a password, and the environment variable EARSHOT TEST ZNC that holds it is not set. Not reconnecting.",
            "\(Self.context(session))")
        #expect(said?.priority == "high")
        // Later speech (a key's) comes, and the sentence is not said again.
        let after = session.spoken().count
        try session.send("F1")
        _ = try await session.waitForSpeech(after: after, timeout: .seconds(30)) {
            $0.text.contains("Key help") || $0.text.contains("keys")
        }
        #expect(session.spoken().filter { $0.text.contains("wants a password") }.count == 1, "\(Self.context(session))")
        #expect(!session.spoken().contains { $0.text.contains("Lost the connection") }, "\(Self.context(session))")
        try session.send("C-c")
    }
}
