import Accessibility
import Testing

@testable import Presentation

@Suite struct NavigationStackTests {
    static let onboarding = Screen(identifier: "onboarding", title: "Welcome")
    static let server = Screen(identifier: "onboarding.server", title: "Choose a server")
    static let main = Screen(
        identifier: "main", title: "Earshot", isHead: true, firstElementIdentifier: "main.first")
    static let channel = Screen(identifier: "channel", title: "#general")

    @Test func pushingAHeadScreenRemovesEverythingBelow() {
        var stack = NavigationStack(root: Self.onboarding)
        _ = stack.push(Self.server, from: "welcome.next")
        #expect(stack.screens.count == 2)
        #expect(
            stack.push(Self.main, from: "server.done")
                == .show(Self.main, .screenChanged(focus: "main.first", announcing: .screen(title: "Earshot"))))
        #expect(stack.screens == [Self.main])
        #expect(!stack.canGoBack)
    }

    @Test func backAtAHeadScreenOnlySaysThereIsNothingToGoBackTo() {
        var stack = NavigationStack(root: Self.onboarding)
        _ = stack.push(Self.main)
        let before = stack
        #expect(stack.pop() == .stayed(.announcement(.nothingToGoBack)))
        #expect(stack == before)
    }

    @Test func backReturnsFocusToTheOpener() {
        var stack = NavigationStack(root: Self.main)
        _ = stack.push(Self.channel, from: "channels.general")
        #expect(stack.top == Self.channel)
        #expect(
            stack.pop()
                == .show(Self.main, .screenChanged(focus: "channels.general", announcing: .screen(title: "Earshot"))))
        #expect(stack.pop() == .stayed(.announcement(.nothingToGoBack)))
    }

    @Test func aHeadScreenPushedLaterAlsoResets() {
        var stack = NavigationStack(root: Self.main)
        _ = stack.push(Self.channel)
        _ = stack.push(Self.channel)
        _ = stack.push(Self.main)
        #expect(stack.screens == [Self.main])
    }
}
