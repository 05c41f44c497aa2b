import Braille
import Testing

/// The display machine fed events, as the shell feeds it: windows, panning, caret, messages.
@Suite struct BrailleDisplayTests {
    static func text(_ actions: [BrailleDisplay.Action]) -> [String] {
        actions.compactMap {
            if case .write(let window) = $0, case .text(let text) = window.content {
                String(text.reversed().drop { $0 == " " }.reversed())
            } else {
                nil
            }
        }
    }

    static func cursor(_ actions: [BrailleDisplay.Action]) -> Int?? {
        actions.compactMap { if case .write(let window) = $0 { window.cursor } else { nil } }.last
    }

    @Test func aLongLinePansByWholeWordsAndPastEitherEndMovesOn() {
        var display = BrailleDisplay(width: 10)
        let line = BrailleRendering.computer(BrailleLine("one two three four"))
        // Each window but the last ends in " >": more follows.
        #expect(Self.text(display.show(line)) == ["one two  >"])
        #expect(Self.text(display.command(.panRight, at: .zero)) == ["three    >"])
        #expect(Self.text(display.command(.panRight, at: .zero)) == ["four"])
        #expect(display.command(.panRight, at: .zero) == [.report(.next)])
        #expect(Self.text(display.command(.panLeft, at: .zero)) == ["three    >"])
        #expect(Self.text(display.command(.panLeft, at: .zero)) == ["one two  >"])
        #expect(display.command(.panLeft, at: .zero) == [.report(.previous)])
        // A routing key over the sign is past the text shown.
        #expect(display.command(.route(9), at: .zero) == [.report(.route(nil))])
        // A word longer than the display is split, as it must be.
        var narrow = BrailleDisplay(width: 4)
        #expect(Self.text(narrow.show(.computer(BrailleLine("abcdefgh")))) == ["abcd"])
        #expect(Self.text(narrow.command(.panRight, at: .zero)) == ["efgh"])
    }

    @Test func theWindowFollowsTheCaretAndRoutingNamesTheCharacter() {
        var display = BrailleDisplay(width: 10)
        let field = BrailleLine("Msg edt hello world", caret: 19, fieldStart: 8)
        let shown = display.show(.computer(field))
        // "Msg edt " ends the first window; "hello " the second; "world" and the caret the third.
        #expect(Self.text(shown) == ["world"])
        #expect(Self.cursor(shown) == 5)
        #expect(display.command(.route(1), at: .zero) == [.report(.route(15))])
        // Typing before the end keeps the window while the caret is in it.
        let moved = display.show(.computer(BrailleLine("Msg edt hello world", caret: 17, fieldStart: 8)))
        #expect(Self.cursor(moved) == 3)
        #expect(display.command(.lineUp, at: .zero) == [.report(.previous)])
        #expect(display.command(.lineDown, at: .zero) == [.report(.next)])
    }

    /// A field whose label and text fill the display exactly, the caret after the text: the
    /// window ends at the caret, text in view, not a blank page with only the cursor.
    @Test func theCaretAfterAFullLineKeepsTheTextInView() {
        var display = BrailleDisplay(width: 10)
        let shown = display.show(.computer(BrailleLine("Msg edt hi", caret: 10, fieldStart: 8)))
        #expect(Self.text(shown) == ["sg edt hi"])
        #expect(Self.cursor(shown) == 9)
        // An empty field keeps its own blank page, the label whole on the one before.
        var narrow = BrailleDisplay(width: 8)
        let empty = narrow.show(.computer(BrailleLine("Msg edt ", caret: 8, fieldStart: 8)))
        #expect(Self.text(empty) == [""])
        #expect(Self.cursor(empty) == 0)
    }

    /// News cut off at a glance by a key comes back once, not after every key of a word typed.
    @Test func newsCutOffAtAGlanceComesBackOnce() {
        var display = BrailleDisplay(width: 40)
        _ = display.show(.computer(BrailleLine("Msg edt ", caret: 8, fieldStart: 8)), fromKey: false)
        _ = display.message(.computer(BrailleLine("kim: release notes")), at: .zero, for: .seconds(4))
        var shownNews = 0
        for step in 0..<5 {
            let at = Duration.milliseconds(1200 * step + 100)
            let text = "Msg edt " + String(repeating: "x", count: step + 1)
            _ = display.show(.computer(BrailleLine(text, caret: text.count, fieldStart: 8)), fromKey: true, at: at)
            shownNews += Self.text(display.tick(at: at + .milliseconds(1100))).filter { $0.hasPrefix("kim:") }.count
        }
        #expect(shownNews == 1, "came back \(shownNews) times")
    }

