import ChatTesting
import Foundation
import Testing

extension EndToEndTests {
    // MARK: 5. IRC

    /// A message from a second client on a real InspIRCd is announced politely while the user
    /// moves between elements: it waits behind the focus speech instead of cutting it off.
    @Test func aMessageFromAnotherClientIsAnnouncedPolitelyWhileNavigating() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let sandbox = try Sandbox(settings: "[text]\nsize = \"large\"\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(
            arguments: ["--server", "127.0.0.1:\(server.port)", "--nick", "ears", "--channel", "#earshot"])
        let joined = try await session.waitForSpeech(after: 0, timeout: .seconds(15)) { $0.text.hasPrefix("hash earshot, ") }
        try #require(joined != nil, "the client never joined #earshot\n\(Self.context(session))")

        let bob = try Self.peer(nick: "bob", in: "#earshot", on: server)
        defer { bob.close() }

        // Navigating between the composer and Settings while the message arrives.
        try session.send("End")
        let before = session.spoken().count
        try session.send("Left")
        bob.send("PRIVMSG #earshot :the deploy finished\r\n")
        try session.send("Right")
        let announced = try await session.waitForSpeech(after: before, timeout: .seconds(10)) {
            $0.text.contains("the deploy finished")
        }
        let entry = try #require(announced, "the message was never spoken\n\(Self.context(session))")
        #expect(entry.priority == "low", Self.context(session))
        #expect(entry.voice == "announcer")
        // Focus speech goes on: Right's phrase is said too, whichever comes first.
        let settings = try await session.waitForSpeech(after: before) { $0.voice == "reader" && $0.text.hasPrefix("Settings") }
        #expect(settings != nil, "focus speech did not go on\n\(Self.context(session))")
        #expect(try session.screen().contains("the deploy finished"))
        try session.send("C-c")
    }

    /// Two lines typed and sent within a few milliseconds leave in the order they were typed:
    /// sends are awaited one after another, not raced in separate tasks.
    @Test func twoLinesSentAtOnceArriveInOrder() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let bob = try Self.peer(nick: "bob", in: "#earshot", on: server)
        defer { bob.close() }

        let sandbox = try Sandbox(settings: "[text]\nsize = \"large\"\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(
            arguments: ["--server", "127.0.0.1:\(server.port)", "--nick", "ears", "--channel", "#earshot"])
        let joined = try await session.waitForSpeech(after: 0, timeout: .seconds(15)) { $0.text.hasPrefix("hash earshot, ") }
        try #require(joined != nil, "the client never joined #earshot\n\(Self.context(session))")
        let onComposer = try await Self.waitForEditor(session, label: "Message #earshot")
        try #require(onComposer, "focus is not on the composer\n\(Self.context(session))")

        // One write to the terminal: both lines and both Enters arrive together.
        try session.send("f", "i", "r", "s", "t", "Enter", "s", "e", "c", "o", "n", "d", "Enter")
        let received = bob.read(until: "PRIVMSG #earshot :second")
        let first = try #require(received.range(of: "PRIVMSG #earshot :first"), "bob got: \(received)")
        let second = try #require(received.range(of: "PRIVMSG #earshot :second"), "bob got: \(received)")
        #expect(first.lowerBound < second.lowerBound)
        try session.send("C-c")
    }

    /// A raw client registered as `nick` and joined to `channel`, to send and read lines.
    static func peer(nick: String, in channel: String, on server: InspIRCdFixture) throws -> RawSocket {
        let peer = try RawSocket(port: server.port)
        peer.send("NICK \(nick)\r\nUSER \(nick) 0 * :\(nick)\r\n")
        peer.read(until: " 001 ")
        peer.send("JOIN \(channel)\r\n")
        peer.read(until: " 366 ")
        return peer
    }
}
