import ChatTesting
import Foundation
import Testing

extension EndToEndTests {
    /// History from the server (Ergo, `draft/chathistory`): the client quits; bob talks, naming
    /// ada once; on the next start what was missed is fetched, said as one summary with the
    /// mention, and stored once; a third start fetches nothing again and says no summary.
    @Test func whatWasMissedIsFetchedFromTheServerAndSaidOnce() async throws {
        let ergo = try ErgoFixture()
        defer { ergo.tearDown() }
        let bob = try Self.peer(nick: "bob", in: "#a", port: ergo.port)
        defer { bob.close() }
        let settings =
            Self.onboardedSettings + """
                [[irc.servers]]
                host = "127.0.0.1"
                port = \(ergo.port)
                tls = false
                nick = "ada"
                channels = ["#a"]

                """
        let sandbox = try Sandbox(settings: settings)
        defer { sandbox.remove() }
        let database = sandbox.root + "/data/earshot/earshot.sqlite"
        func count(_ text: String) throws -> String {
            try Self.sql(database, "SELECT count(*) FROM message WHERE text = '\(text)'")
        }

        // 1. In #a, reading what arrives; then gone.
        var session = try sandbox.launch(run: 1)
        try await Self.waitForJoin("#a", session)
        bob.send("PRIVMSG #a :are you staying\r\n")
        let heard = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.contains("are you staying")
        }
        try #require(heard != nil, "bob's line was not said\n\(Self.context(session))")
        try session.send("C-c")
        _ = try await Self.waitForExit(sandbox, run: 1)
        session.kill()

        // 2. Away: five lines, one naming ada; the server keeps them.
        for index in 1...5 {
            bob.send("PRIVMSG #a :\(index == 3 ? "ada, the deploy is yours" : "note \(index) while she is out")\r\n")
        }
        bob.send("PING :kept\r\n")
        bob.read(until: "kept")

        // 3. Back: fetched, said once with the mention, stored once.
        session = try sandbox.launch(run: 2)
        let summary = try await session.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.contains("while you were away")
        }
        #expect(
            summary?.text == "hash a: 5 messages while you were away, 1 mention",
            "said: \(summary?.text ?? "nothing")\n\(Self.context(session))")
        try await Self.waitForJoin("#a", session)
        for text in ["are you staying", "note 1 while she is out", "ada, the deploy is yours"] {
            let stored = try count(text)
            #expect(stored == "1", "\"\(text)\" stored \(stored) times")
        }
        try session.send("C-c")
        _ = try await Self.waitForExit(sandbox, run: 2)
        session.kill()

        // 4. Again, with nothing new: nothing fetched twice, nothing to sum up.
        session = try sandbox.launch(run: 3)
        defer { session.kill() }
        try await Self.waitForJoin("#a", session)
        bob.send("PRIVMSG #a :live again\r\n")
        let live = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) { $0.text.contains("live again") }
        #expect(live != nil, "\(Self.context(session))")
        #expect(!session.spoken().contains { $0.text.contains("while you were away") }, "\(Self.context(session))")
        #expect(try count("note 5 while she is out") == "1")
        try session.send("C-c")
    }
}
