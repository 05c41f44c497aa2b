import RealParts
import Foundation
import TestThreads
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The client as a person uses it: the real `earshot` binary in a tmux pseudo-terminal, driven by
/// `send-keys`, checked on the screen (`capture-pane`) and in the speech log (`--speech-log`).
///
/// Each test gets a fresh directory for `XDG_CONFIG_HOME` and `XDG_DATA_HOME`, so a test without a
/// settings file is a first run (onboarding). The binary is the one `swift test` built beside the
/// test bundle. The client runs under `sh`, which records `stty -g` before and after it and its
/// exit status, then keeps the pane open until the session's tmux server is killed.
@Suite(.serialized, .ownThreads) struct EndToEndTests {
    typealias SpeechEntry = TmuxSession.SpeechEntry

    /// A settings file that skips onboarding.
    static let onboardedSettings = "[text]\nsize = \"large\"\n"

    // MARK: 1. First run

    @Test func firstRunOnboardsAtAccessibilityLargeAndEscapeCannotReturn() async throws {
        let sandbox = try Sandbox(settings: nil)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }

        let welcome = try await session.waitForSpeech(after: 0) { $0.text == "Welcome to Earshot, heading level 1." }
        try #require(welcome != nil, "onboarding did not start\n\(Self.context(session))")

        // Step 1 → 2.
        try await Self.activateLast(session, expecting: "Continue", thenSpeech: "Step 2 of 4")
        // Text size: Up until Accessibility Large.
        let onTextSize = try await Self.moveFocus(session, "Right", toLineStartingWith: "Text size, ")
        try #require(onTextSize, "no Text size control\n\(Self.context(session))")
        var reached = false
        for _ in 0..<10 {
            let heard = try await Self.press(session, "Up")
            if heard.contains(where: { $0.text == "Accessibility Large, 194 percent" }) {
                reached = true
                break
            }
        }
        try #require(reached, "Up never reached Accessibility Large\n\(Self.context(session))")
        let focused = try await Self.waitForFocus(session) { $0 == "Text size, Accessibility Large, 194 percent" }
        #expect(focused, "the focus line does not show the new value\n\(Self.context(session))")

        // Steps 2 → 3 → 4 → Main.
        try await Self.activateLast(session, expecting: "Continue", thenSpeech: "Step 3 of 4")
        try await Self.activateLast(session, expecting: "Continue", thenSpeech: "Step 4 of 4")
        let connectStart = session.spoken().count
        try await Self.activateLast(session, expecting: "Use the local workspace", thenSpeech: nil)
        let header = try await session.waitForSpeech(after: connectStart) { $0.text.hasPrefix("hash welcome, ") }
        try #require(header != nil, "Main did not open\n\(Self.context(session))")
        let mainStart = try #require(session.spoken().firstIndex { $0 == header })

        let settings = try await Self.waitForFile(sandbox.configFile) { $0.contains("size = \"accessibilityLarge\"") }
        #expect(settings, "config.toml: \(Self.read(sandbox.configFile) ?? "missing")")

        // Escape at Main is the top level; it never goes back to onboarding.
        let beforeEscape = session.spoken().count
        try await Self.press(session, "Escape")
        try await Self.press(session, "Escape")
        let topLevel = try await session.waitForSpeech(after: beforeEscape) { $0.text == "Nothing to go back to" }
        #expect(topLevel != nil, "Escape at Main did not say Nothing to go back to\n\(Self.context(session))")
        // Main opened on the first unread message, and Escape left focus there.
        #expect(try session.focusLine()?.hasPrefix("Earshot, ") == true, "\(Self.context(session))")
        // Home and End stay inside Main too.
        try await Self.press(session, "Home")
        try await Self.press(session, "End")
        let onSettings = try await Self.waitForFocus(session) { $0.hasPrefix("Settings") }
        #expect(onSettings, "End at Main is not Settings\n\(Self.context(session))")

