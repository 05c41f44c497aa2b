import RealParts
import Foundation
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A server the matrix runs the binary against.
protocol MatrixServer: AnyObject {
    var port: Int { get }
    func start() throws
    func kill()
    func tearDown()
}

extension InspIRCdFixture: MatrixServer {}
extension NgircdFixture: MatrixServer {}
extension HybridFixture: MatrixServer {}
extension ErgoFixture: MatrixServer {}

/// The servers of the matrix: InspIRCd 3 (IRCv3: tags, server-time, echo-message, batches),
/// ngircd 26 (only multi-prefix), ircd-hybrid 8.2 (no tags, no server-time, no echo) and Ergo
/// 2.11 (IRCv3's drafts: chathistory, read-marker, multiline).
enum MatrixKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inspircd, ngircd, hybrid, ergo

    var testDescription: String { rawValue }

    func start() throws -> any MatrixServer {
        switch self {
        case .inspircd: try InspIRCdFixture()
        case .ngircd: try NgircdFixture()
        case .hybrid: try HybridFixture()
        case .ergo: try ErgoFixture()
        }
    }
}

extension EndToEndTests {
    /// A raw client registered as `nick` on the server at `port`, in `channel`.
    static func peer(nick: String, in channel: String, port: Int) throws -> RawSocket {
        try RawSocket.registered(nick, port: port, in: channel)
    }

    /// The same day on every server: connect, join, messages both ways, a direct message each
    /// way, a nick change each side, a kick, and the server killed (SIGKILL) while a line waits:
    /// the loss is said once, the line goes once when the server is back, nothing is stored
    /// twice.
    @Test(arguments: MatrixKind.allCases)
    func aDayOnEveryServer(_ kind: MatrixKind) async throws {
        let server = try kind.start()
        defer { server.tearDown() }
        // bob comes first: the channel's operator, who can kick.
        var bob = try Self.peer(nick: "bob", in: "#m", port: server.port)
        defer { bob.close() }
        // The client comes in through a gate, so the test decides when it is back after the
        // server's restart: robert first, whatever the client's retry delay.
        let gate = try Gate(to: server.port)
        defer { gate.stop() }
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let session = try sandbox.launch(arguments: [
            "--server", "127.0.0.1:\(gate.port)", "--nick", "ears", "--channel", "#m",
        ])
        defer { session.kill() }
        try await Self.waitForJoin("#m", session)
        try #require(try await Self.waitForEditor(session, label: "Message #m"), "\(kind): \(Self.context(session))")
        func heard(_ text: String, after: Int = 0) async throws -> SpeechEntry? {
            let entry = try await session.waitForSpeech(after: after, timeout: .seconds(30)) { $0.text.contains(text) }
            #expect(entry != nil, "\(kind): never said \"\(text)\"\n\(Self.context(session))")
            return entry
        }
        func enter(_ line: String) throws {
            try session.type(line)
            try session.send("Enter")
        }

        // Messages both ways.
        bob.send("PRIVMSG #m :hello ears\r\n")
        _ = try await heard("hello ears")
        try enter("hi bob")
        #expect(bob.read(until: "hi bob").contains("PRIVMSG #m :hi bob"), "\(kind)")

        // A direct message each way.
        bob.send("PRIVMSG ears :psst, a secret\r\n")
        _ = try await heard("a secret")
        try enter("/msg bob got it")
        #expect(bob.read(until: "got it").contains("PRIVMSG bob :got it"), "\(kind)")

        // Nick changes: bob's is said in the channel, ours answered by the server.
        var mark = session.spoken().count
        bob.send("NICK robert\r\n")
        _ = try await heard("bob is now robert", after: mark)
        mark = session.spoken().count
        try enter("/nick ears2")
        _ = try await heard("You are now ears2", after: mark)

        // A kick, said at high priority; then back in with /join.
        mark = session.spoken().count
        bob.send("KICK #m ears2 :out you go\r\n")
        let kicked = try await heard("You were kicked from hash m by robert", after: mark)
        #expect(kicked?.priority == "high", "\(kind)")
        try enter("/join #m")
        #expect(bob.read(until: "JOIN").contains("ears2"), "\(kind): robert did not see ears2 join again")

        // The server dies. The loss is said once; a line written meanwhile waits.
        mark = session.spoken().count
        server.kill()
        bob.close()
        _ = try await heard("Lost the connection to 127.0.0.1", after: mark)
        try enter("while you were down")
        _ = try await heard("Waiting to send", after: mark)
        gate.shut()
        try server.start()
        bob = try Self.peer(nick: "robert", in: "#m", port: server.port)
        gate.open()
        _ = try await heard("Back on 127.0.0.1, in hash m", after: mark)
        let received = bob.read(until: "while you were down")
        #expect(received.contains("PRIVMSG #m :while you were down"), "\(kind): robert got \(received)")
        bob.send("PING :settled\r\n")
        let rest = bob.read(until: "settled")
        #expect(!rest.contains("while you were down"), "\(kind): the waiting line came twice")
        #expect(
            session.spoken().filter { $0.text.contains("Lost the connection") }.count == 1,
            "\(kind): \(Self.context(session))")

        // Stored once each, whether or not the server echoes.
        let database = sandbox.root + "/data/earshot/earshot.sqlite"
        for text in ["hello ears", "hi bob", "psst, a secret", "got it", "while you were down"] {
            let count = try Self.sql(database, "SELECT count(*) FROM message WHERE text = '\(text)'")
            #expect(count == "1", "\(kind): \"\(text)\" is stored \(count) times")
        }
        try session.send("C-c")
    }
}

extension EndToEndTests {
    /// MONITOR against InspIRCd's `monitor` module: a friend in `irc.monitor` is said coming
    /// online and going offline; an invitation is said at high priority with how to accept it.
    @Test func friendsComingAndGoingAndAnInvitationAreSaid() async throws {
        let server = try InspIRCdFixture(extraModules: ["monitor"])
        defer { server.tearDown() }
        let sandbox = try Sandbox(settings: Self.onboardedSettings + "[irc]\nmonitor = [\"kim\"]\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(arguments: [
            "--server", "127.0.0.1:\(server.port)", "--nick", "ears", "--channel", "#m",
        ])
        defer { session.kill() }
        try await Self.waitForJoin("#m", session)
        var mark = session.spoken().count
        var kim: RawSocket? = try Self.peer(nick: "kim", in: "#secret", port: server.port)
        let online = try await session.waitForSpeech(after: mark, timeout: .seconds(30)) {
            $0.text.contains("kim is online")
        }
        #expect(online != nil, "\(Self.context(session))")
        mark = session.spoken().count
        kim?.send("INVITE ears #secret\r\n")
        let invited = try await session.waitForSpeech(after: mark, timeout: .seconds(30)) {
            $0.text.contains("invites you to")
        }
        #expect(
            invited?.text == "kim invites you to hash secret. To accept, type slash join hash secret",
            "\(Self.context(session))")
        #expect(invited?.priority == "high")
        mark = session.spoken().count
        kim?.send("QUIT :bye\r\n")
        kim?.read(until: "ERROR")
        kim = nil
        let offline = try await session.waitForSpeech(after: mark, timeout: .seconds(30)) {
            $0.text.contains("kim went offline")
        }
        #expect(offline != nil, "\(Self.context(session))")
        try session.send("C-c")
    }
}
