import RealParts
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
        try await Self.waitForJoin("#earshot", session)
        // The new, empty channel is named once, by its heading: its empty log is no second line.
        let joined = try session.screen().components(separatedBy: "\n")
        #expect(joined.filter { $0.trimmingCharacters(in: .whitespaces) == "#earshot" }.count == 1, "\(joined)")

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
        let settings = try await session.waitForSpeech(after: before) {
            $0.voice == "reader" && $0.text.hasPrefix("Settings")
        }
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
        try await Self.waitForJoin("#earshot", session)
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

    /// Piped into with a server and a channel, on a first run: no onboarding, and the line waits
    /// for the channel, is sent to it, and the client exits when its input ends.
    @Test func aPipedLineIsSentToTheChannelGivenOnTheCommandLine() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let bob = try Self.peer(nick: "bob", in: "#earshot", on: server)
        defer { bob.close() }
        let sandbox = try Sandbox(settings: nil)
        defer { sandbox.remove() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.earshotPath())
        process.arguments = [
            "--server", "127.0.0.1:\(server.port)", "--nick", "piper", "--channel", "#earshot", "--speech", "off",
            "--speech-log", sandbox.file("piped.jsonl"),
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = sandbox.root + "/config"
        environment["XDG_DATA_HOME"] = sandbox.root + "/data"
        environment["EARSHOT_VOICES"] = Self.checkout + "/voices"
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("hello over a pipe\n".utf8))
        try input.fileHandleForWriting.close()

        let received = bob.read(until: "PRIVMSG #earshot :hello over a pipe")
        #expect(received.contains("PRIVMSG #earshot :hello over a pipe"), "bob got: \(received)")
        let exited = try await TmuxSession.waitUntil(timeout: .seconds(60)) { !process.isRunning }
        #expect(exited, "the client did not exit when its input ended")
        if !exited { process.terminate() }
        let log = (try? String(contentsOfFile: sandbox.file("piped.jsonl"), encoding: .utf8)) ?? ""
        #expect(
            !log.contains("Welcome to Earshot, heading level 1.") && !log.contains("Step 2 of 4"),
            "onboarding ran: \(log)")
    }

    /// A raw client registered as `nick` and joined to `channel`, to send and read lines.
    static func peer(nick: String, in channel: String, on server: InspIRCdFixture) throws -> RawSocket {
        try RawSocket.registered(nick, port: server.port, in: channel)
    }

    /// Waits until the client has joined `channel` and opened it: its heading is spoken.
    static func waitForJoin(_ channel: String, _ session: TmuxSession) async throws {
        let spokenName = "hash " + channel.dropFirst()
        let joined = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            // "hash a", "hash a, 3 unread", or after connecting "Connected as ada. hash a".
            let heading = $0.text.components(separatedBy: ". ").last ?? $0.text
            return heading == spokenName || heading.hasPrefix(spokenName + ", ")
        }
        try #require(joined != nil, "the client never joined \(channel)\n\(context(session))")
    }
}
