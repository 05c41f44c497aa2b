import RealParts
import Foundation
import Testing

extension EndToEndTests {
    /// Commands typed in the composer reach a real InspIRCd as the lines they stand for, as a
    /// raw peer in the channel sees them; a mistyped one is refused aloud and nothing is sent;
    /// Tab completes a command.
    @Test func composerCommandsReachTheServerAndMistakesAreSaid() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let (bob, sandbox, session) = try await Self.earsJoinsAfterBob(on: server)
        defer {
            session.kill()
            sandbox.remove()
            bob.close()
        }

        // Anyone may set the topic (bob, who came first, is the channel operator).
        bob.send("MODE #earshot -t\r\n")
        _ = bob.read(until: "MODE #earshot")
        func enter(_ line: String) throws {
            try session.type(line)
            try session.send("Enter")
        }
        try enter("/me waves")
        #expect(bob.read(until: "waves").contains("PRIVMSG #earshot :\u{01}ACTION waves\u{01}"))
        try enter("/topic deploy day")
        #expect(bob.read(until: "deploy day").contains("TOPIC #earshot :deploy day"))
        try enter("/msg bob psst")
        #expect(bob.read(until: "psst").contains("PRIVMSG bob :psst"))

        // A mistake: said at high priority, nothing sent, the line back in the composer.
        let before = session.spoken().count
        try enter("/jion #second")
        let refused = try await session.waitForSpeech(after: before) { $0.text.hasPrefix("Unknown command slash jion") }
        #expect(refused?.priority == "high", "\(Self.context(session))")
        let back = try await TmuxSession.waitUntil(timeout: .seconds(10)) {
            try session.screen().components(separatedBy: "\n").last == "Message #earshot: /jion #second"
        }
        #expect(back, "the line is not back in the composer\n\(Self.context(session))")
        for _ in 0..<13 { try session.send("BSpace") }

        // Tab completes "/jo" to "/join ", and the completion is said.
        let typed = session.spoken().count
        try session.type("/jo")
        try session.send("Tab")
        let completed = try await session.waitForSpeech(after: typed) {
            $0.voice == "reader" && $0.text.contains("join")
        }
        #expect(completed != nil, "the completion was not said\n\(Self.context(session))")
        try session.type("#second")
        try session.send("Enter")
        let joined = try await TmuxSession.waitUntil(timeout: .seconds(20)) {
            bob.send("NAMES #second\r\n")
            let names = bob.read(until: " 366 ")
            return names.contains("#second :@ears") || names.contains("#second :ears")
        }
        #expect(joined, "the client did not join #second\n\(Self.context(session))")
        bob.send("JOIN #second\r\n")
        _ = bob.read(until: " 366 ")

        try enter("/nick ears2")
        #expect(bob.read(until: "NICK").contains("NICK :ears2"))
        try enter("/part #second")
        let parted = bob.read(until: "PART")
        #expect(parted.contains("PART") && parted.contains("#second"), "bob got: \(parted)")
        try enter("/quit see you")
        #expect(bob.read(until: "QUIT").contains("see you"))
    }
}

extension EndToEndTests {
    /// The binary against InspIRCd over TLS: with `ca_file` naming the test's authority it
    /// joins; without it, the untrusted certificate is said aloud at high priority.
    @Test func tlsWithTheServersAuthorityJoinsAndAnUntrustedCertificateIsSaid() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let certificates = try TestCertificates(in: directory.path)
        let server = try InspIRCdFixture(tls: certificates)
        defer { server.tearDown() }
        func settings(caFile: String?) -> String {
            Self.onboardedSettings + """
                [[irc.servers]]
                host = "127.0.0.1"
                port = \(server.port)
                tls = true
                nick = "ears"
                channels = ["#secure"]
                \(caFile.map { "ca_file = \"\($0)\"" } ?? "")

                """
        }
        let trusted = try Sandbox(settings: settings(caFile: certificates.caFile))
        defer { trusted.remove() }
        let session = try trusted.launch()
        defer { session.kill() }
        try await Self.waitForJoin("#secure", session)
        try session.send("C-c")

