import RealParts
import Foundation
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Speech that fits the listener: their own speech-dispatcher, their languages, their names
/// for people, and fewer words in a busy channel. On the `earshot` binary in tmux, against a
/// real InspIRCd with raw peers, and a real speech-dispatcher on a private PulseAudio.
extension EndToEndTests {
    /// speech-dispatcher (Debian's, with its espeak-ng module) on a private socket beside a
    /// private PulseAudio; stopped with SIGKILL.
    final class SpeechDispatcherProcess {
        let process = Process()
        let socket: String
        let folder: String

        convenience init(pulse: PulseAudioFixture) throws {
            try self.init(folder: pulse.directory.path, environment: pulse.environment)
        }

        /// In `folder`, with `environment` (a sound server's, or none).
        init(folder: String, environment extra: [String: String]) throws {
            let binary = "/usr/bin/speech-dispatcher"
            guard FileManager.default.isExecutableFile(atPath: binary),
                FileManager.default.fileExists(atPath: "/usr/lib/speech-dispatcher-modules/sd_espeak-ng")
            else {
                throw Failure(
                    "speech-dispatcher is missing: apt-get install -y speech-dispatcher speech-dispatcher-espeak-ng")
            }
            self.folder = folder
            socket = folder + "/speechd.sock"
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = [
                "--run-single", "--timeout", "0", "--communication-method", "unix_socket", "--socket-path", socket,
                "--log-dir", folder, "--pid-file", folder + "/speechd.pid",
                // Its log then holds each SSIP command it was sent.
                "--log-level", "5",
            ]
            var environment = ProcessInfo.processInfo.environment
            for (key, value) in extra { environment[key] = value }
            environment["HOME"] = folder
            process.environment = environment
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
        }

        /// The SSIP commands it was sent, as its log (level 5) has them: "SET SELF PITCH -32".
        var commands: [String] {
            let log = (try? String(contentsOfFile: folder + "/speech-dispatcher.log", encoding: .utf8)) ?? ""
            // "…:DATA:|SET SELF PITCH -32\r\n| (20)": the command, without its line end and length.
            return log.split(separator: "\n").compactMap { line in
                line.range(of: ":DATA:|").map {
                    String(line[$0.upperBound...].prefix { $0 != "\r" && $0 != "|" }).uppercased()
                }
            }
        }

        /// What a client needs to find this daemon and no other.
        var environment: [String: String] { ["SPEECHD_ADDRESS": "unix_socket:" + socket] }

        func waitUntilListening() async throws {
            let up = try await TmuxSession.waitUntil(timeout: .seconds(60)) { access(socket, F_OK) == 0 }
            try #require(up, "speech-dispatcher did not open \(socket)")
        }

        func kill() {
            guard process.isRunning else { return }
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// What `earshot ARGUMENTS` prints on stdout, with `environment` added.
    static func output(of arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try earshotPath())
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether speech-dispatcher's espeak-ng module has a stream playing on `pulse`.
    static func speechDispatcherIsPlaying(_ pulse: PulseAudioFixture) -> Bool {
        ((try? pulse.pactl(["list", "sink-inputs"])) ?? "").contains("speech-dispatcher-espeak-ng")
    }

    /// With speech-dispatcher and `speaker_voices`, each person's words are said at a pitch of
    /// their own (moved from the user's), the client's own words at the user's.
    @Test func speechDispatcherGivesEachSpeakerAPitchOfTheirOwn() async throws {
        let pulse = try PulseAudioFixture()
        defer { pulse.tearDown() }
        let daemon = try SpeechDispatcherProcess(pulse: pulse)
        defer { daemon.kill() }
        try await daemon.waitUntilListening()
        let sandbox = try Sandbox(
            settings: Self.onboardedSettings
                + "[speech]\nengine = \"speech-dispatcher\"\nhints = false\nspeaker_voices = true\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(
            speech: "audio", environment: pulse.environment.merging(daemon.environment) { $1 })
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        // #welcome's messages are Earshot's and Robin's: moving through them says each in its voice.
        for _ in 0..<4 { try await Self.press(session, "Right") }
        let pitches = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            Set(daemon.commands.filter { $0.hasPrefix("SET SELF PITCH ") }).count >= 2
        }
        let sent = daemon.commands.filter { $0.hasPrefix("SET SELF PITCH ") }
        #expect(pitches, "one pitch for everyone: \(sent)\n\(Self.context(session))")
    }

