import RealParts
import Foundation
import TestThreads
import Testing

/// A listener's journeys, each a reviewed transcript of keys in and phrases out
/// (`Fixtures/Journeys/*.journey`), walked on the real `earshot` binary in tmux, against a real
/// InspIRCd where the journey asks for one.
///
/// A journey is read as a listener would read it: `>` lines are what the listener (or someone
/// else) does, `<` lines what Earshot says, in order, after it. A change to any phrase fails here
/// until the transcript is reviewed: the test writes what it heard beside the journey, with
/// `.actual` added, to compare and, once read and found right, to copy over it.
///
/// ```
/// # Edit and send a line
/// @ onboarded
/// > End Left
/// < Message hash welcome, text field.
/// > "helo"
/// > Left
/// < o
/// ```
///
/// Directives: `@ onboarded` (a settings file that skips onboarding, with `[text]` and
/// `[speech]` tables; without it the run is a first run), `@ settings LINE` (a line after them), `@ server` (an InspIRCd on 127.0.0.1, the
/// client started with `--server` on it, joined to #a and #b), `@ server unconfigured` (the
/// server runs, the client starts on the local workspace; `PORT` in typed text is the server's
/// port), `@ server stopped` (the same,
/// down when the client starts), `@ bouncer` (ZNC in front of that
/// server, the client signed in to it with `password_env` from its settings), `@ server with history` (the
/// same, #a and #b replaying their last 50 lines on join). Steps: `> KEYS` (tmux key names),
/// `> "TEXT"` (typed as is), `> NICK: LINE` (a raw IRC peer, joined to #a and #b first, sends
/// LINE), `> server stop` and `> server start`, `> write config.toml: TEXT` (`\n` for new lines)
/// and `> restart` (quit with Ctrl-C and start again on the same home), or `> quit` and
/// `> start` with steps between them. Spoken times read HH:MM
/// and the server's port PORT; what is said in a person's own voice starts "(voice N) ".
///
/// `<~ PHRASE` is said somewhere in its step, in any order: for independent events whose order
/// the network decides (another channel's news beside a join). `<? PHRASE` may be heard, in its
/// place, or not: for a phrase a later one of the same priority cuts off before it starts when
/// the network is quick (a bouncer's "Connected as me" beside the channel that opens at once).
///
/// Each step waits (up to 30 s) until as many phrases as the transcript lists have been heard;
/// never a fixed sleep.
@Suite(.serialized, .ownThreads) struct JourneyTests {
    static let folder = EndToEndTests.checkout + "/Tests/AppTests/Fixtures/Journeys"

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".journey") }.map { String($0.dropLast(".journey".count)) }.sorted()
    }

    @Test func everyJourneyHasItsTranscript() {
        #expect(Self.names.count >= 8, "journeys in \(Self.folder): \(Self.names)")
    }

    @Test(arguments: JourneyTests.names)
    func theJourneySaysWhatItsTranscriptSays(name: String) async throws {
        let path = Self.folder + "/\(name).journey"
        let journey = try Journey(String(contentsOfFile: path, encoding: .utf8))
        let heard = try await JourneyWalk(journey).walk()
        let expected = journey.transcript
        if heard != expected {
            try heard.write(toFile: path + ".actual", atomically: true, encoding: .utf8)
            let heardLines = heard.components(separatedBy: "\n")
            let expectedLines = expected.components(separatedBy: "\n")
            let first = zip(heardLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
            if let first {
                Issue.record(
                    "\(name), line \(first.offset + 1): heard \"\(first.element.0)\", the transcript says \"\(first.element.1)\". All heard: \(path).actual"
                )
            } else {
                Issue.record(
                    "\(name): heard \(heardLines.count) lines, the transcript has \(expectedLines.count). All heard: \(path).actual"
                )
            }
        } else {
            try? FileManager.default.removeItem(atPath: path + ".actual")
        }
    }
}

/// A journey file: its directives, and its steps with what each should make Earshot say.
struct Journey {
    enum Action: Equatable {
        case keys([String])
        case text(String)
        case peer(nick: String, line: String)
        case server(start: Bool)
        case write(file: String, text: String)
        case restart
        case quit
        case start
    }

    struct Step {
        /// The line as written (nil for what is said at start, before any step).
        var line: String?
        var action: Action?
        var phrases: [String] = []
    }