        let onboardingPhrases = [
            "Welcome to Earshot", "Step ", "Continue, button.", "Use the local workspace", "Text size, heading",
            "Speech rate, heading", "Connect, heading",
        ]
        let afterMain = session.spoken().dropFirst(mainStart)
        for phrase in onboardingPhrases {
            #expect(!afterMain.contains { $0.text.hasPrefix(phrase) }, "onboarding spoken again: \(phrase)")
        }
        let screen = try session.screen(history: true).components(separatedBy: "\n")
        let headerRow = try #require(screen.lastIndex { $0.hasPrefix("#welcome, ") }, "\(Self.context(session))")
        let belowHeader = screen[headerRow...]
        #expect(!belowHeader.contains { $0.hasPrefix("• Continue") || $0.hasPrefix("• Use the local workspace") })
    }

    // MARK: 2. Reaction

    @Test func addingAReactionIsSpokenAndStored() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        var session = try sandbox.launch(run: 1)
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        let message = try await Self.focusNewestMessage(session)
        let label = message.text.components(separatedBy: ", ").prefix(2).joined(separator: ", ")

        let sheetStart = session.spoken().count
        try session.type("a")
        let sheet = try await session.waitForSpeech(after: sheetStart) { $0.text.hasPrefix("Message actions, ") }
        try #require(sheet != nil, "A did not open the actions sheet\n\(Self.context(session))")
        let expanded = try await Self.press(session, "S-Up")
        #expect(
            expanded.contains { $0.text.hasPrefix("All ") }, "Shift-Up did not expand\n\(Self.context(session))")
        _ = try await Self.press(session, "Home")
        let onAdd = try await Self.moveFocus(session, "Right", toLineStartingWith: "Add reaction", limit: 16)
        try #require(onAdd, "no Add reaction in the sheet\n\(Self.context(session))")

        let pickerStart = session.spoken().count
        try session.send("Enter")
        let picker = try await session.waitForSpeech(after: pickerStart) { $0.text.hasPrefix("Emoji picker") }
        try #require(picker != nil, "the emoji picker did not open\n\(Self.context(session))")
        let searchFocused = try await Self.waitForEditor(session, label: "Search emoji")
        #expect(searchFocused, "the picker does not start on its search field\n\(Self.context(session))")

        let typedStart = session.spoken().count
        try session.type("thumbs")
        let typed = try await TmuxSession.waitUntil {
            try session.screen().components(separatedBy: "\n").last == "Search emoji: thumbs"
        }
        #expect(typed, "the search field does not show the word\n\(Self.context(session))")
        // Key echo speaks what was typed (letters, or the word when keys come fast).
        let echoed = try await session.waitForSpeech(after: typedStart) { $0.text == "s" || $0.text == "thumbs" }
        #expect(echoed != nil, "typing was not echoed\n\(Self.context(session))")
        let onThumbs = try await Self.moveFocus(session, "Tab", toLineStartingWith: "thumbs up", limit: 6)
        try #require(onThumbs, "no thumbs up result\n\(Self.context(session))")

        let pickStart = session.spoken().count
        try session.send("Enter")
        let reacted = try await session.waitForSpeech(after: pickStart) { $0.text == "Reacted with thumbs up" }
        #expect(reacted != nil, "the reaction was not spoken\n\(Self.context(session))")

        // Ctrl-C quits cleanly and gives the terminal back.
        try session.send("C-c")
        let status = try await Self.waitForExit(sandbox, run: 1)
        #expect(status == "0", "Ctrl-C exit status \(status ?? "none")\n\(Self.context(session))")
        #expect(Self.read(sandbox.file("stty-after-1")) == Self.read(sandbox.file("stty-before-1")))
        session.kill()

        // Stored: a second run on the same directories shows it on the newest message.
        session = try sandbox.launch(run: 2)
        try await Self.waitUntilReady(session)
        let again = try await Self.focusNewestMessage(session)
        #expect(again.text.hasPrefix(label), "a different newest message: \(again.text) (was \(label))")
        #expect(
            again.text.range(of: #"reactions?: ([0-9]+ )?thumbs up"#, options: .regularExpression) != nil,
            "the newest message has no thumbs up after restart: \(again.text)")
        let screen = try session.screen().components(separatedBy: "\n")
        let composerRow = screen.lastIndex { $0.hasPrefix("• Message #welcome") }
        let lastHeaderRow = screen.lastIndex {
            $0.range(of: #"^\S.*  \d{1,2}:\d{2}$"#, options: .regularExpression) != nil
        }
        if let composerRow, let lastHeaderRow, lastHeaderRow < composerRow {
            #expect(
                screen[lastHeaderRow..<composerRow].contains {
                    $0.contains("thumbs up 1") || $0.contains("thumbs up 2")
                },
                "the newest message on screen has no thumbs up\n\(Self.context(session))")
        } else {
            Issue.record("no message header above the composer on screen\n\(Self.context(session))")
        }
        #expect(!again.text.contains(".."), "double period in: \(again.text)")
    }

    // MARK: 3. Settings

    @Test func textSizeUpTwiceIsAnnouncedAndWrittenKeepingComments() async throws {
        let settings = "# Earshot settings, kept by hand\n[text]\n# bigger than the default\nsize = \"large\"\n"
        let sandbox = try Sandbox(settings: settings)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        _ = try await Self.press(session, "End")
        let onSettings = try await Self.waitForFocus(session) { $0.hasPrefix("Settings") }
        try #require(onSettings, "End did not reach Settings\n\(Self.context(session))")
        let sheetStart = session.spoken().count
        try session.send("Enter")
        let sheet = try await session.waitForSpeech(after: sheetStart) { $0.text == "Settings" }
        try #require(sheet != nil, "the Settings sheet did not open\n\(Self.context(session))")
        let onTextSize = try await Self.moveFocus(session, "Right", toLineStartingWith: "Text size, ")
        try #require(onTextSize, "no Text size control\n\(Self.context(session))")
        #expect(try session.focusLine() == "Text size, Large, 100 percent")

        let start = session.spoken().count
        _ = try await Self.press(session, "Up")
        _ = try await Self.press(session, "Up")
        let second = try await session.waitForSpeech(after: start) { $0.text == "Extra Extra Large, 124 percent" }
        let heard = session.spoken().dropFirst(start).map(\.text)
        let first = heard.firstIndex(of: "Extra Large, 112 percent")
        let then = heard.firstIndex(of: "Extra Extra Large, 124 percent")
        #expect(second != nil && first != nil && then != nil && first! < then!, "heard: \(heard)")
        let focused = try await Self.waitForFocus(session) { $0 == "Text size, Extra Extra Large, 124 percent" }
        #expect(focused, "\(Self.context(session))")

        let written = try await Self.waitForFile(sandbox.configFile) { $0.contains("size = \"extraExtraLarge\"") }
        let text = Self.read(sandbox.configFile) ?? ""
        #expect(written, "config.toml:\n\(text)")
        #expect(text.contains("# Earshot settings, kept by hand"), "config.toml:\n\(text)")
        #expect(text.contains("# bigger than the default"), "config.toml:\n\(text)")
        #expect(!text.contains("size = \"large\""), "config.toml:\n\(text)")
    }

    // MARK: 4. Outside edit

    /// How fast is the typography benchmark's `reload_announce` figure; here, only that it is said.
    @Test func anOutsideEditOfTheSettingsFileIsAnnounced() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        let start = session.spoken().count
        // Another program saves the way editors do: a new file renamed over the old one.
        let temporary = sandbox.root + "/config/earshot/.config.toml.new"
        try "# saved by another program\n[text]\nsize = \"accessibilityLarge\"\n"
            .write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary, sandbox.configFile) == 0, "rename: \(String(cString: strerror(errno)))")
        let announced = try await session.waitForSpeech(after: start, timeout: .seconds(30)) {
            $0.text == "Text size: Accessibility Large, 194 percent"
        }
        #expect(announced != nil, "the edit was not announced\n\(Self.context(session))")
        #expect(Self.read(sandbox.configFile)?.contains("saved by another program") == true)
    }

    // MARK: 6. Signals

    /// SIGTERM is the flow of the issue; SIGHUP and SIGINT (sent by another process: the tty's
    /// Ctrl-C is a key in raw mode) go through the same restoring handler.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func theTerminalIsRestoredAfterASignal(_ signal: Int32) async throws {
        let name = String(cString: strsignal(signal))
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        let before = try #require(Self.read(sandbox.file("stty-before-1")), "the shell did not save stty -g")
        let raw = try await TmuxSession.waitUntil(timeout: .seconds(3)) { try session.stty("-g") != before }
        try #require(raw, "the client never changed the terminal settings (raw mode)")
        let rawFlags = Self.flags(try session.stty("-a"))
        #expect(rawFlags.contains("-icanon") && rawFlags.contains("-echo"), "raw mode flags: \(rawFlags)")

        let pid = try #require(try session.paneProcess(named: "earshot"), "no earshot process in the pane")
        #expect(Glibc.kill(pid, signal) == 0)
        let status = try await Self.waitForExit(sandbox, run: 1)
        try #require(status != nil, "earshot did not end after \(name)\n\(Self.context(session))")
        #expect(Glibc.kill(pid, 0) != 0, "earshot is still running after \(name)")

        #expect(Self.read(sandbox.file("stty-after-1")) == before, "stty -g inside the pane after \(name)")
        #expect(try session.stty("-g") == before, "stty -g of the pane's tty after \(name)")
        let restored = Self.flags(try session.stty("-a"))
        #expect(restored.contains("icanon") && restored.contains("echo"), "flags after \(name): \(restored)")
        #expect(!restored.contains("-icanon") && !restored.contains("-echo"), "flags after \(name): \(restored)")
    }
}

