import RealParts
import Foundation
import Testing

@testable import Chat

/// A server's `msgid`, `label` and reply target reach events sanitised (kept whole or
/// dropped), so nothing raw goes back out in a `+reply` tag; and the client refuses lines it
/// cannot write as they mean.
@Suite struct HostileIdentifierTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func registered() -> IRCConnection {
        var connection = IRCConnection(configuration: .init(nick: "ada", channels: ["#x"]))
        _ = connection.connectionOpened()
        for text in [
            ":s CAP * LS :message-tags server-time echo-message batch labeled-response",
            ":s CAP ada ACK :message-tags server-time echo-message batch labeled-response", ":s 001 ada :Welcome",
        ] {
            _ = connection.received(IRCMessage(parsing: Array(text.utf8)) ?? IRCMessage(command: "X"), now: now)
        }
        return connection
    }

    @Test(
        arguments: [
            ("abc-123_XYZ", "abc-123_XYZ"), ("é😀", "é😀"), ("", nil), ("a b", nil), ("a\u{0}b", nil), ("a\rb", nil),
            ("a\nb", nil), ("a\u{1B}[2J", nil), ("a\u{7F}", nil), ("a\u{85}", nil), ("\u{202E}x", nil),
            ("a\u{2028}", nil),
            (String(repeating: "a", count: 255), String(repeating: "a", count: 255)),
            (String(repeating: "a", count: 256), nil),
        ] as [(String, String?)])
    func identifiersAreKeptWholeOrDropped(raw: String, kept: String?) {
        #expect(Sanitizer.identifier(raw) == kept)
    }

    /// A raw hostile line: NUL in msgid, escaped CR LF in label, ESC in the reply target.
    @Test func hostileTagsNeverReachEventsOrGoBackOut() throws {
        var connection = registered()
        let raw: [UInt8] =
            Array("@msgid=a".utf8) + [0x00]
            + Array("b;label=x\\r\\nQUIT;+draft/reply=\u{1B}[2J :bob!u@h PRIVMSG #x :hi".utf8)
        let message = try #require(IRCMessage(parsing: raw))
        let actions = connection.received(message, now: now)
        guard case .emit(.message(let incoming))? = actions.first else {
            Issue.record("no message in \(actions)")
            return
        }
        #expect(incoming.msgid == nil && incoming.label == nil && incoming.replyTo == nil)
        #expect(incoming.text == "hi")

        let good = try #require(IRCMessage(parsing: Array("@msgid=m-1;+reply=r-2 :bob!u@h PRIVMSG #x :hi".utf8)))
        guard case .emit(.message(let kept))? = connection.received(good, now: now).first else {
            Issue.record("no message")
            return
        }
        #expect(kept.msgid == "m-1" && kept.replyTo == "r-2")
        for case .send(let line) in connection.say("re", to: "#x", replyTo: kept.msgid) {
            #expect(try line.serialized() == "@+draft/reply=m-1;+reply=m-1 PRIVMSG #x re")
        }
    }

    @Test func aReactionToAHostileTargetIsDropped() throws {
        var connection = registered()
        let raw: [UInt8] = Array("@+draft/react=👍;+draft/reply=x".utf8) + [0x00] + Array(" :bob!u@h TAGMSG #x".utf8)
        let message = try #require(IRCMessage(parsing: raw))
        #expect(connection.received(message, now: now).isEmpty)
    }

    /// The client refuses, before storing or sending, a line it cannot write as it means.
    @Test(arguments: ["#a b", "", ":#a", "#a\r\nQUIT", "#a\u{0}"])
    func clientRefusesBadTargets(target: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/x.sqlite")
        let client = try IRCClient(
            server: IRCServerConfiguration(name: "t", host: "127.0.0.1", port: 1, usesTLS: false, nick: "ada"),
            store: store)
        await #expect(throws: IRCSerializationError.self) { try await client.send("hello", to: target) }
        await #expect(throws: IRCSerializationError.self) { try await client.join(target) }
        #expect(try store.pendingMessages(network: client.network.id).isEmpty)
    }
}
