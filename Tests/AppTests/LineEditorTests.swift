import Accessibility
import Chat
import Foundation
import Testing

@testable import App
@testable import ClientCore
@testable import Terminal

/// The composer edits as readline does and says what VoiceOver says: the pure ``LineEditor``,
/// then the core fed key events.
@Suite struct LineEditorTests {
    @Test func caretMovesAndEditsReturnWhatTheyCrossedOrRemoved() {
        var line = LineEditor(text: "hello brave world")
        #expect(line.caret == 17)
        #expect(line.moveWord(forward: false) == "world")
        #expect(line.caret == 12)
        #expect(line.move(forward: false) == " ")
        #expect(line.killWordBack() == "brave")
        #expect(line.text == "hello  world")
        line.moveToEnd(false)
        #expect(line.move(forward: false) == nil, "the start is an edge")
        #expect(line.moveWord(forward: true) == "hello")
        #expect(line.killToEnd() == "  world")
        #expect(line.text == "hello")
        #expect(line.killToStart() == "hello")
        #expect(line.isEmpty)
        line.insert("x")
        #expect(line.delete(forward: true) == nil)
        #expect(line.delete(forward: false) == "x")
    }

    static func composerCore(_ text: String) -> AppCore {
        var (core, _) = AppCoreTests.openCore()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.paste(text)), at: .seconds(1))
        return core
    }

    static func press(_ core: inout AppCore, _ key: KeyEvent, at second: Int) -> [String] {
        AppCoreTests.spoken(core.handle(.key(key), at: .seconds(second)))
    }

    @Test func leftStaysInTheFieldAndSaysTheCharacterPassed() {
        var core = Self.composerCore("hi you")
        #expect(Self.press(&core, .key(.left, []), at: 2) == ["u"])
        #expect(core.navigator.focusedElement?.identifier == ElementID.composer.identifier, "Left left the field")
        #expect(Self.press(&core, .key(.left, [.control]), at: 3) == ["you"], "the whole word the caret is on")
        _ = core.handle(.key(.character("!")), at: .seconds(4))
        #expect(core.state.composer == "hi !you")
        #expect(Self.press(&core, .control("a"), at: 5) == ["h"])
        #expect(Self.press(&core, .control("e"), at: 6) == ["End of text"])
    }

    @Test func deletionsSayWhatTheyRemovedAndCtrlYPutsItBack() {
        var core = Self.composerCore("deploy is done")
        #expect(Self.press(&core, .control("w"), at: 2) == ["done, deleted"])
        #expect(core.state.composer == "deploy is ")
        #expect(Self.press(&core, .control("u"), at: 3) == ["deploy is, deleted"])
        #expect(core.state.composer.isEmpty)
        #expect(Self.press(&core, .control("y"), at: 4) == ["deploy is"])
        #expect(core.state.composer == "deploy is ")
        _ = Self.press(&core, .key(.home, []), at: 5)
        #expect(Self.press(&core, .key(.delete, []), at: 6) == ["d, deleted"])
        #expect(core.state.composer == "eploy is ")
    }

    @Test func upAndDownRecallTheLinesSentHereAndTheDraft() {
        var core = Self.composerCore("first")
        _ = core.handle(.key(.enter), at: .seconds(2))
        _ = core.handle(.key(.paste("second")), at: .seconds(3))
        _ = core.handle(.key(.enter), at: .seconds(4))
        _ = core.handle(.key(.paste("draft")), at: .seconds(5))
        #expect(Self.press(&core, .key(.up, []), at: 6) == ["second"])
        #expect(Self.press(&core, .key(.up, []), at: 7) == ["first"])
        #expect(core.state.composer == "first")
        #expect(Self.press(&core, .key(.down, []), at: 8) == ["second"])
        #expect(Self.press(&core, .key(.down, []), at: 9) == ["draft"])
        #expect(core.state.composer == "draft")
    }

    @Test func aPasteOfSeveralLinesIsConfirmedOnce() {
        var core = Self.composerCore("")
        let offered = Self.press(&core, .paste("one\ntwo\n\nthree"), at: 2)
        #expect(offered == ["Paste 3 lines? Enter sends them, Escape puts them in the field."])
        let sent = core.handle(.key(.enter), at: .seconds(3))
        let posts = sent.compactMap { if case .store(.post(let text, _, _)) = $0 { text } else { nil } }
        // Not "Sent 3 lines" now and "Sent" when it is delivered: the delivery alone answers.
        #expect(AppCoreTests.spoken(sent).isEmpty, "\(AppCoreTests.spoken(sent))")
        // One message of three lines (IRC sends it whole where the server takes multiline).
        #expect(posts == ["one\ntwo\nthree"])
        _ = core.handle(.key(.paste("a\nb")), at: .seconds(4))
        _ = core.handle(.key(.escape), at: .seconds(5))
        #expect(core.state.composer == "a b")
    }

    @Test func escapeAndShiftTabLeaveTheFieldAndAnEmptyFieldLetsTheArrowsMove() {
        var core = Self.composerCore("draft")
        _ = core.handle(.key(.escape), at: .seconds(2))
        #expect(core.navigator.focusedElement?.identifier != ElementID.composer.identifier)
        #expect(core.state.composer == "draft", "leaving the field keeps the draft")
        var empty = Self.composerCore("")
        _ = empty.handle(.key(.key(.left, [])), at: .seconds(2))
        #expect(empty.navigator.focusedElement?.identifier != ElementID.composer.identifier)
    }

    @Test func tabWithNothingToCompleteGoesOnAndASecondTabAfterACompletionToo() {
        var core = Self.composerCore("zz")
        _ = core.handle(.key(.tab), at: .seconds(2))
        #expect(core.navigator.focusedElement?.identifier != ElementID.composer.identifier)
        var completing = Self.composerCore("ad")
        #expect(Self.press(&completing, .tab, at: 2) == ["ada colon"])
        _ = completing.handle(.key(.tab), at: .seconds(3))
        #expect(completing.navigator.focusedElement?.identifier != ElementID.composer.identifier)
    }

    @Test func questionMarkTypesInTheFieldAndF1OpensKeyHelp() {
        var core = Self.composerCore("why")
        _ = core.handle(.key(.character("?")), at: .seconds(2))
        #expect(core.state.composer == "why?")
        var help = Self.press(&core, .key(.function(1), []), at: 3)
        help += AppCoreTests.spoken(IRCEventsCoreTests.finishTransitions(&core, at: 4))
        #expect(help.contains { $0.hasPrefix("Key help, 37 keys") }, "\(help)")
    }

    @Test func altEqualsAndAltMinusStepTheTextSizeFromAnywhere() {
        var core = Self.composerCore("")
        let larger = core.handle(.key(.alt("=")), at: .seconds(2))
        #expect(
            AppCoreTests.spoken(larger) == ["Text size: Extra Large, 112 percent"], "\(AppCoreTests.spoken(larger))")
        #expect(AppCoreTests.written(larger)[["text", "size"]] == .string("extraLarge"))
        #expect(core.state.composer.isEmpty, "nothing typed")
        _ = core.handle(.key(.alt("-")), at: .seconds(3))
        #expect(core.state.settings.text.size == .large)
    }

    /// Alt-= with the settings sheet open: its Text size row says the new size at once, not
    /// the one before (it lagged a step behind).
    @Test func theSettingsSheetFollowsAltEquals() throws {
        var (core, _) = AppCoreTests.openCore()
        core.carryOut(.openSettings)
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 1)
        _ = core.handle(.key(.alt("=")), at: .seconds(2))
        var row: Element?
        core.tree.root.walk { element, _ in
            if element.identifier == ElementID.setting(.textSize).identifier { row = element }
            return row == nil
        }
        let value = try #require(row).value
        #expect(value.hasPrefix("Extra Large"), "\(value)")
    }

    /// The terminal window keeps the caret in view however long the draft.
    @Test func theBottomLineScrollsToKeepTheCaretInView() {
        let draft = String(repeating: "abcdefghij", count: 40)
        let end = TerminalRenderer.window(draft, caret: 400, width: 80)
        #expect(end.text.hasPrefix("…"))
        #expect(end.text.hasSuffix("hij"))
        #expect(end.cellsAfterCaret == 0)
        let middle = TerminalRenderer.window(draft, caret: 200, width: 80)
        #expect(middle.text.count <= 80)
        #expect(middle.cellsAfterCaret > 0)
        let start = TerminalRenderer.window(draft, caret: 0, width: 80)
        #expect(!start.text.hasPrefix("…"))
        #expect(start.cellsAfterCaret == 80)
    }
}