// MARK: - Driving the client

extension EndToEndTests {
    /// A fresh directory for one test's settings, data, speech logs and shell records.
    struct Sandbox {
        let root: String

        init(settings: String?) throws {
            root = NSTemporaryDirectory() + "earshot-e2e-\(UUID().uuidString)"
            try FileManager.default.createDirectory(
                atPath: root + "/config/earshot", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
            if let settings { try settings.write(toFile: configFile, atomically: true, encoding: .utf8) }
        }

        var configFile: String { root + "/config/earshot/config.toml" }
        func file(_ name: String) -> String { root + "/" + name }
        func remove() { try? FileManager.default.removeItem(atPath: root) }

        /// Starts the client in a new tmux session; `run` numbers the log and record files.
        /// `speech` is the `--speech` mode; `environment` adds variables (a sound server's).
        func launch(
            run: Int = 1, arguments: [String] = [], speech: String = "text", environment: [String: String] = [:]
        ) throws -> TmuxSession {
            let earshot = try EndToEndTests.earshotPath()
            let voices = EndToEndTests.checkout + "/voices"
            let log = file("speech-\(run).jsonl")
            let q = EndToEndTests.quote
            let script = """
                stty -g > \(q(file("stty-before-\(run)"))); \
                env -u COLUMNS -u LINES -u NO_COLOR XDG_CONFIG_HOME=\(q(root + "/config")) \
                XDG_DATA_HOME=\(q(root + "/data")) TERM=xterm-256color EARSHOT_VOICES=\(q(voices)) \
                \(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(q($0.value))" }.joined(separator: " ")) \
                \(q(earshot)) --speech \(speech) --speech-log \(q(log)) \(arguments.map(q).joined(separator: " ")); \
                status=$?; stty -g > \(q(file("stty-after-\(run)"))); \
                echo $status > \(q(file("exit-\(run)"))); exec sleep 120
                """
            return try TmuxSession(command: ["/bin/sh", "-c", script], speechLog: log)
        }
    }