    @Test func aMessageShowsUntilItsTimeOrAKeyAndANewFocusReplacesIt() {
        var display = BrailleDisplay(width: 20)
        _ = display.show(.computer(BrailleLine("Send btn")), fromKey: false)
        #expect(Self.text(display.message(.computer(BrailleLine("Sent")), at: .zero, for: .seconds(4))) == ["Sent"])
        #expect(display.nextDeadline == .seconds(4))
        #expect(display.tick(at: .seconds(3)).isEmpty)
        #expect(Self.text(display.tick(at: .seconds(4))) == ["Send btn"])
        // A display key dismisses it and does nothing else.
        _ = display.message(.computer(BrailleLine("Sent")), at: .seconds(4), for: .seconds(6))
        #expect(Self.text(display.command(.route(0), at: .seconds(5))) == ["Send btn"])
        // A focus the reader's key moved to replaces it at once.
        _ = display.message(.computer(BrailleLine("Sent")), at: .seconds(5), for: .seconds(15))
        #expect(Self.text(display.show(.computer(BrailleLine("Settings btn")), at: .seconds(6))) == ["Settings btn"])
        #expect(!display.showsMessage)
    }

    @Test func anUnchangedWindowIsNotWrittenAgainButAResizeOrReconnectIs() {
        var display = BrailleDisplay(width: 20)
        let line = BrailleRendering.computer(BrailleLine("Send btn"))
        #expect(display.show(line).count == 1)
        #expect(display.show(line).isEmpty)
        #expect(Self.text(display.resize(30)) == ["Send btn"])
        #expect(Self.text(display.reconnected(width: 30)) == ["Send btn"])
    }