    /// With `speech.engine = "speech-dispatcher"`, a key's phrase is spoken by speech-dispatcher,
    /// the next key cuts it off at once, and when the daemon is killed Earshot says so once and
    /// goes on speaking with libespeak-ng.
    @Test func speechDispatcherSpeaksAKeyIsCutOffByTheNextAndIsReplacedWhenKilled() async throws {
        let pulse = try PulseAudioFixture()
        defer { pulse.tearDown() }
        let daemon = try SpeechDispatcherProcess(pulse: pulse)
        defer { daemon.kill() }
        try await daemon.waitUntilListening()
        let sandbox = try Sandbox(
            settings: Self.onboardedSettings + "[speech]\nengine = \"speech-dispatcher\"\nhints = false\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(
            speech: "audio", environment: pulse.environment.merging(daemon.environment) { $1 })
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        // A key's phrase: speech-dispatcher's espeak-ng module plays it.
        let first = try await Self.press(session, "Right")
        try #require(first.contains { $0.priority != "low" }, "Right said nothing\n\(Self.context(session))")
        let played = try await TmuxSession.waitUntil(timeout: .seconds(30)) { Self.speechDispatcherIsPlaying(pulse) }
        #expect(played, "speech-dispatcher played nothing\n\(Self.context(session))")
        #expect(
            !session.speech().contains { $0.text.contains("speech-dispatcher does not answer") },
            "\(Self.context(session))")

        // The next key cuts the long message off: a cancel, then the next phrase.
        let before = session.speech().count
        try session.send("Right")
        let cut = try await TmuxSession.waitUntil(timeout: .seconds(10)) {
            session.speech().dropFirst(before).contains { $0.event == "cancel" }
        }
        #expect(cut, "the next key did not cut the phrase off\n\(Self.context(session))")

        // `earshot voices` names it, and `--speech-dispatcher` lists its module's voices.
        let listing = try Self.output(of: ["voices", "--speech-dispatcher"], environment: daemon.environment)
        #expect(listing.hasPrefix("speech-dispatcher, output module espeak-ng: "), "\(listing.prefix(300))")
        #expect(listing.split(separator: "\n").count > 100, "\(listing.prefix(300))")
        let named = try Self.output(of: ["voices"], environment: daemon.environment)
        #expect(named.contains("speech-dispatcher runs, output module espeak-ng"), "\(named)")

