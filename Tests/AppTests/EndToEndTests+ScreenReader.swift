import Accessibility
import RealParts
import Foundation
import Testing

/// Alongside another screen reader: `--speech off` with `display.screen_reader = true` (or
/// `--screen-reader`). Orca, Fenrir, Speakup and BRLTTY read the terminal, so the test reads it
/// too: after each key the line the real cursor is on (tmux's `cursor_y`, `cursor_x`) must carry
/// the focused element's whole phrase, from its first column, exactly once on the screen, with no
/// decoration; and an announcement must be printed as a line of its own.
extension EndToEndTests {
    /// The line the pane's cursor is on, and the cursor's column.
    static func cursorLine(_ session: TmuxSession) throws -> (text: String, column: Int) {
        let row = Int(try session.display("#{cursor_y}")) ?? -1
        let column = Int(try session.display("#{cursor_x}")) ?? -1
        let lines = try session.tmuxScreenRows()
        guard lines.indices.contains(row) else { return ("", column) }
        return (lines[row].trimmingCharacters(in: .whitespaces), column)
    }

    /// The pane's lines as the terminal wrapped them, joined again (`capture-pane -J`), trimmed.
    static func joinedRows(_ session: TmuxSession) throws -> [String] {
        try session.pane.capture(["-J"]).components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// What the speech log would hold for a line the other screen reader reads: the same words,
    /// symbols named as Earshot's voice names them.
    static func spokenForm(_ line: String) -> String { SpokenText.prepare(line, punctuation: .some) }

    @Test func screenReaderModeKeepsEachPhraseOnTheCursorLineOnce() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings + "\n[display]\nscreen_reader = true\n")
        defer { sandbox.remove() }
        let session = try sandbox.launch(speech: "off")
        defer { session.kill() }
        try await Self.waitUntilReady(session)

        // The opening announcement is printed as written: "#welcome", which the other screen
        // reader says (and brailles) its own way, not Earshot's spoken "hash welcome".
        let asWritten = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            try session.tmuxScreenRows().contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#welcome, ") }
        }
        #expect(asWritten, "the channel's announcement is not printed as written\n\(Self.context(session))")
        #expect(try !session.tmuxScreenRows().joined().contains("hash welcome"), "\(Self.context(session))")

        var checked = 0
        for key in ["End", "Left", "Left", "Left", "Home", "Right", "Right"] {
            let start = session.spoken().count
            try session.send(key)
            let phrase = try await session.waitForSpeech(after: start) {
                $0.voice == "reader" && $0.priority == "default"
            }
            let heard = try #require(phrase, "\(key) said nothing\n\(Self.context(session))")
            // The cursor line catches up with the phrase (the screen is drawn before speech, but
            // tmux shows it on its own time). A long phrase wraps: the cursor is on its first row.
            var line = ("", -1)
            var whole = ""
            let shown = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
                line = try Self.cursorLine(session)
                guard !line.0.isEmpty else { return false }
                whole = try Self.joinedRows(session).first { $0.hasPrefix(line.0) } ?? ""
                return Self.spokenForm(whole) == heard.text
            }
            #expect(
                shown, "\(key): the cursor line is “\(whole)”, the phrase “\(heard.text)”\n\(Self.context(session))")
            #expect(line.1 == 0, "\(key): the cursor is at column \(line.1), not at the phrase's start")
            let copies = try Self.joinedRows(session).filter { $0 == whole }.count
            #expect(copies == 1, "\(key): “\(whole)” is on the screen \(copies) times\n\(Self.context(session))")
            let screen = try session.tmuxScreenRows()
            for mark in ["▸", "•", "»"] {
                #expect(
                    !screen.joined().contains(mark), "\(key): a decorative \(mark) is drawn\n\(Self.context(session))")
            }
            if shown { checked += 1 }
        }
        #expect(checked == 7)

        // An announcement (Alt-P says the punctuation level) is printed as a line of its own.
        let start = session.spoken().count
        try session.send("M-p")
        let said = try await session.waitForSpeech(after: start) { $0.voice == "announcer" }
        let announcement = try #require(said, "Alt-P announced nothing\n\(Self.context(session))")
        let printed = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            try session.tmuxScreenRows().contains { $0.trimmingCharacters(in: .whitespaces) == announcement.text }
        }
        #expect(printed, "“\(announcement.text)” was not printed as a line\n\(Self.context(session))")
        // Nothing went to the speech output but the log: --speech off prints no captions either.
        #expect(try !session.screen().contains("» "))
    }

    @Test func theScreenReaderFlagWorksWithoutTheSetting() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let session = try sandbox.launch(arguments: ["--screen-reader"], speech: "off")
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        let start = session.spoken().count
        try session.send("End")
        let phrase = try await session.waitForSpeech(after: start) { $0.voice == "reader" && $0.priority == "default" }
        let heard = try #require(phrase, "End said nothing\n\(Self.context(session))")
        var line = ("", -1)
        let shown = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            line = try Self.cursorLine(session)
            return Self.spokenForm(line.0) == heard.text && line.1 == 0
        }
        #expect(shown, "cursor line “\(line.0)” at column \(line.1), phrase “\(heard.text)”\n\(Self.context(session))")
    }

    @Test func withoutScreenReaderModeTheBottomLineIsDecoratedAndTheCursorAtItsEnd() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let session = try sandbox.launch(speech: "off")
        defer { session.kill() }
        try await Self.waitUntilReady(session)
        try await Self.press(session, "End")
        var line = ("", -1)
        let drawn = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            line = try Self.cursorLine(session)
            return line.0.hasPrefix("▸ Settings")
        }
        #expect(drawn, "cursor line “\(line.0)”\n\(Self.context(session))")
        #expect(line.1 > 0, "the cursor should follow the text, not sit at its start")
    }
}

extension TmuxSession {
    /// The visible pane, one string per row from the top (so the cursor's row indexes it; only
    /// blank rows below the last text are left out).
    func tmuxScreenRows() throws -> [String] { try screen().components(separatedBy: "\n") }
}
