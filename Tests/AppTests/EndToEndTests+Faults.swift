#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import RealParts
import Foundation
import Testing

extension EndToEndTests {
    // MARK: Faults

    /// The history on a full filesystem: a line that cannot be stored is refused aloud and goes
    /// back to the composer; when space returns, Enter stores and shows it. The data folder is a
    /// 4 MB tmpfs that the test mounts (it needs root, as CI has).
    @Test func aFullDiskRefusesALineAloudAndKeepsItUntilThereIsRoom() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let data = sandbox.root + "/data"
        let mounted = try TmuxPane.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", data])
        defer { _ = try? TmuxPane.run("/bin/umount", ["-l", data]) }
        try #require(
            FileManager.default.fileExists(atPath: data) && Self.isMountPoint(data),
            "could not mount a tmpfs at \(data) (run the tests as root): \(mounted)")
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        // Fill the filesystem to the last byte.
        let filler = data + "/filler"
        Self.fill(filler)
        try await Self.press(session, "End")
        try await Self.press(session, "Left")
        let onComposer = try await Self.waitForEditor(session, label: "Message #welcome")
        try #require(onComposer, "Left from Settings is not the composer\n\(Self.context(session))")
        try session.type("kept line")
        let start = session.spoken().count
        try session.send("Enter")
        let refused = try await session.waitForSpeech(after: start) { $0.text.hasPrefix("Not sent: the disk is full") }
        try #require(refused != nil, "a full disk was not said\n\(Self.context(session))")
        #expect(refused?.priority == "high")
        let kept = try await TmuxSession.waitUntil(timeout: .seconds(10)) {
            try session.screen().components(separatedBy: "\n").last == "Message #welcome: kept line"
        }
        #expect(kept, "the line is not back in the composer\n\(Self.context(session))")

        // Room again: the same Enter now stores and shows it.
        try FileManager.default.removeItem(atPath: filler)
        let retry = session.spoken().count
        try session.send("Enter")
        let sent = try await session.waitForSpeech(after: retry) { $0.text == "Sent" }
        #expect(sent != nil, "the line was not sent once there was room\n\(Self.context(session))")
        #expect(try session.screen().components(separatedBy: "\n").contains("kept line"))
        try session.send("C-c")
    }

    /// SIGKILL while five lines are on their way to a real InspIRCd, then start again: every line
    /// arrives exactly once. The channel keeps history (InspIRCd's chanhistory, mode +H), so the
    /// rejoin replays what the server took before the kill and the outbox resends only the rest.
    /// (Without server history a client cannot know whether a line it wrote just before dying
    /// arrived; it sends it again rather than lose it.)
    @Test func linesInFlightWhenTheClientIsKilledArriveExactlyOnceAfterARestart() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let bob = try Self.peer(nick: "bob", in: "#earshot", on: server)
        defer { bob.close() }
        bob.send("MODE #earshot +H 100:1d\r\n")
        bob.read(until: "MODE #earshot +H")
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let database = sandbox.root + "/data/earshot/earshot.sqlite"
        let arguments = ["--server", "127.0.0.1:\(server.port)", "--nick", "ears", "--channel", "#earshot"]

        let first = try sandbox.launch(run: 1, arguments: arguments)
        defer { first.kill() }
        try await Self.waitForJoin("#earshot", first)
        try #require(try await Self.waitForEditor(first, label: "Message #earshot"), "\(Self.context(first))")
        // The server is frozen: the lines are stored and written, but nothing is echoed, so all
        // five are in flight when the client is killed.
        server.signal(SIGSTOP)
        var keys: [String] = []
        for index in 1...5 { keys += Array("inflight \(index)").map { $0 == " " ? "Space" : String($0) } + ["Enter"] }
        try first.send(keys)
        let stored = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            try Self.sql(database, "SELECT count(*) FROM message WHERE text LIKE 'inflight %' AND pending = 1") == "5"
        }
        let pid = try #require(try first.paneProcess(named: "earshot"))
        kill(pid, SIGKILL)
        server.signal(SIGCONT)
        try #require(stored, "the five lines were not stored as pending\n\(Self.context(first))")

        let second = try sandbox.launch(run: 2, arguments: arguments)
        defer { second.kill() }
        let delivered = try await TmuxSession.waitUntil(timeout: .seconds(60)) {
            try Self.sql(database, "SELECT count(*) FROM message WHERE text LIKE 'inflight %' AND pending = 0") == "5"
        }
        try #require(delivered, "the restarted client did not deliver them\n\(Self.context(second))")
        try await Self.waitForJoin("#earshot", second)
        try await Self.press(second, "End")
        try await Self.press(second, "Left")
        try #require(try await Self.waitForEditor(second, label: "Message #earshot"), "\(Self.context(second))")
        try second.send(Array("after").map(String.init) + ["Enter"])
        let received = bob.read(until: "PRIVMSG #earshot :after")
        for index in 1...5 {
            let copies = received.components(separatedBy: "PRIVMSG #earshot :inflight \(index)\r\n").count - 1
            #expect(copies == 1, "bob got inflight \(index) \(copies) times")
            #expect(try Self.sql(database, "SELECT count(*) FROM message WHERE text = 'inflight \(index)'") == "1")
        }
        try second.send("C-c")
    }

    /// The sound server dies in the middle of a sentence (a real PulseAudio with a null sink,
    /// killed with SIGKILL): the client says on screen that speech moved to text captions, shows
    /// the cut-off sentence whole, keeps speaking as captions, and returns to audio by itself
    /// when the server is back.
    @Test func speechMovesToCaptionsWhenTheSoundServerDiesAndReturnsWithIt() async throws {
        let pulse = try PulseAudioFixture()
        defer { pulse.tearDown() }
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let session = try sandbox.launch(speech: "audio", environment: pulse.environment)
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        let streaming = try await TmuxSession.waitUntil(timeout: .seconds(30)) { pulse.playbackStreams() > 0 }
        try #require(streaming, "the client opened no stream on the sound server\n\(Self.context(session))")
        #expect(
            try !session.screen().contains("» "), "captions were shown while audio worked\n\(Self.context(session))")

        // The next message is a long sentence; the server dies as soon as it starts.
        let heard = try await Self.press(session, "Right")
        let sentence = try #require(heard.last { $0.priority != "low" }, "Right said nothing\n\(Self.context(session))")
        try #require(sentence.text.count > 60, "not a long sentence: \(sentence.text)")
        pulse.kill()
        let moved = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            try session.screen().contains("Speech moved to text captions: the sound server stopped")
        }
        try #require(moved, "losing the sound server was not shown\n\(Self.context(session))")
        #expect(
            try session.screen().contains("» " + sentence.text.prefix(30)),
            "the sentence that was cut off is not captioned\n\(Self.context(session))")

        // It keeps working: the next element is spoken as a caption.
        let next = try #require(
            try await Self.press(session, "Right").last { $0.priority != "low" }, "\(Self.context(session))")
        #expect(
            try session.screen().contains("» " + next.text.prefix(30)),
            "speech after the loss is not captioned\n\(Self.context(session))")

        // The server comes back: the client says so and speaks through it again.
        try pulse.start()
        let back = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            try session.screen().contains("Speech is back on the sound server.")
        }
        try #require(back, "the return of the sound server was not shown\n\(Self.context(session))")
        let reopened = try await TmuxSession.waitUntil(timeout: .seconds(30)) { pulse.playbackStreams() > 0 }
        #expect(reopened, "no stream on the restarted server\n\(Self.context(session))")
        let afterwards = try #require(
            try await Self.press(session, "Left").last { $0.priority != "low" }, "\(Self.context(session))")
        // A caption is written before the transcript line, so it would be on screen by now.
        let captionsAfter =
            try session.screen().components(separatedBy: "Speech is back on the sound server.").last ?? ""
        #expect(
            !captionsAfter.contains("» " + afterwards.text.prefix(30)),
            "speech is still captioned after the server came back\n\(Self.context(session))")
        try session.send("C-c")
    }

    /// One value from the history with the `sqlite3` command (Debian's `sqlite3`).
    static func sql(_ database: String, _ query: String) throws -> String {
        guard FileManager.default.fileExists(atPath: database) else { return "" }
        return try TmuxPane.run("/usr/bin/sqlite3", [database, query]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `path` is a mount point (its device differs from its parent's).
    static func isMountPoint(_ path: String) -> Bool {
        var own = stat()
        var parent = stat()
        guard stat(path, &own) == 0, stat(path + "/..", &parent) == 0 else { return false }
        return own.st_dev != parent.st_dev
    }

    /// Writes zeros to `path` until the filesystem refuses more.
    static func fill(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        var byte: UInt8 = 0
        while write(fd, &byte, 1) > 0 {}
    }
}
