import Accessibility
import Testing

@testable import Presentation

@Suite struct SheetTransitionTableTests {
    /// The state after each event, with motion on (nil: unchanged and `.none`).
    static func expected(_ state: Sheet.State, _ event: SheetEvent) -> Sheet.State? {
        switch (state, event) {
        case (.dismissed, .present): .presenting
        case (.presenting, .transitionFinished): .shortForm
        case (.shortForm, .expand): .longForm
        case (.shortForm, .dismissEscape), (.shortForm, .dismissTapOutside): .dismissing
        case (.longForm, .compress): .shortForm
        case (.longForm, .dismissEscape), (.longForm, .dismissTapOutside): .dismissing
        case (.dismissing, .transitionFinished): .dismissed
        case (.shortForm, .panBegan): .shortForm
        case (.longForm, .panBegan): .longForm
        default: nil
        }
    }

    @Test("every state against every event", arguments: Sheet.State.allCases, SheetEvent.allCases)
    func table(state: Sheet.State, event: SheetEvent) {
        var sheet = Fixtures.sheet(in: state)
        #expect(sheet.state == state)
        let action = event.apply(to: &sheet)
        if let next = Self.expected(state, event) {
            #expect(sheet.state == next)
            #expect(action != .none)
        } else {
            #expect(sheet.state == state)
            #expect(action == .none)
        }
        // One notification exactly when the sheet comes to rest in a different resting state.
        let restedBefore: Sheet.State =
            state == .presenting ? .dismissed : (state == .dismissing ? .shortForm : state)
        let changed = sheet.state.isResting && sheet.state != restedBefore
        #expect((Fixtures.notification(action) != nil) == changed)
    }

    @Test(
        "with Reduce Motion the transient states are skipped",
        arguments: Sheet.State.allCases.filter(\.isResting), SheetEvent.allCases)
    func reducedMotionTable(state: Sheet.State, event: SheetEvent) {
        var sheet = Fixtures.sheet(in: state, reduceMotion: true)
        let action = event.apply(to: &sheet)
        #expect(sheet.state.isResting)
        var expected = Self.expected(state, event)
        if expected == .presenting { expected = .shortForm }
        if expected == .dismissing { expected = .dismissed }
        #expect(sheet.state == (expected ?? state))
        if let expected, expected != state {
            guard case .settle(let frames, _) = action else {
                Issue.record("expected a settle, got \(action)")
                return
            }
            #expect(frames.count == 1, "Reduce Motion draws only the final step")
        }
    }

    @Test func appearAnnouncesAndFocusesTheFirstAction() {
        var sheet = Fixtures.sheet(in: .dismissed)
        guard case .draw(let steps) = sheet.present(openedBy: "message.42") else {
            Issue.record("present should draw steps")
            return
        }
        #expect(steps.count == SpringCurve.stepCount)
        #expect(steps.last == PresentationFrame(height: 7, dim: 0.7))
        #expect(
            sheet.transitionFinished()
                == .settle(
                    [],
                    .screenChanged(
                        focus: "reply",
                        announcing: .sheetAppeared(title: "Message actions", shown: 4, total: 9, noun: .init("action")))
                ))
        #expect(sheet.visibleActionIdentifiers == ["reply", "react", "copy", "pin"])
        #expect(sheet.showsMoreActionsButton)
    }

    @Test func expandCompressAndDismissAnnounce() {
        var sheet = Fixtures.sheet(in: .shortForm, reduceMotion: true)
        #expect(
            sheet.expand()
                == .settle(
                    [PresentationFrame(height: 23, dim: 0.7)],
                    .layoutChanged(focus: "edit", announcing: .sheetExpanded(total: 9, noun: .init("action")))))
        #expect(sheet.visibleActionIdentifiers.count == 9)
        #expect(!sheet.showsMoreActionsButton)
        #expect(
            sheet.compress()
                == .settle(
                    [PresentationFrame(height: 7, dim: 0.7)],
                    .layoutChanged(focus: "more", announcing: .sheetCompressed(shown: 4, total: 9))))
        #expect(
            sheet.dismiss(.escape)
                == .settle(
                    [PresentationFrame(height: 0, dim: 0)],
                    .screenChanged(focus: "opener", announcing: .sheetClosed(title: "Message actions"))))
    }

    @Test func tapOutsideRespectsConfigurationButEscapeAlwaysDismisses() {
        var configuration = Fixtures.messageActions
        configuration.allowsTapToDismiss = false
        var sheet = Fixtures.sheet(in: .shortForm, configuration: configuration, reduceMotion: true)
        #expect(sheet.dismiss(.tapOutside) == .none)
        #expect(sheet.state == .shortForm)
        #expect(sheet.dismiss(.escape) != .none)
        #expect(sheet.state == .dismissed)
    }

    @Test func aSheetWhoseActionsFitSaysSo() {
        let configuration = SheetConfiguration(title: "Reactions", actionIdentifiers: ["up", "heart"])
        let sheet = Sheet(configuration: configuration, terminalRows: 24)
        #expect(sheet.appearFact == .sheetAppeared(title: "Reactions", shown: 2, total: 2, noun: .init("action")))
        #expect(!configuration.hasMoreActions)
    }

    @Test func escapeDuringAPanCancelsItAndDismisses() {
        var sheet = Fixtures.sheet(in: .longForm, reduceMotion: true)
        _ = sheet.panBegan()
        _ = sheet.panChanged(translation: 4)
        #expect(sheet.isPanning)
        #expect(sheet.dismiss(.escape) != .none)
        #expect(!sheet.isPanning)
        #expect(sheet.state == .dismissed)
    }
}
