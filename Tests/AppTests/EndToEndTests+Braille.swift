import RealParts
import Foundation
import Testing

/// A braille display through a real BRLTTY (its Virtual driver: the test is the display). The
/// client connects as any BrlAPI client does, from `BRLAPI_HOST` and `BRLAPI_AUTH`, and is used
/// with speech off, as a deafblind user uses it: what it shows is read from BRLTTY's own output.
extension EndToEndTests {
    /// The settings of a braille user: speech not needed, messages for `timeout` seconds.
    static func brailleSettings(timeout: Int = 4, table: String = "") -> String {
        onboardedSettings + "\n[braille]\nenabled = true\nmessage_timeout = \(timeout)\ntable = \"\(table)\"\n"
    }

    static func launchWithBraille(_ sandbox: Sandbox, _ brltty: BrlttyFixture, run: Int = 1) throws -> TmuxSession {
        try sandbox.launch(run: run, speech: "off", environment: ["BRLAPI_HOST": brltty.host, "BRLAPI_AUTH": "none"])
    }

    static func brailleContext(_ session: TmuxSession, _ brltty: BrlttyFixture) -> Comment {
        let shown = brltty.shown.suffix(10).map { "  \($0.visual)  cursor \($0.cursor.map(String.init) ?? "none")" }
            .joined(separator: "\n")
        return "\(context(session))\ndisplay:\n\(shown)"
    }

    @Test func brailleShowsTheFocusAndTheCaretAndItsKeysMoveAndRoute() async throws {
        let brltty = try BrlttyFixture()
        defer { brltty.tearDown() }
        let sandbox = try Sandbox(settings: Self.brailleSettings())
        defer { sandbox.remove() }
        let session = try Self.launchWithBraille(sandbox, brltty)
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        try brltty.waitForVisual { !$0.visual.isEmpty }

        // The last element: label and its trait's short form, as written.
        var seen = brltty.shown.count
        try session.send("End")
        try brltty.waitForVisual(after: seen) { $0.visual == "Settings btn" }

        // The message field: label, "edt", the text, the caret as the display's cursor.
        seen = brltty.shown.count
        try session.send("Left")
        try brltty.waitForVisual(after: seen) { $0.visual == "Message #welcome edt" }
        try session.type("hello")
        let typed = try brltty.waitForVisual(after: seen) { $0.visual == "Message #welcome edt hello" }
        #expect(typed.cursor == 26, "the cursor is after the text\n\(Self.brailleContext(session, brltty))")

        // A routing key over the "e" puts the caret there, and the character is said.
        seen = brltty.shown.count
        let spoken = session.spoken().count
        try brltty.send("route 22")
        let routed = try brltty.waitForVisual(after: seen) { $0.cursor == 22 }
        #expect(routed.visual == "Message #welcome edt hello")
        // (The echo of the last letter typed may still come after the count was taken.)
        let said = try await session.waitForSpeech(after: spoken) { $0.voice == "key-echo" && $0.text != "o" }
        #expect(said?.text == "e", "\(Self.brailleContext(session, brltty))")
        // Typing goes in at the routed caret.
        try session.type("X")
        try brltty.waitForVisual(after: seen) { $0.visual == "Message #welcome edt hXello" && $0.cursor == 23 }

        // Line up and line down: the previous and the next element, as Left and Right.
        try brltty.press("lndn") { $0.visual == "Settings btn" }
        try brltty.press("lnup") { $0.visual == "Message #welcome edt hXello" }

        // A routing key on a button activates it: the settings sheet opens.
        try brltty.press("lndn") { $0.visual == "Settings btn" }
        // The sheet's announcement is read first; a display key dismisses it, and the new focus is there.
        try brltty.press("route 2") { $0.visual.hasPrefix("Settings") }
        let sheet = try brltty.press("route 1") { $0.visual.hasPrefix("Text size") }
        #expect(sheet.cursor == nil, "\(Self.brailleContext(session, brltty))")
    }

