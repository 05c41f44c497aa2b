import RealParts
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

    /// Read state shared through Ergo (`draft/read-marker`), with a second device of the same
    /// always-on account (a raw client signed in with SASL): what Earshot heard is marked read
    /// on the server, and what the other device read clears Earshot's count, silently.
    @Test func readOnOneDeviceIsReadOnTheOther() async throws {
        let ergo = try ErgoFixture(changes: [("        always-on: \"opt-in\"", "        always-on: \"opt-out\"")])
        defer { ergo.tearDown() }
        try ergo.register(account: "ada", password: "correct-horse-7")
        let bob = try Self.peer(nick: "bob", in: "#a", port: ergo.port)
        defer { bob.close() }
        bob.send("JOIN #b\r\n")
        bob.read(until: " 366 ")
        let settings =
            Self.onboardedSettings + """
                [[irc.servers]]
                host = "127.0.0.1"
                port = \(ergo.port)
                tls = false
                nick = "ada"
                channels = ["#a", "#b"]
                sasl_user = "ada"
                password_env = "EARSHOT_TEST_SASL_PASSWORD"

                """
        let sandbox = try Sandbox(settings: settings)
        defer { sandbox.remove() }
        let session = try sandbox.launch(environment: ["EARSHOT_TEST_SASL_PASSWORD": "correct-horse-7"])
        defer { session.kill() }
        try await Self.waitForJoin("#a", session)

        // The phone: the same account, asking for read markers.
        let phone = try RawSocket(port: ergo.port)
        defer { phone.close() }
        let plain = Data("ada\0ada\0correct-horse-7".utf8).base64EncodedString()
        phone.send("CAP LS 302\r\nNICK ada\r\nUSER ada 0 * :phone\r\nCAP REQ :sasl draft/read-marker\r\n")
        phone.read(until: "ACK")
        phone.send("AUTHENTICATE PLAIN\r\n")
        phone.read(until: "AUTHENTICATE +")
        phone.send("AUTHENTICATE \(plain)\r\nCAP END\r\n")
        phone.read(until: " 001 ")

        // Heard here: the server is told, and tells the phone.
        bob.send("PRIVMSG #a :heard on the laptop\r\n")
        let heard = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.contains("heard on the laptop")
        }
        try #require(heard != nil, "\(Self.context(session))")
        let told = phone.read(until: "MARKREAD #a timestamp=")
        #expect(told.contains("MARKREAD #a timestamp="), "the phone was not told what the laptop read: \(told)")

        // Two lines in #b, unread here; read on the phone: the count clears, nothing is said.
        bob.send("PRIVMSG #b :first in b\r\nPRIVMSG #b :second in b\r\n")
        let database = sandbox.root + "/data/earshot/earshot.sqlite"
        let unread = { try Self.sql(database, "SELECT unread FROM channel WHERE name = '#b'") }
        #expect(try await waitUntil(timeout: .seconds(30)) { try unread() == "2" }, "\(Self.context(session))")
        // Their arrival is said (politely, with the channel's name) before the phone reads them.
        let arrived = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.contains("second in b")
        }
        #expect(arrived != nil, "\(Self.context(session))")
        let before = session.spoken().count
        let stamp = ISO8601DateFormatter()
        stamp.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        phone.send("MARKREAD #b timestamp=\(stamp.string(from: Date().addingTimeInterval(1)))\r\n")
        let cleared = try await waitUntil(timeout: .seconds(30)) { try unread() == "0" }
        #expect(
            cleared, "#b is still \((try? unread()) ?? "?") unread after the phone read it\n\(Self.context(session))")
        try session.send("M-a")  // the next channel with news: not #b now
        let next = try await session.waitForSpeech(after: before, timeout: .seconds(30)) { _ in true }
        // It goes past #b (to the local workspace's lesson, unread from the start).
        #expect(
            next != nil && next?.text.hasPrefix("hash b") != true, "after the phone read #b: \(next?.text ?? "nothing")"
        )
        #expect(
            !session.spoken()[before...].contains { $0.text.contains("read") && $0.text.contains("hash b") },
            "the phone's reading was said: \(Self.context(session))")
        try session.send("C-c")
    }

    /// Messages of several lines through Ergo (`draft/multiline`): a pasted block, confirmed,
    /// goes as one batch and is "Sent" once; one that arrives as a batch is one message, said
    /// once, on one row.
    @Test func aPastedBlockGoesWholeAndOneThatArrivesIsOneMessage() async throws {
        let ergo = try ErgoFixture()
        defer { ergo.tearDown() }
        let bob = try RawSocket(port: ergo.port)
        defer { bob.close() }
        bob.send("CAP LS 302\r\nCAP REQ :batch draft/multiline\r\nCAP END\r\nNICK bob\r\nUSER bob 0 * :bob\r\n")
        bob.read(until: " 001 ")
        bob.send("JOIN #a\r\n")
        bob.read(until: " 366 ")
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
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitForJoin("#a", session)

        let before = session.spoken().count
        try session.paste("first of three\nsecond of three\nthird of three")
        let asked = try await session.waitForSpeech(after: before, timeout: .seconds(30)) {
            $0.text.hasPrefix("Paste 3 lines?")
        }
        try #require(asked != nil, "\(Self.context(session))")
        try session.send("Enter")
        let batch = bob.read(until: "PRIVMSG #a :third of three")
        #expect(batch.contains("draft/multiline"), "bob got no batch: \(batch)")
        let sent = try await session.waitForSpeech(after: before, timeout: .seconds(30)) { $0.text == "Sent" }
        #expect(sent != nil, "\(Self.context(session))")

        let heardBefore = session.spoken().count
        bob.send(
            "BATCH +p draft/multiline #a\r\n@batch=p PRIVMSG #a :roses are red\r\n"
                + "@batch=p PRIVMSG #a :violets are blue\r\nBATCH -p\r\n")
        let poem = try await session.waitForSpeech(after: heardBefore, timeout: .seconds(30)) {
            $0.text.contains("violets")
        }
        #expect(poem?.text.contains("roses are red violets are blue") == true, "\(Self.context(session))")
        let said = session.spoken()[heardBefore...].filter { $0.text.contains("roses") || $0.text.contains("violets") }
        #expect(said.count == 1, "said \(said.count) times: \(said.map(\.text))")
        // The paste was answered once, by its delivery: "Sent", not "Sent 3 lines" as well.
        let sentSaid = session.spoken()[before..<heardBefore].filter { $0.text.hasPrefix("Sent") }
        #expect(sentSaid.map(\.text) == ["Sent"], "\(sentSaid.map(\.text))")
        // The conversation's rows: the message is one, with both its lines.
        func rows() throws -> [String] {
            try session.screen().components(separatedBy: "\n").filter { $0.contains("bob:") }
        }
        let shown = try await TmuxSession.waitUntil(timeout: .seconds(30)) { try !rows().isEmpty }
        let screen = try session.screen()
        #expect(shown, "\(screen)")
        let poemRows = try rows()
        #expect(poemRows == ["» bob: roses are red violets are blue"], "\(screen)")
        try session.send("C-c")
    }

    /// Reviewing back past what is stored (Alt-Up at the top) asks the server for the page
    /// before (`CHATHISTORY BEFORE`): said at once that it is asked, then how many came, read on
    /// into them; at the server's first line, "nothing older".
    @Test func reviewingPastTheOldestStoredMessageFetchesOlderFromTheServer() async throws {
        let ergo = try ErgoFixture()
        defer { ergo.tearDown() }
        let bob = try Self.peer(nick: "bob", in: "#a", port: ergo.port)
        defer { bob.close() }
        // 130 lines before ada ever comes: her first join fetches the latest 100.
        // Two milliseconds apart: the server's times order them (a burst can share a millisecond).
        for index in 1...130 {
            bob.send("PRIVMSG #a :line \(index) of the backlog\r\n")
            try await Task.sleep(for: .milliseconds(2))
        }
        bob.send("PING :kept\r\n")
        bob.read(until: "kept")
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
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitForJoin("#a", session)
        // The latest page: HistServ's line for bob's join takes one of its 100 places.
        let stored = Int(try Self.sql(database, "SELECT count(*) FROM message WHERE text LIKE '% of the backlog'")) ?? 0
        #expect((90...100).contains(stored), "the first join stored \(stored)")
        let oldest = 130 - stored + 1

        // Back through what is stored (the page held, then the store's page before it).
        try session.send(Array(repeating: "M-Up", count: stored))
        let last = try await session.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.hasSuffix(": line \(oldest) of the backlog")
        }
        try #require(last != nil, "\(Self.context(session))")
        let beforeAsking = session.spoken().count
        try session.send("M-Up")
        let asked = try await session.waitForSpeech(after: beforeAsking, timeout: .seconds(30)) { _ in true }
        #expect(asked?.text == "Top. Asking the server for older messages", "\(Self.context(session))")
        let came = try await session.waitForSpeech(after: beforeAsking, timeout: .seconds(30)) {
            $0.text.contains("older messages.")
        }
        let dump =
            (try? Self.sql(
                database, "SELECT id, time, text FROM message WHERE text LIKE '% of the backlog' ORDER BY time LIMIT 40"
            ))
            ?? ""
        #expect(
            came?.text.hasPrefix("\(oldest - 1) older messages. ") == true
                && came?.text.hasSuffix(": line \(oldest - 1) of the backlog") == true,
            "stored \(stored), said: \(came?.text ?? "nothing")\n\(dump)")
        let storedAll = try Self.sql(database, "SELECT count(*) FROM message WHERE text LIKE '% of the backlog'")
        #expect(storedAll == "130", "stored \(storedAll)")

        // On to the first line, then past it: the server has nothing older; asked once only.
        try session.send(Array(repeating: "M-Up", count: oldest - 2))
        let first = try await session.waitForSpeech(after: beforeAsking, timeout: .seconds(60)) {
            $0.text.hasSuffix(": line 1 of the backlog")
        }
        #expect(first != nil, "\(Self.context(session))")
        let atFirst = session.spoken().count
        try session.send("M-Up")
        let nothing = try await session.waitForSpeech(after: atFirst, timeout: .seconds(30)) { _ in true }
        #expect(
            ["Top. Asking the server for older messages", "The server keeps nothing older", "Top. The oldest"]
                .contains {
                    (nothing?.text ?? "").hasPrefix($0)
                }, "\(Self.context(session))")
        let end = try await session.waitForSpeech(after: atFirst, timeout: .seconds(30)) {
            $0.text == "The server keeps nothing older"
        }
        #expect(end != nil, "\(Self.context(session))")
        let againAt = session.spoken().count
        try session.send("M-Up")
        let again = try await session.waitForSpeech(after: againAt, timeout: .seconds(30)) { _ in true }
        #expect(
            again?.text.hasPrefix("Top. The oldest message is from ") == true,
            "not asked again: \(again?.text ?? "nothing")")
        try session.send("C-c")
    }
}
