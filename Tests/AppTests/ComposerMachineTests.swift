import Testing

@testable import App
@testable import ClientCore

/// The composer machine, fed with fields' texts and edits alone: carets, the kill ring,
/// drafts per channel, recalling sent lines and a paste of several lines.
@Suite struct ComposerMachineTests {
    /// The caret stays where it was left while the text is the same, and goes to the end when
    /// the text changed another way; a killed word comes back with Ctrl-Y.
    @Test func caretsAndTheKillRing() {
        var composer = Composer()
        var line = composer.editor(.composer, text: "hello world")
        #expect(composer.apply(.word(forward: false), to: &line) == .crossedWord("world", atEnd: false))
        composer.keep(line, in: .composer)
        #expect(composer.editor(.composer, text: "hello world").caret == 6, "kept for the same text")
        #expect(composer.editor(.composer, text: "hello there").caret == 11, "at the end for another")
        line = composer.editor(.composer, text: "hello world")
        #expect(composer.apply(.killToEnd, to: &line) == .killed("world"))
        #expect(line.text == "hello ")
        #expect(composer.apply(.killToEnd, to: &line) == .nothingToDelete)
        #expect(composer.apply(.toEnd(false), to: &line) == .movedToEnd(atEnd: false, empty: false, first: "h"))
        #expect(composer.apply(.yank, to: &line) == .yanked("world"))
        #expect(line.text == "worldhello ")
        #expect(composer.apply(.caret(forward: false), to: &line) == .crossed("d"))
        var empty = composer.editor(.searchQuery, text: "")
        #expect(composer.apply(.delete(forward: false), to: &empty) == .edge(forward: false))
        var fresh = Composer()
        #expect(fresh.apply(.yank, to: &empty) == .nothingToPutBack)
    }

    /// Each channel keeps what was left typed in it; a channel never typed in opens empty.
    @Test func draftsStayWithTheirChannel() {
        var composer = Composer()
        composer.typedFrom = "message-4"
        #expect(composer.switchChannel(from: 1, leaving: "half a thought", to: 2) == "")
        #expect(composer.typedFrom == nil, "Escape's way back belongs to the channel left")
        #expect(composer.switchChannel(from: 2, leaving: "", to: 1) == "half a thought")
        #expect(composer.switchChannel(from: 1, leaving: "", to: 2) == "", "an empty field leaves no draft")
    }

    /// Up goes back through the lines sent in this channel, Down forward to the draft they
    /// replaced; each end says so; another channel has its own lines.
    @Test func recallingSentLines() {
        var composer = Composer()
        #expect(composer.recall(.composer, older: true, in: 1, text: "") == .noLinesSent)
        composer.remember(sent: "one", in: 1)
        composer.remember(sent: "two", in: 1)
        composer.remember(sent: "two", in: 1)
        #expect(composer.recall(.composer, older: false, in: 1, text: "dra") == .nothingNewer)
        #expect(composer.recall(.composer, older: true, in: 1, text: "dra") == .shows("two"), "a repeat once")
        #expect(composer.recall(.composer, older: true, in: 1, text: "two") == .shows("one"))
        #expect(composer.recall(.composer, older: true, in: 1, text: "one") == .edge(older: true))
        #expect(composer.recall(.composer, older: false, in: 1, text: "one") == .shows("two"))
        #expect(composer.recall(.composer, older: false, in: 1, text: "two") == .shows("dra"), "the draft back")
        #expect(composer.recall(.composer, older: true, in: 2, text: "") == .noLinesSent)
        for index in 0..<(Composer.sentLinesLimit + 5) { composer.remember(sent: "line \(index)", in: 3) }
        var oldest = ""
        while case .shows(let text) = composer.recall(.composer, older: true, in: 3, text: oldest) { oldest = text }
        #expect(oldest == "line 5", "only the last \(Composer.sentLinesLimit) are kept")
    }

    /// A paste of several lines waits until the next key takes it, once; blank lines are left
    /// out and one line is not asked about.
    @Test func aPasteOfSeveralLinesWaits() {
        var composer = Composer()
        #expect(composer.offerPaste("\n  \nonly\n\n", in: .composer) == .oneLine("only"))
        #expect(composer.pendingPaste == nil)
        #expect(composer.offerPaste("one\n\ntwo\n", in: .threadComposer) == .waiting(lines: 2))
        #expect(composer.pendingPaste == PendingPaste(field: .threadComposer, lines: ["one", "two"]))
        #expect(composer.takePaste() == PendingPaste(field: .threadComposer, lines: ["one", "two"]))
        #expect(composer.pendingPaste == nil)
        #expect(composer.takePaste() == nil, "taken once")
    }
}