        let untrusted = try Sandbox(settings: settings(caFile: nil))
        defer { untrusted.remove() }
        let refused = try untrusted.launch()
        defer { refused.kill() }
        let said = try await refused.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.hasPrefix("Cannot connect to") && $0.text.contains("certificate is not signed by an authority")
        }
        #expect(said?.priority == "high", "\(Self.context(refused))")
        try refused.send("C-c")
    }
}

extension EndToEndTests {
    /// The daily moves on a real InspIRCd: /whois is answered aloud, /names lists who is here
    /// with the operator first, a rank given by the operator is shown, /query opens a direct
    /// conversation and sends to the person, and being kicked is said at high priority.
    @Test func whoisNamesQueryAndKickOnARealServer() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let (bob, sandbox, session) = try await Self.earsJoinsAfterBob(on: server)
        defer {
            session.kill()
            sandbox.remove()
            bob.close()
        }
        func enter(_ line: String) throws {
            try session.type(line)
            try session.send("Enter")
        }

        var mark = session.spoken().count
        try enter("/whois bob")
        // A real name that is only the nick again is not said, nor the host (it is shown, and
        // the loopback host is where the listener is): "bob; in hash earshot; …".
        let whois = try await session.waitForSpeech(after: mark) { $0.text.hasPrefix("bob; ") }
        #expect(whois?.text.contains("in hash earshot") == true, "\(Self.context(session))")
        #expect(
            try await TmuxSession.waitUntil(timeout: .seconds(20)) {
                (try? session.screen())?.contains("Whois bob: bob, from this computer; ") == true
            },
            "\(Self.context(session))")

        mark = session.spoken().count
        try enter("/names")
        let names = try await session.waitForSpeech(after: mark) { $0.text.contains("People in hash earshot") }
        #expect(names != nil, "\(Self.context(session))")
        let listed = try await session.waitForSpeech(after: mark) { $0.text.hasPrefix("bob, operator") }
        #expect(listed != nil, "the operator is not first\n\(Self.context(session))")
        try session.send("Escape")

        mark = session.spoken().count
        bob.send("MODE #earshot +v ears\r\n")
        let mode = try await session.waitForSpeech(after: mark) { $0.text.contains("bob gave voice to you") }
        #expect(mode != nil, "\(Self.context(session))")

        try #require(try await Self.waitForEditor(session, label: "Message #earshot"), "\(Self.context(session))")
        mark = session.spoken().count
        try enter("/query bob are you there?")
        #expect(bob.read(until: "are you there?").contains("PRIVMSG bob :are you there?"))
        let opened = try await session.waitForSpeech(after: mark) { $0.text.hasPrefix("Conversation with bob") }
        #expect(opened != nil, "the conversation did not open\n\(Self.context(session))")
        #expect(try await Self.waitForEditor(session, label: "Message bob"), "\(Self.context(session))")

        mark = session.spoken().count
        bob.send("KICK #earshot ears :out you go\r\n")
        let kicked = try await session.waitForSpeech(after: mark) {
            $0.text.hasPrefix("You were kicked from hash earshot by bob")
        }
        #expect(kicked?.priority == "high", "\(Self.context(session))")
        #expect(kicked?.text.contains("out you go") == true)
    }
}

extension EndToEndTests {
    /// bob (a raw peer, so the channel's operator) in #earshot on `server`, then the client as
    /// "ears" joined there with its composer focused.
    static func earsJoinsAfterBob(on server: InspIRCdFixture) async throws -> (RawSocket, Sandbox, TmuxSession) {
        let bob = try peer(nick: "bob", in: "#earshot", on: server)
        let sandbox = try Sandbox(settings: onboardedSettings)
        let session = try sandbox.launch(
            arguments: ["--server", "127.0.0.1:\(server.port)", "--nick", "ears", "--channel", "#earshot"])
        try await waitForJoin("#earshot", session)
        try #require(try await waitForEditor(session, label: "Message #earshot"), "\(context(session))")
        return (bob, sandbox, session)
    }
}