        // Killed: said once, and the next key is spoken by Earshot's own voice.
        daemon.kill()
        try await Self.press(session, "Left")
        let said = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.hasPrefix("speech-dispatcher stopped speaking")
        }
        #expect(said != nil, "losing speech-dispatcher was not said\n\(Self.context(session))")
        let after = try await Self.press(session, "Right")
        let phrase = try #require(after.last { $0.priority != "low" }, "\(Self.context(session))")
        let done = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            session.speech().contains { $0.event == "done" && $0.text == phrase.text }
        }
        #expect(done, "the phrase after the loss was not spoken to its end\n\(Self.context(session))")
        #expect(
            session.speech().filter { $0.text.hasPrefix("speech-dispatcher stopped") && $0.event == "speak" }.count == 1
        )
        try session.send("C-c")
    }

    /// speech-dispatcher running without a sound server takes each message and never ends it:
    /// Earshot gives it up after longer than the words could take, says so, and speaks itself.
    @Test func aSpeechDispatcherThatCannotPlayIsGivenUp() async throws {
        let pulse = try PulseAudioFixture()
        defer { pulse.tearDown() }
        let lonely = try TemporaryDirectory()
        defer { lonely.remove() }
        let daemon = try SpeechDispatcherProcess(
            folder: lonely.path,
            environment: ["XDG_RUNTIME_DIR": lonely.path, "PULSE_SERVER": "unix:" + lonely.path + "/none"])
        defer { daemon.kill() }
        try await daemon.waitUntilListening()
        let sandbox = try Sandbox(settings: Self.onboardedSettings + "[speech]\nengine = \"speech-dispatcher\"\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(
            speech: "audio", environment: pulse.environment.merging(daemon.environment) { $1 })
        defer { session.kill() }
        let said = try await session.waitForSpeech(after: 0, timeout: .seconds(60)) {
            $0.text.hasPrefix("speech-dispatcher stopped speaking")
        }
        #expect(said != nil, "a silent speech-dispatcher was not given up\n\(Self.context(session))")
        let heard = try await Self.press(session, "Right")
        let phrase = try #require(heard.last { $0.priority != "low" }, "\(Self.context(session))")
        let done = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            session.speech().contains { $0.event == "done" && $0.text == phrase.text }
        }
        #expect(done, "Earshot's own voice did not take over\n\(Self.context(session))")
        try session.send("C-c")
    }

    /// speech-dispatcher asked for and not running: said once, and Earshot speaks with its own voice.
    @Test func aSpeechDispatcherThatDoesNotAnswerIsSaidOnceAndEspeakSpeaks() async throws {
        let pulse = try PulseAudioFixture()
        defer { pulse.tearDown() }
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let missing = ["SPEECHD_ADDRESS": "unix_socket:" + sandbox.file("no-speechd.sock")]
        let session = try sandbox.launch(
            arguments: ["--engine", "speech-dispatcher"], speech: "audio",
            environment: pulse.environment.merging(missing) { $1 })
        defer { session.kill() }
        let said = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text == "speech-dispatcher does not answer, so Earshot speaks with its own voice, espeak-ng"
        }
        #expect(said != nil, "\(Self.context(session))")
        #expect(
            try session.screen().contains("speech-dispatcher does not answer"),
            "the reason is not shown\n\(Self.context(session))")
        let heard = try await Self.press(session, "Right")
        #expect(heard.contains { $0.priority != "low" }, "\(Self.context(session))")
        try session.send("C-c")
    }

    /// A Russian and a Chinese message are read with voices of those languages, the name before
    /// them in the reader's own; a nick's decorations are not read, and `[speech.pronounce]`
    /// says a name as the listener wrote it.
    @Test func messagesAreReadInTheirLanguageAndNamesAsTheListenerSaysThem() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        let sandbox = try Sandbox(settings: Self.onboardedSettings + "[speech.pronounce]\nkpcyrd = \"k p cyrd\"\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(arguments: [
            "--server", "127.0.0.1:\(server.port)", "--nick", "ears", "--channel", "#a",
        ])
        defer { session.kill() }
        try await Self.waitForJoin("#a", session)
        let ivan = try Self.peer(nick: "ivan", in: "#a", on: server)
        defer { ivan.close() }
        let li = try Self.peer(nick: "li", in: "#a", on: server)
        defer { li.close() }
        let kim = try Self.peer(nick: "kim|away", in: "#a", on: server)
        defer { kim.close() }

        ivan.send("PRIVMSG #a :Привет всем\r\n")
        let russian = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) {
            $0.text.contains("Привет всем")
        }
        let ru = try #require(russian, "\(Self.context(session))")
        #expect(ru.text == "ivan: Привет всем")
        #expect(ru.language == "ru", "\(ru)")

        li.send("PRIVMSG #a :你好\r\n")
        let chinese = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) { $0.text.contains("你好") }
        let zh = try #require(chinese, "\(Self.context(session))")
        #expect(zh.text == "li: 你好")
        #expect(zh.language == "cmn", "\(zh)")

        kim.send("PRIVMSG #a :ask kpcyrd about it\r\n")
        let named = try await session.waitForSpeech(after: 0, timeout: .seconds(30)) { $0.text.contains("about it") }
        #expect(named?.text == "kim: ask k p cyrd about it", "\(Self.context(session))")
        #expect(named?.language == nil)
        try session.send("C-c")
    }

    /// Listening economy in a busy channel (50 people, joins and quits around): three quick
    /// messages from one person are heard in one utterance, their words and the name once; the
    /// joins and quits of people who have not written are shown and not spoken. A channel set to
    /// "sound" is heard as its message sound, without words.
    @Test func aBurstInABusyChannelIsOneUtteranceAndASoundChannelHasNoWords() async throws {
        let server = try InspIRCdFixture()
        defer { server.tearDown() }
        var guests: [RawSocket] = []
        defer { for guest in guests { guest.close() } }
        for index in 0..<48 { guests.append(try Self.peer(nick: "guest\(index)", in: "#a", on: server)) }
        let kim = try Self.peer(nick: "kim", in: "#a", on: server)
        defer { kim.close() }
        kim.send("JOIN #busy\r\n")
        kim.read(until: " 366 ")
        let sandbox = try Sandbox(settings: Self.onboardedSettings + "[speech.channels]\n\"#busy\" = \"sound\"\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(
            arguments: [
                "--server", "127.0.0.1:\(server.port)", "--nick", "ears", "--channel", "#a", "--channel", "#busy",
            ])
        defer { session.kill() }
        try await Self.waitForJoin("#a", session)
        let quiet = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            let speech = session.speech()
            return speech.last.map { $0.event != "speak" } ?? false
        }
        try #require(quiet, "\(Self.context(session))")

        let before = session.spoken().count
        guests[0].send("QUIT :bye\r\n")
        let newcomer = try Self.peer(nick: "newcomer", in: "#a", on: server)
        defer { newcomer.close() }
        kim.send("PRIVMSG #a :deploy is done\r\nPRIVMSG #a :tests pass\r\nPRIVMSG #a :merging now\r\n")
        guests[1].send("PART #a\r\n")
        let heard = try await session.waitForSpeech(after: before, timeout: .seconds(30)) {
            $0.text.contains("merging now")
        }
        let burst = try #require(heard, "the burst was not said\n\(Self.context(session))")
        #expect(burst.text == "kim: deploy is done. tests pass. merging now", "\(Self.context(session))")
        let words = burst.text.split(separator: " ").count
        #expect(words <= 1 + "deploy is done tests pass merging now".split(separator: " ").count)
        let settled = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            try session.screen().contains("guest1 left #a")
                && session.speech().last.map { $0.event != "speak" } ?? false
        }
        #expect(settled, "\(Self.context(session))")
        let said = session.spoken().dropFirst(before).map(\.text)
        #expect(
            said.filter { $0.contains("deploy") || $0.contains("tests pass") || $0.contains("merging") }.count == 1,
            "\(said)")
        #expect(!said.contains { $0.contains("joined") || $0.contains("quit") || $0.contains("left") }, "\(said)")
        #expect(try session.screen().contains("newcomer joined #a"), "the join is not shown\n\(Self.context(session))")

        // #busy is "sound": its message is its sound, no words.
        let soundBefore = session.spoken().count
        kim.send("PRIVMSG #busy :lunch anyone\r\n")
        let cue = try await session.waitForSpeech(after: soundBefore, timeout: .seconds(30)) {
            $0.text.contains("sound")
        }
        #expect(cue?.text == "(message elsewhere sound)", "\(Self.context(session))")
        #expect(
            !session.spoken().dropFirst(soundBefore).contains { $0.text.contains("lunch") }, "\(Self.context(session))")
        try session.send("C-c")
    }
}