    @Test func contractedEnglishMapsTheCaretAndRoutingThroughLiblouis() throws {
        try #require(
            Contraction.canLoad("en-ueb-g2.ctb"), "liblouis's tables are missing: apt-get install -y liblouis-data")
        #expect(!Contraction.canLoad("no-such-table.ctb"))
        let line = BrailleLine("the cat", caret: 7)
        let rendering = try #require(Contraction.render(line, table: "en-ueb-g2.ctb"))
        guard case .dots(let dots) = rendering.cells else {
            Issue.record("not dots")
            return
        }
        // "the" is one cell (dots 2346); "cat", at the caret, is spelled out; the caret after it.
        #expect(dots.first == 0b0010_1110)
        #expect(rendering.count == 6)
        #expect(rendering.caretCell == 5)
        // Each cell knows its character: routing on "c" is character 4.
        #expect(rendering.characterOfCell[2] == 4)
    }

    @Test func panningAMessageGivesItItsTimeAgainAndPanningBackEntersTheEnd() {
        var display = BrailleDisplay(width: 10)
        _ = display.show(.computer(BrailleLine("Send btn")), fromKey: false)
        _ = display.message(.computer(BrailleLine("kim: the deploy is done")), at: .zero, for: .seconds(4))
        // (Its windows end in " >" while more follows.)
        #expect(Self.text(display.command(.panRight, at: .seconds(3))) == ["deploy   >"])
        // Its time again for each window still to read ("deploy", "is done").
        #expect(display.nextDeadline == .seconds(11))
        #expect(display.tick(at: .seconds(5)).isEmpty)
        // Past its end, a pan dismisses it: it never moves the focus.
        _ = display.command(.panRight, at: .seconds(6))
        #expect(Self.text(display.command(.panRight, at: .seconds(6))) == ["Send btn"])
        // Back past the start of an element: the previous one is entered at its end.
        #expect(display.command(.panLeft, at: .seconds(7)) == [.report(.previous)])
        #expect(Self.text(display.show(.computer(BrailleLine("Ada: how do I react")))) == ["react"])
    }

    @Test func noWindowStartsOnTheBlankBetweenWordsUnlessTheCaretIsThere() {
        let line = BrailleRendering.computer(BrailleLine("abcd efgh"))
        #expect(line.windowStarts(width: 4) == [0, 5])
        let caretOnBlank = BrailleRendering.computer(BrailleLine("abcd efgh", caret: 4))
        #expect(caretOnBlank.windowStarts(width: 4) == [0, 4, 8])
    }

    @Test func theSameElementDrawnAgainLeavesAMessageAndMessagesWaitTheirTurn() {
        var display = BrailleDisplay(width: 40)
        _ = display.show(.computer(BrailleLine("kim, hello unrd", element: "m1")), fromKey: false)
        _ = display.message(.computer(BrailleLine("Reacted with heart")), at: .zero, for: .seconds(4))
        // The message became read: the same element again, the message stays.
        #expect(display.show(.computer(BrailleLine("kim, hello", element: "m1"))).isEmpty)
        #expect(display.showsMessage)
        // A second and a third message wait; each has its time; a key skips to the next.
        #expect(display.message(.computer(BrailleLine("second")), at: .seconds(1), for: .seconds(4)).isEmpty)
        _ = display.message(.computer(BrailleLine("third")), at: .seconds(1), for: .seconds(4))
        #expect(Self.text(display.tick(at: .seconds(4))) == ["second"])
        #expect(display.nextDeadline == .seconds(8))
        #expect(Self.text(display.command(.route(3), at: .seconds(5))) == ["third"])
        #expect(Self.text(display.tick(at: .seconds(9))) == ["kim, hello"])
        // Another element the reader moves to takes the display; what waits shows a moment
        // after, each in its turn, none dropped.
        _ = display.message(.computer(BrailleLine("one")), at: .seconds(10), for: .seconds(4))
        _ = display.message(.computer(BrailleLine("two")), at: .seconds(10), for: .seconds(4))
        #expect(
            Self.text(display.show(.computer(BrailleLine("Send btn", element: "send")), at: .seconds(11)))
                == ["Send btn"])
        #expect(display.nextDeadline == .seconds(12))
        // "one" had shown only a second: it comes again first.
        #expect(Self.text(display.tick(at: .seconds(12))) == ["one"])
        #expect(Self.text(display.tick(at: .seconds(16))) == ["two"])
        #expect(Self.text(display.tick(at: .seconds(20))) == ["Send btn"])
    }

    @Test func theAnswerToTheReadersKeyTakesTheDisplayAtOnceAndNewsWaits() {
        var display = BrailleDisplay(width: 40)
        _ = display.show(.computer(BrailleLine("Settings btn", element: "s")), fromKey: false)
        // News shows, and two more wait.
        #expect(
            Self.text(display.message(.computer(BrailleLine("kim: one")), at: .zero, for: .seconds(4))) == ["kim: one"])
        _ = display.message(.computer(BrailleLine("kim: two")), at: .zero, for: .seconds(4))
        _ = display.message(.computer(BrailleLine("kim: three")), at: .zero, for: .seconds(4))
        // Alt-P: its answer at once, over the news; answers to earlier keys do not wait.
        #expect(
            Self.text(
                display.message(
                    .computer(BrailleLine("Punctuation: most")), at: .seconds(1), for: .seconds(4), answer: true))
                == ["Punctuation: most"])
        #expect(
            Self.text(
                display.message(
                    .computer(BrailleLine("Punctuation: all")), at: .seconds(2), for: .seconds(4), answer: true))
                == ["Punctuation: all"])
        // A redraw the key caused (another element, drawn for no key) goes beneath it.
        #expect(
            display.show(.computer(BrailleLine("Text size adj", element: "t")), fromKey: false, at: .seconds(2)).isEmpty
        )
        #expect(display.showsMessage)
        // Then the news it covered, from where it was, then the rest: none lost.
        #expect(Self.text(display.tick(at: .seconds(6))) == ["kim: one"])
        #expect(Self.text(display.tick(at: .seconds(10))) == ["kim: two"])
        #expect(Self.text(display.tick(at: .seconds(14))) == ["kim: three"])
        #expect(Self.text(display.tick(at: .seconds(18))) == ["Text size adj"])
    }

    /// A sheet's title answers the key that opened it and brings its first item: a flash long
    /// enough to read, then the item, not the message's whole time.
    @Test func anAnswerThatBringsANewFocusIsAFlashBeforeIt() {
        var display = BrailleDisplay(width: 40)
        _ = display.show(.computer(BrailleLine("Settings btn", element: "s")), fromKey: false)
        _ = display.message(.computer(BrailleLine("Settings")), at: .seconds(1), for: .seconds(4), answer: true)
        #expect(
            display.show(.computer(BrailleLine("Text size adj", element: "t")), fromKey: false, at: .seconds(1)).isEmpty
        )
        // "Settings": 1 s and 8 × 50 ms.
        #expect(display.nextDeadline == .milliseconds(2400))
        #expect(Self.text(display.tick(at: .milliseconds(2400))) == ["Text size adj"])
        // A key's answer, then a moment later another key moves the focus: the answer goes.
        _ = display.message(
            .computer(BrailleLine("Punctuation: most")), at: .seconds(20), for: .seconds(4), answer: true)
        #expect(
            Self.text(display.show(.computer(BrailleLine("Copy btn", element: "c")), fromKey: true, at: .seconds(21)))
                == ["Copy btn"])
        // An answer, then a moment later the focus the same key brought (the closed actions'
        // item): the answer is not wiped; it flashes first.
        _ = display.message(
            .computer(BrailleLine("Reacted with thumbs up")), at: .seconds(30), for: .seconds(4), answer: true)
        #expect(
            display.show(
                .computer(BrailleLine("kim, hi", element: "m9")), fromKey: true, at: .seconds(30) + .milliseconds(2)
            ).isEmpty)
        #expect(display.showsMessage)
        #expect(Self.text(display.tick(at: .seconds(30) + .milliseconds(2100))) == ["kim, hi"])
        _ = display.show(.computer(BrailleLine("Copy btn", element: "c")), fromKey: true, at: .seconds(31))
        // The same element drawn again under an answer ("Reacted with …") leaves it its time.
        _ = display.message(
            .computer(BrailleLine("Reacted with thumbs up")), at: .seconds(33), for: .seconds(4), answer: true)
        #expect(
            display.show(.computer(BrailleLine("Copy btn 1", element: "c")), fromKey: false, at: .seconds(33)).isEmpty)
        #expect(display.nextDeadline == .seconds(37))
    }

    /// News longer than the display ends each window but the last with a sign that more
    /// follows; panning reads on to the end, which has none.
    @Test func aLongMessageShowsThatMoreFollows() {
        var display = BrailleDisplay(width: 20)
        _ = display.show(.computer(BrailleLine("Send btn", element: "s")), fromKey: false)
        let first = Self.text(
            display.message(
                .computer(BrailleLine("kim: drill postponed, new time is half past")), at: .zero, for: .seconds(4)))
        // The sign in the display's last two cells.
        #expect(first == ["kim: drill         >"], "\(first)")
        #expect(Self.text(display.command(.panRight, at: .seconds(1))) == ["postponed, new     >"])
        #expect(Self.text(display.command(.panRight, at: .seconds(2))) == ["time is half past"])
        // A message that fits has no sign.
        _ = display.command(.panRight, at: .seconds(3))
        #expect(
            Self.text(display.message(.computer(BrailleLine("Copied")), at: .seconds(9), for: .seconds(4))) == [
                "Copied"
            ])
    }

    /// News longer than the display has its time for each window: unpanned, it stays long enough
    /// to be panned through; panned, for the windows still to read.
    @Test func aLongMessageStaysLongEnoughToBePannedThrough() {
        var display = BrailleDisplay(width: 20)
        _ = display.show(.computer(BrailleLine("Send btn", element: "s")), fromKey: false)
        let long = BrailleRendering.computer(BrailleLine("kim: drill postponed, new time is half past"))
        _ = display.message(long, at: .zero, for: .seconds(4))
        // Three windows: twelve seconds, not four.
        #expect(Self.text(display.tick(at: .seconds(5))).isEmpty, "gone before it could be panned")
        #expect(Self.text(display.tick(at: .seconds(12))) == ["Send btn"])
        _ = display.message(long, at: .seconds(20), for: .seconds(4))
        _ = display.command(.panRight, at: .seconds(21))
        // Two windows left from the second: eight seconds from the pan.
        #expect(Self.text(display.tick(at: .seconds(28))).isEmpty)
        #expect(Self.text(display.tick(at: .seconds(29))) == ["Send btn"])
    }

    /// "Connected as ada" makes "Connecting to …" out of date: news of the same topic replaces
    /// the older, shown or waiting, so the old state never comes back after the new.
    @Test func newsOfATopicReplacesTheOlderNewsOfIt() {
        var display = BrailleDisplay(width: 40)
        _ = display.show(.computer(BrailleLine("Send btn")), fromKey: false)
        let connecting = BrailleRendering.computer(BrailleLine("Connecting to 127.0.0.1", topic: "connection"))
        let connected = BrailleRendering.computer(BrailleLine("Connected as ada", topic: "connection"))
        #expect(Self.text(display.message(connecting, at: .zero, for: .seconds(3))) == ["Connecting to 127.0.0.1"])
        // Shown: replaced at once.
        #expect(Self.text(display.message(connected, at: .seconds(1), for: .seconds(3))) == ["Connected as ada"])
        // Waiting behind other news: taken out of the queue.
        var later = BrailleDisplay(width: 40)
        _ = later.show(.computer(BrailleLine("Send btn")), fromKey: false)
        _ = later.message(.computer(BrailleLine("kim: hi")), at: .zero, for: .seconds(3))
        _ = later.message(connecting, at: .zero, for: .seconds(3))
        _ = later.message(connected, at: .zero, for: .seconds(3))
        var shown: [String] = []
        for second in 1...14 { shown += Self.text(later.tick(at: .seconds(second))) }
        #expect(shown == ["Connected as ada", "Send btn"], "\(shown)")
        // As the answer to a key too: the news it covers of the same topic does not come back.
        var answered = BrailleDisplay(width: 40)
        _ = answered.show(.computer(BrailleLine("Send btn")), fromKey: false)
        _ = answered.message(connecting, at: .zero, for: .seconds(3))
        // A key's focus cut it at a glance: it waits to show again.
        _ = answered.show(.computer(BrailleLine("Settings btn", element: "s")), fromKey: true, at: .milliseconds(2))
        _ = answered.message(connected, at: .milliseconds(14), for: .seconds(3), answer: true)
        var after: [String] = []
        for second in 1...14 { after += Self.text(answered.tick(at: .seconds(second))) }
        #expect(!after.contains("Connecting to 127.0.0.1"), "\(after)")
    }

    /// Opening a channel puts its news away, waiting or shown: its messages are in front of the
    /// reader. Other channels' news stays.
    @Test func openingAChannelPutsItsNewsAway() {
        var display = BrailleDisplay(width: 40)
        _ = display.show(.computer(BrailleLine("Send btn")), fromKey: false)
        _ = display.message(.computer(BrailleLine("#a, kim: lunch?", about: "#a")), at: .zero, for: .seconds(4))
        _ = display.message(.computer(BrailleLine("#a, bob: yes", about: "#a")), at: .zero, for: .seconds(4))
        _ = display.message(.computer(BrailleLine("#b, eve: hi", about: "#b")), at: .zero, for: .seconds(4))
        #expect(Self.text(display.forget(about: "#a", at: .seconds(1))) == ["#b, eve: hi"])
        var shown: [String] = []
        for second in 2...9 { shown += Self.text(display.tick(at: .seconds(second))) }
        #expect(shown == ["Send btn"], "\(shown)")
    }

    @Test func aFullQueueShowsASignForWhatItDropped() {
        var display = BrailleDisplay(width: 40)
        display.sign = { .computer(BrailleLine("\($0) more not shown")) }
        _ = display.show(.computer(BrailleLine("Send btn")), fromKey: false)
        for index in 1...6 { _ = display.message(.computer(BrailleLine("news \(index)")), at: .zero, for: .seconds(1)) }
        var shown: [String] = []
        for second in 1...6 { shown += Self.text(display.tick(at: .seconds(second))) }
        #expect(shown == ["2 more not shown", "news 4", "news 5", "news 6", "Send btn"])
    }

    @Test func pacedALineIsReadOnceItsLastWindowRestsUncoveredOrIsPannedPast() {
        var display = BrailleDisplay(width: 10)
        display.restLength = .seconds(1)
        // One that fits: read after resting on it, not at a glance.
        _ = display.show(.computer(BrailleLine("kim, hi", element: "m1")), at: .zero)
        #expect(display.nextDeadline == .seconds(1))
        _ = display.show(.computer(BrailleLine("bob, yo", element: "m2")), at: .milliseconds(170))
        #expect(display.tick(at: .seconds(1)).isEmpty, "m1 was only glanced at")
        #expect(display.tick(at: .milliseconds(1170)) == [.report(.read("m2"))])
        #expect(display.tick(at: .seconds(5)).isEmpty, "reported once")
        // A long one: not while its first window shows; at once when panned past its end.
        _ = display.show(.computer(BrailleLine("ada, the deploy is done now", element: "m3")), at: .seconds(6))
        #expect(display.tick(at: .seconds(9)).isEmpty)
        for _ in 0..<3 { _ = display.command(.panRight, at: .seconds(9)) }
        #expect(display.command(.panRight, at: .seconds(9)) == [.report(.read("m3")), .report(.next)])
        // Covered by a message, the rest does not count. (Half a second after the focus: an
        // answer at the same moment would be a flash, see anAnswerThatBringsANewFocusIsAFlashBeforeIt.)
        _ = display.show(.computer(BrailleLine("eve, ok", element: "m4")), at: .milliseconds(9500))
        _ = display.message(.computer(BrailleLine("#b, kim")), at: .seconds(10), for: .seconds(4), answer: true)
        #expect(!display.tick(at: .seconds(12)).contains(.report(.read("m4"))))
        #expect(Self.text(display.tick(at: .seconds(14))) == ["eve, ok"])
        #expect(display.tick(at: .milliseconds(14900)).isEmpty)
        #expect(display.tick(at: .seconds(15)) == [.report(.read("m4"))])
    }

    @Test func panningBackIntoALongDraftVisitsEveryWindow() {
        var display = BrailleDisplay(width: 10)
        _ = display.show(.computer(BrailleLine("Send btn", element: "send")))
        _ = display.command(.panLeft, at: .zero)
        let draft = BrailleLine("Msg edt one two three four five", caret: 8, fieldStart: 8, element: "field")
        // Entered from its end, though the caret is at its start.
        #expect(Self.text(display.show(.computer(draft))) == ["five"])
        #expect(Self.text(display.command(.panLeft, at: .zero)) == ["three four"])
        // The same line drawn again keeps the window the reader panned to.
        #expect(display.show(.computer(draft)).isEmpty)
        #expect(Self.text(display.command(.panLeft, at: .zero)) == ["one two"])
        #expect(Self.text(display.command(.panLeft, at: .zero)) == ["Msg edt"])
        #expect(display.command(.panLeft, at: .zero) == [.report(.previous)])
    }

    @Test func aLineKeyOnAMessageAlsoMovesAndNewsCutOffAtOnceComesBack() {
        var display = BrailleDisplay(width: 40)
        _ = display.show(.computer(BrailleLine("Text size adj", element: "t")), fromKey: false)
        _ = display.message(.computer(BrailleLine("Settings")), at: .zero, for: .seconds(4), answer: true)
        // Line down dismisses the title that covered the focus, and moves on as it would have.
        let actions = display.command(.lineDown, at: .seconds(1))
        #expect(Self.text(actions) == ["Text size adj"])
        #expect(actions.last == .report(.next))
        // News shown a moment before a key moved the focus is shown again after it.
        _ = display.message(.computer(BrailleLine("kim: hi")), at: .seconds(10), for: .seconds(4))
        #expect(
            Self.text(display.show(.computer(BrailleLine("Voice adj", element: "v")), at: .milliseconds(10300)))
                == ["Voice adj"])
        #expect(Self.text(display.tick(at: .milliseconds(11300))) == ["kim: hi"])
    }

    @Test func aLineThatChangesKeepsItsWindowOverTheSamePlace() {
        var display = BrailleDisplay(width: 10)
        _ = display.show(.computer(BrailleLine("kim, one two three unrd", element: "m1")))
        #expect(Self.text(display.command(.panRight, at: .zero)) == ["two      >"])
        #expect(Self.text(display.command(.panRight, at: .zero)) == ["three    >"])
        #expect(Self.text(display.command(.panRight, at: .zero)) == ["unrd"])
        // Read now: "unrd" goes, and the window stays on the last part, not the first.
        #expect(Self.text(display.show(.computer(BrailleLine("kim, one two three", element: "m1")))) == ["three"])
    }
}