    var header: [String] = []
    var onboarded = false
    var settings: [String] = []
    var usesServer = false
    /// #a and #b keep their last lines and replay them on join (InspIRCd's chanhistory, +H).
    var keepsHistory = false
    /// `@ bouncer`: ZNC in front of the server, the client signed in to it from its settings.
    var usesBouncer = false
    /// `@ server stopped`: the server's port is chosen but nothing listens there until
    /// `> server start`.
    var serverStartsStopped = false
    /// `@ server unconfigured`: the server runs, and the client starts without it (on the
    /// local workspace), for a journey that adds it; `PORT` in typed text is its port.
    var serverUnconfigured = false
    var steps: [Step] = [Step()]

    init(_ text: String) throws {
        for raw in text.components(separatedBy: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.isEmpty {
                if steps.count == 1 && steps[0].phrases.isEmpty { header.append(raw) }
                continue
            }
            if line.hasPrefix("@ ") {
                header.append(raw)
                let directive = String(line.dropFirst(2))
                if directive == "onboarded" {
                    onboarded = true
                } else if directive == "server" {
                    usesServer = true
                } else if directive == "server unconfigured" {
                    usesServer = true
                    serverUnconfigured = true
                } else if directive == "server stopped" {
                    usesServer = true
                    serverStartsStopped = true
                } else if directive == "server with history" {
                    usesServer = true
                    keepsHistory = true
                } else if directive == "bouncer" {
                    usesServer = true
                    usesBouncer = true
                } else if directive.hasPrefix("settings ") {
                    settings.append(String(directive.dropFirst("settings ".count)))
                } else {
                    throw Failure("unknown directive: \(line)")
                }
            } else if line.hasPrefix("> ") {
                steps.append(Step(line: raw, action: try Self.action(String(line.dropFirst(2)))))
            } else if line.hasPrefix("<~ ") {
                steps[steps.count - 1].phrases.append("~ " + line.dropFirst(3))
            } else if line.hasPrefix("<? ") {
                steps[steps.count - 1].phrases.append("? " + line.dropFirst(3))
            } else if line.hasPrefix("< ") {
                steps[steps.count - 1].phrases.append(String(line.dropFirst(2)))
            } else if line == "<" {
                steps[steps.count - 1].phrases.append("")
            } else {
                throw Failure("a journey line starts with #, @, > or <: \(line)")
            }
        }
    }

