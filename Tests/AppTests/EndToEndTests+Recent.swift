import RealParts
import Foundation
import Testing

extension EndToEndTests {
    /// Alt-Shift-1 … Alt-Shift-0 through a real terminal: the Nth most recent message said
    /// without moving focus; the same key again copies its text to the terminal's clipboard
    /// (OSC 52, which tmux with `set-clipboard on` takes into its buffer); the speech history's
    /// Copy action goes the same way.
    @Test func theNthRecentMessageIsSaidAndTwiceCopiedToTheClipboard() async throws {
        let sandbox = try Sandbox(settings: Self.onboardedSettings)
        defer { sandbox.remove() }
        let session = try sandbox.launch()
        defer { session.kill() }
        _ = try session.pane.run(["set-option", "-s", "set-clipboard", "on"])
        try await Self.waitUntilReady(session)
        let focusBefore = try session.focusLine()

        let newest = try await Self.press(session, "M-!").first { $0.priority == "default" }
        let said = try #require(newest, "Alt-Shift-1 said nothing\n\(Self.context(session))")
        #expect(said.text.hasPrefix("Earshot, "), "\(said.text)")
        let second = try await Self.press(session, "M-@").first { $0.priority == "default" }
        #expect(second != nil && second?.text != said.text, "\(String(describing: second))")
        #expect(try session.focusLine() == focusBefore, "the focus moved")

        // Twice: copied, and the terminal holds the message's words.
        try session.send("M-!")
        let start = session.spoken().count
        try session.send("M-!")
        let copied = try await session.waitForSpeech(after: start, timeout: .seconds(30)) { $0.text == "Copied" }
        #expect(copied != nil, "\(Self.context(session))")
        // "Earshot, 10:26: words": the words after the time's ": ".
        let words = said.text.range(of: ": ").map { String(said.text[$0.upperBound...]) } ?? ""
        var buffer = ""
        let held = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            buffer = (try? session.pane.run(["show-buffer"])) ?? ""
            return buffer == words
        }
        #expect(held, "tmux's buffer holds “\(buffer)”, the message “\(words)”")

        let past = try await Self.press(session, "M-)")
        #expect(past.contains { $0.text.hasPrefix("No 10th newest message: this channel has") }, "\(past)")

        // The speech history's Copy action copies what was said, through the same clipboard.
        let history = try await Self.press(session, "M-h")
        #expect(history.contains { $0.text.hasPrefix("Speech history") }, "\(history)")
        var turned: [SpeechEntry] = []
        for _ in 0..<8 where !turned.contains(where: { $0.text.hasPrefix("Actions") }) {
            turned = try await Self.press(session, "C-Right")
        }
        #expect(turned.contains { $0.text.hasPrefix("Actions") }, "the rotor never reached Actions")
        let chosen = try await Self.press(session, "Down")
        #expect(chosen.contains { $0.text.hasPrefix("Copy") }, "\(chosen)")
        let copyStart = session.spoken().count
        try session.send("Enter")
        let copiedSpoken = try await session.waitForSpeech(after: copyStart, timeout: .seconds(30)) {
            $0.text == "Copied"
        }
        #expect(copiedSpoken != nil, "\(Self.context(session))")
        let heldSpoken = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
            buffer = (try? session.pane.run(["show-buffer"])) ?? ""
            return buffer.hasPrefix("No 10th newest message: this channel has")
        }
        #expect(heldSpoken, "tmux's buffer holds “\(buffer)”, not the last thing said")
        try session.send("C-c")
    }
}
