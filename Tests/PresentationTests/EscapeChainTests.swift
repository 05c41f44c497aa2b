import Accessibility
import Testing

@testable import Presentation

@Suite struct EscapeChainTests {
    @Test(
        "route",
        arguments: [
            (true, Drawer.State?.some(.fullHeight), EscapeChain.Handler.sheet),
            (true, nil, .sheet),
            (false, .fullHeight, .drawer),
            (false, .expanded, .drawer),
            (false, .compressed, .screen),
            (false, nil, .screen),
        ])
    func route(hasSheet: Bool, drawerState: Drawer.State?, expected: EscapeChain.Handler) {
        #expect(EscapeChain.route(hasSheet: hasSheet, drawerState: drawerState) == expected)
    }

    @Test func sheetThenDrawerThenScreen() {
        var coordinator = PresentationCoordinator(terminalRows: 24, reduceMotion: true)
        var drawer: Drawer? = Drawer(
            configuration: Fixtures.channels, terminalRows: 24, state: .fullHeight, reduceMotion: true)
        var stack = NavigationStack(root: Screen(identifier: "main", title: "Earshot", isHead: true))
        _ = stack.push(Screen(identifier: "channel", title: "#general"), from: "channels.general")
        _ = coordinator.present(Fixtures.messageActions, openedBy: "message.1")

        var result = EscapeChain.handle(coordinator: &coordinator, drawer: &drawer, navigation: &stack)
        #expect(result.handler == .sheet)
        #expect(!coordinator.hasSheet)

        result = EscapeChain.handle(coordinator: &coordinator, drawer: &drawer, navigation: &stack)
        #expect(result.handler == .drawer)
        #expect(drawer?.state == .compressed)
        #expect(
            result
                == .drawer(
                    .settle(
                        [PresentationFrame(height: 3, dim: 0)],
                        .layoutChanged(focus: nil, announcing: .drawer(title: "Channels", state: .compressed)))))

        result = EscapeChain.handle(coordinator: &coordinator, drawer: &drawer, navigation: &stack)
        #expect(result.handler == .screen)
        #expect(stack.top.identifier == "main")

        result = EscapeChain.handle(coordinator: &coordinator, drawer: &drawer, navigation: &stack)
        #expect(result == .screen(.stayed(.announcement(.nothingToGoBack))))
    }

    @Test func escapeDuringASheetTransitionIsQueuedForTheSheet() {
        var coordinator = PresentationCoordinator(terminalRows: 24)
        var drawer: Drawer? = nil
        var stack = NavigationStack(root: Screen(identifier: "main", title: "Earshot", isHead: true))
        _ = coordinator.present(Fixtures.messageActions, openedBy: "m")
        let result = EscapeChain.handle(coordinator: &coordinator, drawer: &drawer, navigation: &stack)
        #expect(result == .sheet([.queued(.dismiss(.escape))]))
    }
}
