import Accessibility
import Testing

@Suite struct NavigatorRotorTests {
    static let log = Log()

    static var tree: Element {
        Element(children: [
            Element(label: "Channels", traits: .header, headingLevel: 2),
            Element(label: "general", traits: .link),
            Element(
                label: "alice: hi", traits: [.message, .unread],
                customActions: [
                    CustomAction("Reply") { log.append("reply") },
                    CustomAction("React") { log.append("react") },
                ]),
            Element(label: "bob: hello", traits: .message),
            Element(label: "Members", traits: .header, headingLevel: 2),
            Element(label: "carol: hey", traits: [.message, .unread]),
            Element(label: "Search", traits: .searchField),
            Element(label: "Send", traits: .button),
            Element(label: "random", traits: .link),
            Element(label: "Message", value: "hi there\nsecond", traits: .textField),
        ])
    }

    @Test func rotorSettingsCycleAndSpeakTheirNames() {
        var navigator = Navigator(tree: Self.tree)
        #expect(navigator.rotor == .headings)
        #expect(navigator.nextRotorSetting() == .say("Links"))
        #expect(navigator.previousRotorSetting() == .say("Headings"))
        #expect(navigator.previousRotorSetting() == .say("Lines"))
    }

    @Test(arguments: [
        (RotorSetting.headings, ["Channels", "Members"]),
        (.links, ["general", "random"]),
        (.controls, ["general", "Search", "Send", "random", "Message"]),
        (.textFields, ["Search", "Message"]),
        (.messages, ["alice: hi", "bob: hello", "carol: hey"]),
        (.unread, ["alice: hi", "carol: hey"]),
    ])
    func rotorJumpsByKindWithBoundaries(_ setting: RotorSetting, _ labels: [String]) {
        var navigator = Navigator(tree: Self.tree)
        navigator.setRotor(setting)
        var visited: [String] = []
        while case .focus = navigator.down() { visited.append(navigator.focusedElement?.label ?? "") }
        #expect(visited == labels)
        #expect(navigator.down() == .boundary(.end))
        var back: [String] = []
        while case .focus = navigator.up() { back.append(navigator.focusedElement?.label ?? "") }
        #expect(back == Array(labels.reversed().dropFirst()))
        #expect(navigator.up() == .boundary(.start))
    }

    @Test func rotorJumpStartsFromFocus() {
        var navigator = Navigator(tree: Self.tree)
        _ = navigator.focus(path: [3])  // bob
        #expect(navigator.jump(to: .headings, forward: true).focusedText == "Members, heading level 2.")
        _ = navigator.focus(path: [3])
        #expect(navigator.jump(to: .headings, forward: false).focusedText == "Channels, heading level 2.")
    }

    @Test func actionsRotorChoosesAndPerforms() {
        var navigator = Navigator(tree: Self.tree)
        _ = navigator.focus(path: [2])
        navigator.setRotor(.actions)
        #expect(navigator.down() == .say("Reply"))
        #expect(navigator.down() == .say("React"))
        #expect(navigator.down() == .boundary(.end))
        #expect(navigator.activate() == .performed)
        #expect(navigator.perform(actionNamed: "Reply") == .performed)
        #expect(navigator.perform(actionNamed: "Forward") == .unavailable)
        #expect(Self.log.all.suffix(2) == ["react", "reply"])
    }

    @Test func reviewByCharactersWordsAndLines() {
        var navigator = Navigator(tree: Self.tree)
        _ = navigator.last()
        navigator.setRotor(.lines)
        #expect(navigator.down() == .say("Message"))
        #expect(navigator.down() == .say("hi there"))
        #expect(navigator.down() == .say("second"))
        #expect(navigator.down() == .boundary(.end))
        navigator.setRotor(.words)
        #expect(navigator.down() == .say("Message"))
        #expect(navigator.down() == .say("hi"))
        #expect(navigator.up() == .say("Message"))
        #expect(navigator.up() == .boundary(.start))
        navigator.setRotor(.characters)
        var characters: [String] = []
        while case .say(let text) = navigator.down() { characters.append(text) }
        #expect(characters.prefix(9) == ["M", "e", "s", "s", "a", "g", "e", "new line", "h"])
        #expect(characters[10] == "space")
        // Moving focus restarts the review.
        _ = navigator.focus(path: [0])
        #expect(navigator.down() == .say("C"))
    }
}