    @Test func aLongLinePansWithTheDisplaysKeysAndMovesOnPastItsEnd() async throws {
        let brltty = try BrlttyFixture(cells: 20)
        defer { brltty.tearDown() }
        let sandbox = try Sandbox(settings: Self.brailleSettings())
        defer { sandbox.remove() }
        let session = try Self.launchWithBraille(sandbox, brltty)
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        // The composer, with more text than the display holds: the window follows the caret.
        try session.send("End")
        try brltty.waitForVisual { $0.visual == "Settings btn" }
        // "Message #welcome edt " is 21 cells: the caret after it is on the second display, which
        // starts after the blank.
        try session.send("Left")
        try brltty.waitForVisual { $0.visual == "" && $0.cursor == 0 }
        try session.type("one two three four five")
        // "Message #welcome edt one two three four five" is 44 cells: the caret (44) is on the third display.
        let end = try brltty.waitForVisual { $0.visual == "five" }
        #expect(end.cursor == 4, "\(Self.brailleContext(session, brltty))")

        // Panning left shows the line's earlier part, whole displays at a time, never cut.
        try brltty.press("fwinlt") { $0.visual == "one two three four" }
        try brltty.press("fwinlt") { $0.visual == "Message #welcome edt" }
        // Past the start: the previous element.
        let previous = try brltty.press("fwinlt") { !$0.visual.hasPrefix("Message #welcome") && !$0.visual.isEmpty }
        #expect(previous.visual != "one two three four", "\(Self.brailleContext(session, brltty))")
        // Panning right through it, never splitting a word, then past its end: the next element,
        // the message field again, shown where its caret is.
        // (A press waits for the first change it brings; the field may come a change later, so
        // every change since the first press is looked at.)
        let panning = brltty.shown.count
        var reachedField = false
        for _ in 0..<30 where !reachedField {
            try brltty.press("fwinrt") { _ in true }
            reachedField = brltty.shown.dropFirst(panning).contains { $0.visual == "five" }
        }
        let words = brltty.shown.map(\.visual).joined(separator: " ")
        #expect(
            !words.contains(" unr d") && !words.contains("Righ t"),
            "a word was split\n\(Self.brailleContext(session, brltty))")
        #expect(reachedField, "panning right never came to the next element\n\(Self.brailleContext(session, brltty))")
    }

    @Test func anAnnouncementIsATimedMessageAndAKeyDismissesIt() async throws {
        let brltty = try BrlttyFixture()
        defer { brltty.tearDown() }
        let sandbox = try Sandbox(settings: Self.brailleSettings(timeout: 2))
        defer { sandbox.remove() }
        let session = try Self.launchWithBraille(sandbox, brltty)
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        try session.send("End")
        try brltty.waitForVisual { $0.visual == "Settings btn" }

        // Alt-P changes punctuation and says so: the words show, then the focus comes back.
        var seen = brltty.shown.count
        let clock = ContinuousClock()
        let asked = clock.now
        try session.send("M-p")
        try brltty.waitForVisual(after: seen) { $0.visual.hasPrefix("Punctuation: ") }
        seen = brltty.shown.count
        try brltty.waitForVisual(after: seen) { $0.visual == "Settings btn" }
        let shownFor = clock.now - asked
        #expect(
            shownFor >= .milliseconds(1900),
            "the message went after \(shownFor)\n\(Self.brailleContext(session, brltty))")

        // A display key dismisses a message at once, and does nothing else.
        seen = brltty.shown.count
        try session.send("M-p")
        try brltty.waitForVisual(after: seen) { $0.visual.hasPrefix("Punctuation: ") }
        seen = brltty.shown.count
        let spoken = session.spoken().count
        try brltty.send("route 1")
        try brltty.waitForVisual(after: seen) { $0.visual == "Settings btn" }
        #expect(
            !session.spoken().dropFirst(spoken).contains { $0.text.contains("Text size") },
            "the key also activated\n\(Self.brailleContext(session, brltty))")
    }

    /// With speech off, reading is at the reader's pace: Alt-R shows the first unread message and
    /// waits (speech "ends" at once, and moving on then would mark every message read unseen);
    /// panning past a message's end reads it and shows the next; the count follows.
    @Test func withSpeechOffAMessageIsReadWhenPannedThroughAndAltRWaitsForTheReader() async throws {
        let brltty = try BrlttyFixture()
        defer { brltty.tearDown() }
        let sandbox = try Sandbox(settings: Self.brailleSettings())
        defer { sandbox.remove() }
        let session = try Self.launchWithBraille(sandbox, brltty)
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        // The channel's news at start; a display key dismisses it, and the focus is there.
        try brltty.waitForVisual { $0.visual == "#welcome, 5 unread" }
        try brltty.press("fwinrt") { $0.visual.hasPrefix("Earshot, Welcome") }

        let seen = brltty.shown.count
        let spoken = session.speech().count
        try session.send("M-r")
        // Its speech has ended (speech is off: at once), and the display has not moved on.
        let ended = try await session.waitForSpeech(after: 0) { _ in
            session.speech().dropFirst(spoken).contains { $0.event == "done" && $0.text.hasPrefix("Earshot, Welcome") }
        }
        #expect(ended != nil, "\(Self.brailleContext(session, brltty))")
        #expect(
            brltty.shown.dropFirst(seen).allSatisfy { !$0.visual.hasPrefix("Earshot, Press Right") },
            "Alt-R ran ahead of the reader\n\(Self.brailleContext(session, brltty))")
        // The display would not have changed (focus was on the message): a sign says reading
        // starts here, and a pan puts it away.
        try brltty.waitForVisual(after: seen) { $0.visual == "Reading from here, at your pace" }
        try brltty.press("fwinrt") { $0.visual.hasPrefix("Earshot, Welcome") }

        // Panning through it and past its end shows the next message.
        try brltty.press("fwinrt") { $0.visual.hasPrefix("#welcome, a channel") }
        try brltty.press("fwinrt") { $0.visual == "this computer. unrd" }
        try brltty.press("fwinrt") { $0.visual.hasPrefix("Earshot, Press Right") }
        // Back on the first: it is read now, so its line no longer ends "unrd".
        try brltty.press("lnup") { $0.visual.hasPrefix("Earshot, Welcome") }
        try brltty.press("fwinrt") { $0.visual.hasPrefix("#welcome, a channel") }
        let end = try brltty.press("fwinrt") { $0.visual.hasPrefix("this computer.") }
        #expect(end.visual == "this computer.", "\(Self.brailleContext(session, brltty))")
    }

    @Test func contractedEnglishShowsTheWordAtTheCaretUncontracted() async throws {
        let brltty = try BrlttyFixture()
        defer { brltty.tearDown() }
        let sandbox = try Sandbox(settings: Self.brailleSettings(table: "en-ueb-g2.ctb"))
        defer { sandbox.remove() }
        let session = try Self.launchWithBraille(sandbox, brltty)
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        try session.send("End")
        try session.send("Left")
        try brltty.waitForVisual { $0.cursor != nil }
        try session.type("the the")
        // UEB grade 2: the first "the" is one cell (dots 2346); the one at the caret is spelled out.
        let shown = try brltty.waitForVisual { shown in
            let cells = shown.cells.map { $0.replacingOccurrences(of: "78", with: "") }
            guard let cursor = shown.cursor, cursor >= 5 else { return false }
            return cells[cursor - 5] == "2346" && cells[cursor - 4] == "" && cells[cursor - 3] == "2345"
                && cells[cursor - 2] == "125" && cells[cursor - 1] == "15"
        }
        #expect(shown.cursor != nil, "\(Self.brailleContext(session, brltty))")
        // Leaving the word (a space after it) contracts it too.
        try session.type(" ")
        let contracted = try brltty.waitForVisual { shown in
            let cells = shown.cells.map { $0.replacingOccurrences(of: "78", with: "") }
            guard let cursor = shown.cursor, cursor >= 4 else { return false }
            return cells[cursor - 4] == "2346" && cells[cursor - 3] == "" && cells[cursor - 2] == "2346"
                && cells[cursor - 1] == ""
        }
        #expect(contracted.cursor != nil)
    }

    @Test func brlttyKilledAndRestartedIsFollowedWithoutACrash() async throws {
        let brltty = try BrlttyFixture()
        defer { brltty.tearDown() }
        let sandbox = try Sandbox(settings: Self.brailleSettings())
        defer { sandbox.remove() }
        let session = try sandbox.launch(
            speech: "text", environment: ["BRLAPI_HOST": brltty.host, "BRLAPI_AUTH": "none"])
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        try session.send("End")
        try brltty.waitForVisual { $0.visual == "Settings btn" }

        brltty.kill()
        let lost = try await session.waitForSpeech(after: 0) { $0.text.hasPrefix("Braille display lost") }
        #expect(lost != nil, "\(Self.context(session))")
        // The client goes on as before.
        var spoken = session.spoken().count
        try session.send("Left")
        let moved = try await session.waitForSpeech(after: spoken) { $0.voice == "reader" }
        #expect(moved?.text.hasPrefix("Message hash welcome") == true, "\(Self.context(session))")

        spoken = session.spoken().count
        try brltty.restart()
        // Found again, and the focus shown again, without a key.
        try brltty.waitForVisual { $0.visual == "Message #welcome edt" }
        let back = try await session.waitForSpeech(after: spoken) { $0.text.hasPrefix("Braille display back") }
        #expect(back?.text == "Braille display back, 40 cells", "\(Self.context(session))")
    }

    @Test func withoutBrlttyBrailleIsOffWithoutAWordAndConfigSaysWhy() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        // Nothing listens at this address.
        let host = "127.0.0.1:\(try InspIRCdFixture.freePort() - 4101)"
        let session = try sandbox.launch(speech: "text", environment: ["BRLAPI_HOST": host, "BRLAPI_AUTH": "none"])
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        try session.send("End")
        _ = try await session.waitForSpeech(after: 0) { $0.text.hasPrefix("Settings") }
        #expect(!session.spoken().contains { $0.text.lowercased().contains("braille") }, "\(Self.context(session))")

        let report = try TmuxPane.run(
            "/usr/bin/env",
            [
                "BRLAPI_HOST=\(host)", "BRLAPI_AUTH=none", try Self.earshotPath(), "config", "--config",
                sandbox.configFile,
            ])
        #expect(report.contains("braille.enabled"), "\(report)")
        #expect(
            report.contains("# braille: not connected, BRLTTY does not answer on \(host) (BRLAPI_HOST)"), "\(report)")
    }
}
