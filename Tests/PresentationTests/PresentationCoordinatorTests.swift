import Accessibility
import Testing

@testable import Presentation

@Suite struct PresentationCoordinatorTests {
    static let reply = SheetConfiguration(
        title: "Reply options", actionIdentifiers: ["quote", "thread"], moreActionsIdentifier: "reply.more")

    @Test func requestsDuringATransitionAreQueuedThenCarriedOut() {
        var coordinator = PresentationCoordinator(terminalRows: 24)
        let first = coordinator.present(Fixtures.messageActions, openedBy: "message.42")
        #expect(first.count == 1)
        #expect(coordinator.isTransitioning)
        #expect(coordinator.dismiss(.escape) == [.queued(.dismiss(.escape))])
        #expect(
            coordinator.present(Self.reply, openedBy: "message.43")
                == [.queued(.present(Self.reply, openedBy: "message.43"))])
        #expect(coordinator.pending.count == 2)

        // Finishing the presentation settles it and starts the queued dismissal.
        let afterPresent = coordinator.transitionFinished()
        #expect(
            Fixtures.notifications(afterPresent) == [
                .screenChanged(
                    focus: "reply",
                    announcing: .sheetAppeared(title: "Message actions", shown: 4, total: 9, noun: .init("action")))
            ])
        #expect(coordinator.activeSheet?.sheet.state == .dismissing)
        #expect(coordinator.pending == [.present(Self.reply, openedBy: "message.43")])

        // Finishing the dismissal returns focus, then the queued sheet starts presenting.
        let afterDismiss = coordinator.transitionFinished()
        #expect(
            Fixtures.notifications(afterDismiss) == [
                .screenChanged(focus: "message.42", announcing: .sheetClosed(title: "Message actions"))
            ])
        #expect(coordinator.entries.count == 1)
        #expect(coordinator.activeSheet?.sheet.configuration.title == "Reply options")
        #expect(coordinator.activeSheet?.sheet.state == .presenting)
        #expect(coordinator.pending.isEmpty)

        let last = coordinator.transitionFinished()
        #expect(
            Fixtures.notifications(last) == [
                .screenChanged(
                    focus: "quote",
                    announcing: .sheetAppeared(title: "Reply options", shown: 2, total: 2, noun: .init("action")))
            ])
        #expect(!coordinator.isTransitioning)
    }

    @Test func aSheetOverASheetStacksAndTheLowerOneIsInert() {
        var coordinator = PresentationCoordinator(terminalRows: 24, reduceMotion: true)
        _ = coordinator.present(Fixtures.messageActions, openedBy: "message.42")
        _ = coordinator.panBegan()
        _ = coordinator.panChanged(translation: -3)
        let lower = coordinator.entries[0].id
        let actions = coordinator.present(Self.reply, openedBy: "reply")
        // The lower sheet's pan is cancelled (drawn), the new sheet appears (announced once).
        #expect(actions.count == 2)
        #expect(actions.first == .sheet(lower, .draw([PresentationFrame(height: 7, dim: 0.7)])))
        #expect(Fixtures.notifications(actions).count == 1)
        #expect(coordinator.isInert(lower))
        #expect(!coordinator.entries[0].sheet.isPanning)

        // Events reach only the top sheet.
        _ = coordinator.expand()
        #expect(coordinator.entries[0].sheet.state == .shortForm)
        #expect(coordinator.entries[1].sheet.state == .longForm)

        // Dismissing the top returns focus to the action that opened it; the lower is active again.
        let gone = coordinator.dismiss(.escape)
        #expect(
            Fixtures.notifications(gone) == [
                .screenChanged(focus: "reply", announcing: .sheetClosed(title: "Reply options"))
            ])
        #expect(!coordinator.isInert(lower))
        #expect(coordinator.activeSheet?.id == lower)
    }

    @Test func gesturesDuringATransitionAreIgnoredNotQueued() {
        var coordinator = PresentationCoordinator(terminalRows: 24)
        _ = coordinator.present(Fixtures.messageActions, openedBy: nil)
        #expect(coordinator.expand().isEmpty)
        #expect(coordinator.panBegan().isEmpty)
        #expect(coordinator.pending.isEmpty)
    }

    @Test func aQueuedDismissWithNothingLeftIsHarmless() {
        var coordinator = PresentationCoordinator(terminalRows: 24)
        _ = coordinator.present(Fixtures.messageActions, openedBy: "m")
        _ = coordinator.transitionFinished()
        _ = coordinator.dismiss(.escape)
        _ = coordinator.dismiss(.escape)  // queued behind the running dismissal
        let finished = coordinator.transitionFinished()
        #expect(Fixtures.notifications(finished).count == 1)
        #expect(!coordinator.hasSheet)
        #expect(coordinator.pending.isEmpty)
        #expect(coordinator.dismiss(.escape).isEmpty)
    }

    @Test func aDragThatDismissesRemovesTheSheet() {
        var coordinator = PresentationCoordinator(terminalRows: 24, reduceMotion: true)
        _ = coordinator.present(Fixtures.messageActions, openedBy: "m")
        _ = coordinator.panBegan()
        _ = coordinator.panChanged(translation: 7)
        let actions = coordinator.panEnded(velocity: .zero)
        #expect(
            Fixtures.notifications(actions) == [
                .screenChanged(focus: "m", announcing: .sheetClosed(title: "Message actions"))
            ])
        #expect(!coordinator.hasSheet)
    }

    @Test func reduceMotionAppliesToEverySheet() {
        var coordinator = PresentationCoordinator(terminalRows: 24)
        _ = coordinator.present(Fixtures.messageActions, openedBy: "m")
        coordinator.reduceMotion = true
        #expect(coordinator.entries.allSatisfy { $0.sheet.reduceMotion })
    }
}