    static func action(_ text: String) throws -> Action {
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
            return .text(String(text.dropFirst().dropLast()))
        }
        if text == "server stop" { return .server(start: false) }
        if text == "server start" { return .server(start: true) }
        if text == "restart" { return .restart }
        if text == "quit" { return .quit }
        if text == "start" { return .start }
        if text.hasPrefix("write "), let colon = text.firstIndex(of: ":") {
            let file = String(text[text.index(text.startIndex, offsetBy: 6)..<colon])
            let body = text[text.index(after: colon)...].drop { $0 == " " }
            return .write(file: file, text: body.replacingOccurrences(of: "\\n", with: "\n"))
        }
        // A nick: a letter, then letters, digits and IRC's nick symbols ("ada|away").
        let nickCharacters = Set("_-[]\\^{}|`")
        if let colon = text.firstIndex(of: ":"), text.first?.isLetter == true,
            text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || nickCharacters.contains($0) })
        {
            return .peer(
                nick: String(text[..<colon]), line: String(text[text.index(after: colon)...].drop { $0 == " " }))
        }
        return .keys(text.split(separator: " ").map(String.init))
    }

    /// The journey as written, with `phrases` in place of each step's expected ones.
    func transcript(with heard: [[String]]? = nil) -> String {
        var lines = header
        for (index, step) in steps.enumerated() {
            if let line = step.line { lines.append(line) }
            for phrase in heard?[index] ?? step.phrases {
                let marked =
                    phrase.hasPrefix("~ ")
                    ? "<~ " + phrase.dropFirst(2) : phrase.hasPrefix("? ") ? "<? " + phrase.dropFirst(2) : "< " + phrase
                lines.append(phrase.isEmpty ? "<" : marked)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var transcript: String { transcript() }

    /// Whether `heard` is what a step's `expected` phrases say: in order, except those marked
    /// `<~` (independent events, such as two channels' news, whose order the network decides),
    /// which may come anywhere in the step.
    static func matches(_ heard: [String], _ expected: [String]) -> Bool {
        var rest = heard
        for loose in expected where loose.hasPrefix("~ ") {
            guard let index = rest.firstIndex(of: String(loose.dropFirst(2))) else { return false }
            rest.remove(at: index)
        }
        // In order; an optional phrase is heard in its place or not at all.
        var index = rest.startIndex
        for phrase in expected where !phrase.hasPrefix("~ ") {
            if phrase.hasPrefix("? ") {
                if index < rest.endIndex, rest[index] == phrase.dropFirst(2) { index += 1 }
            } else {
                guard index < rest.endIndex, rest[index] == phrase else { return false }
                index += 1
            }
        }
        return index == rest.endIndex
    }

    /// How many phrases a step must hear before it is compared (optional ones not counted).
    static func required(_ expected: [String]) -> Int { expected.filter { !$0.hasPrefix("? ") }.count }
}

/// One walk of a journey: the client in tmux, a server and peers when asked for.
final class JourneyWalk {
    let journey: Journey
    var server: InspIRCdFixture?
    var znc: ZNCFixture?
    /// The last line a peer said: with a bouncer, it is in ZNC's buffer before the client starts.
    var lastSaid: String?
    var peers: [String: RawSocket] = [:]
    var sandbox: EndToEndTests.Sandbox?
    var session: TmuxSession?
    var run = 1

    init(_ journey: Journey) { self.journey = journey }

    deinit {
        session?.kill()
        for peer in peers.values { peer.close() }
        znc?.tearDown()
        server?.tearDown()
        if ProcessInfo.processInfo.environment["EARSHOT_KEEP_JOURNEYS"] == nil { sandbox?.remove() }
    }

    /// The settings file: none on a first run; else the journey's lines after the text size
    /// and `echo = "none"` (what typing echoes depends on how fast keys come, which a journey
    /// does not fix; what editing keys say does not depend on it).
    var settingsFile: String? {
        guard journey.onboarded || !journey.settings.isEmpty else { return nil }
        let bouncer =
            znc.map {
                [
                    "[[irc.servers]]", "host = \"127.0.0.1\"", "port = \($0.port)", "tls = false", "nick = \"me\"",
                    "channels = [\"#a\", \"#b\"]", "password_env = \"EARSHOT_JOURNEY_ZNC\"",
                ]
            } ?? []
        return (["[text]", "size = \"large\"", "[speech]", "echo = \"none\""] + journey.settings + bouncer)
            .joined(separator: "\n") + "\n"
    }

    var environment: [String: String] { znc.map { ["EARSHOT_JOURNEY_ZNC": $0.passString] } ?? [:] }

    var arguments: [String] {
        guard let server, znc == nil, !journey.serverUnconfigured else { return [] }
        return ["--server", "127.0.0.1:\(server.port)", "--nick", "me", "--channel", "#a", "--channel", "#b"]
    }

    /// Walks every step and returns the transcript of what was heard.
    func walk() async throws -> String {
        if journey.usesServer {
            let history = ["#a": "+H 50:1d", "#b": "+H 50:1d"]
            server = try InspIRCdFixture(permanentChannels: journey.keepsHistory ? history : [:])
            if journey.serverStartsStopped { server?.kill() }
        }
        if journey.usesBouncer, let server {
            znc = try ZNCFixture(upstreamPort: server.port, user: "me", channels: ["#a", "#b"])
        }
        let sandbox = try EndToEndTests.Sandbox(settings: settingsFile)
        self.sandbox = sandbox
        session = try sandbox.launch(run: run, arguments: arguments, environment: environment)
        var heard: [[String]] = []
        for step in journey.steps {
            let mark = phrases().count
            if let action = step.action { try await perform(action) }
            let start = step.action == .restart || step.action == .start ? 0 : mark
            if Self.recording {
                // A server started again takes a reconnect delay to be back.
                try await settle(quiet: step.action == .server(start: true) ? .seconds(12) : .milliseconds(1500))
            } else {
                // Until the step is what its transcript says, or has as many phrases. A server
                // started again is reached at the client's next retry, which backs off to 16 s and
                // more (with jitter) while the server is down: that step waits longer.
                let deadline: Duration = step.action == .server(start: true) ? .seconds(90) : .seconds(30)
                _ = try await TmuxSession.waitUntil(timeout: deadline) {
                    let got = Array(self.phrases().dropFirst(start))
                    return got.count >= step.phrases.count
                        || (got.count >= Journey.required(step.phrases) && Journey.matches(got, step.phrases))
                }
            }
            let got = Array(phrases().dropFirst(start))
            heard.append(Journey.matches(got, step.phrases) ? step.phrases : got)
            if got.count < Journey.required(step.phrases) { break }  // the rest could not be compared
        }
        // Steps never reached are heard as nothing.
        while heard.count < journey.steps.count { heard.append([]) }
        // What a step heard beyond its transcript arrived before the next step began.
        return journey.transcript(with: heard)
    }

    /// `EARSHOT_RECORD_JOURNEYS=1`: each step waits until the client has been quiet for 1.5 s
    /// instead of for its transcript, to write a first `.actual` for a new journey (to be read
    /// before it is accepted). Never how the tests run.
    static let recording = ProcessInfo.processInfo.environment["EARSHOT_RECORD_JOURNEYS"] == "1"

    private func settle(quiet: Duration) async throws {
        var count = phrases().count
        var quietSince = ContinuousClock.now
        _ = try await TmuxSession.waitUntil(timeout: .seconds(40)) {
            let now = self.phrases().count
            if now != count {
                count = now
                quietSince = ContinuousClock.now
            }
            return ContinuousClock.now - quietSince > quiet
        }
    }

    func perform(_ action: Journey.Action) async throws {
        guard let session, let sandbox else { return }
        switch action {
        case .keys(let keys):
            for key in keys { try session.send(key) }
        case .text(let text):
            try session.type(server.map { text.replacingOccurrences(of: "PORT", with: String($0.port)) } ?? text)
        case .peer(let nick, let line):
            let peer = try peers[nick] ?? join(nick)
            peers[nick] = peer
            peer.send(line + "\r\n")
            if let colon = line.range(of: " :") { lastSaid = String(line[colon.upperBound...]) }
        case .server(let start):
            if start { try server?.start() } else { server?.kill() }
        case .write(let file, let text):
            try text.write(toFile: sandbox.root + "/config/earshot/" + file, atomically: true, encoding: .utf8)
        case .restart:
            try await perform(.quit)
            try await perform(.start)
        case .quit:
            // What was being said is heard to its end first (and so read), as a listener who
            // waits for the sentence before quitting.
            _ = try await TmuxSession.waitUntil(timeout: .seconds(20)) {
                let events = session.speech()
                return events.filter { $0.event == "speak" }.count <= events.filter { $0.event != "speak" }.count
            }
            try session.send("C-c")
            _ = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
                FileManager.default.fileExists(atPath: sandbox.file("exit-\(self.run)"))
            }
        case .start:
            session.kill()
            run += 1
            // What peers said while the client was away is in ZNC's buffer before it attaches.
            if let znc, let said = lastSaid { try znc.waitUntilReceived(said) }
            lastSaid = nil
            self.session = try sandbox.launch(run: run, arguments: arguments, environment: environment)
        }
    }

    /// A raw peer called `nick`, registered and joined to #a and #b.
    func join(_ nick: String) throws -> RawSocket {
        guard let server else { throw Failure("a peer needs '@ server' in the journey") }
        // The server takes the peer's lines in order: #b is joined before anything it says next.
        return try EndToEndTests.peer(nick: nick, in: "#a,#b", on: server)
    }

    /// What the client has said so far in this run, as a listener hears it: each spoken phrase
    /// (sound cues as "(… sound)"), with clock times as HH:MM and the server's port as PORT.
    func phrases() -> [String] {
        guard let session else { return [] }
        let times = #/\b\d{1,2}:\d\d\b/#
        let port = server.map { String($0.port) }
        // A person's own voice is written before their words: "(voice 4) deploy is done".
        return session.spoken().filter { !$0.text.isEmpty }.map { entry in
            var text = (entry.speaker.map { "(voice \($0)) " } ?? "") + entry.text.replacing(times, with: "HH:MM")
            if let port { text = text.replacingOccurrences(of: port, with: "PORT") }
            return text
        }
    }
}