    /// The checkout this test file is in (for `voices/`).
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The `earshot` binary built beside this test bundle (`.build/<triple>/debug/`).
    static func earshotPath() throws -> String {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("earshot").path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        throw Failure("no earshot binary beside \(executable): run swift build first")
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static func read(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The flags `stty -a` prints, e.g. `"-icanon"`, `"echo"`.
    static func flags(_ sttyAll: String) -> Set<String> {
        Set(sttyAll.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    }

    /// The screen tail and the last spoken lines, for failure messages.
    static func context(_ session: TmuxSession) -> Comment {
        let screen = ((try? session.screen()) ?? "").components(separatedBy: "\n").suffix(14).joined(separator: "\n")
        let heard = session.spoken().suffix(8).map { "  \($0)" }.joined(separator: "\n")
        return "screen:\n\(screen)\nspoken:\n\(heard)"
    }

    /// Waits until the client shows a focused line and has spoken.
    static func waitUntilReady(_ session: TmuxSession) async throws {
        // The first line spoken, and the screen drawn (focus may be in an editable field, with no "▸").
        // Keys are handled after everything the start asked for, so nothing more need settle.
        let ready = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            try !session.spoken().isEmpty && !session.screen().isEmpty
        }
        try #require(ready, "the client did not start\n\(context(session))")
    }

    /// Sends one key and waits until the client speaks in answer; returns what it spoke.
    @discardableResult
    static func press(_ session: TmuxSession, _ key: String) async throws -> [SpeechEntry] {
        let start = session.spoken().count
        try session.send(key)
        // A key's answer is said at default priority or above; queued low speech from before
        // (a hint) may still arrive meanwhile. A caller that needs the hint waits for it by name.
        _ = try await TmuxSession.waitUntil(timeout: .seconds(10)) {
            session.spoken().dropFirst(start).contains { $0.priority != "low" }
        }
        return Array(session.spoken().dropFirst(start))
    }

    /// Waits until the focus line satisfies `condition`.
    static func waitForFocus(
        _ session: TmuxSession, timeout: Duration = .seconds(10), _ condition: @escaping (String) -> Bool
    ) async throws -> Bool {
        try await TmuxSession.waitUntil(timeout: timeout) { try session.focusLine().map(condition) ?? false }
    }

    /// Waits until the bottom line is a text field being edited: `"LABEL: text"`, the cursor on it.
    static func waitForEditor(_ session: TmuxSession, label: String) async throws -> Bool {
        try await TmuxSession.waitUntil(timeout: .seconds(10)) {
            try session.screen().components(separatedBy: "\n").last?.hasPrefix(label + ":") == true
        }
    }

    /// Presses `key` until the focus line starts with `prefix`; at most `limit` presses.
    static func moveFocus(
        _ session: TmuxSession, _ key: String, toLineStartingWith prefix: String, limit: Int = 10
    ) async throws -> Bool {
        for _ in 0...limit {
            // `press` has waited for the answer, and the bottom line is drawn with it.
            if try await waitForFocus(session, timeout: .seconds(2), { $0.hasPrefix(prefix) }) { return true }
            try await press(session, key)
        }
        return try await waitForFocus(session, timeout: .seconds(2)) { $0.hasPrefix(prefix) }
    }

    /// End (the last element, expected to start with `label`), then Enter, then waits for `speech`.
    static func activateLast(_ session: TmuxSession, expecting label: String, thenSpeech speech: String?) async throws {
        try await press(session, "End")
        let there = try await waitForFocus(session) { $0.hasPrefix(label) }
        try #require(there, "End did not reach \(label)\n\(context(session))")
        let start = session.spoken().count
        try session.send("Enter")
        if let speech {
            let heard = try await session.waitForSpeech(after: start) { $0.text == speech }
            try #require(heard != nil, "Enter on \(label) did not lead to \(speech)\n\(context(session))")
        }
    }

    /// End (Settings), Left (the composer), Left: the newest message. Returns its spoken phrase.
    static func focusNewestMessage(_ session: TmuxSession) async throws -> SpeechEntry {
        try await press(session, "End")
        let onSettings = try await waitForFocus(session) { $0.hasPrefix("Settings") }
        try #require(onSettings, "End did not reach Settings\n\(context(session))")
        let composer = try await press(session, "Left")
        let onComposer = try await waitForEditor(session, label: "Message #welcome")
        #expect(composer.contains { $0.text == "Message hash welcome, text field." })
        try #require(onComposer, "Left from Settings is not the composer\n\(context(session))")
        let start = session.spoken().count
        let heard = try await press(session, "Left")
        let hint = try await session.waitForSpeech(after: start) {
            $0.text == "Press A for actions."
        }
        #expect(hint != nil, "the newest message has no actions hint\n\(context(session))")
        // "Earshot, Try it now: …": the writer, then the text (times are said with Alt-T).
        let phrase = heard.first { $0.voice == "reader" && $0.priority != "low" && $0.text.hasPrefix("Earshot, ") }
        return try #require(phrase, "Left from the composer did not speak a message\n\(context(session))")
    }

    /// Waits until the file exists and its text satisfies `condition`.
    static func waitForFile(_ path: String, _ condition: @escaping (String) -> Bool) async throws -> Bool {
        try await TmuxSession.waitUntil(timeout: .seconds(10)) { read(path).map(condition) ?? false }
    }

    /// Waits for the shell's record of the client's exit status.
    static func waitForExit(_ sandbox: Sandbox, run: Int) async throws -> String? {
        let path = sandbox.file("exit-\(run)")
        _ = try await TmuxSession.waitUntil(timeout: .seconds(5)) { !(read(path) ?? "").isEmpty }
        return read(path)
    }
}
