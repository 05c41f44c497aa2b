import Accessibility
import Testing

@Suite struct NavigatorTests {
    /// Channels heading, a button, a hidden group, a chat log of three messages, a text field.
    static func channelScreen(messages: [String] = ["alice: hi", "bob: hello", "carol: hey"]) -> Element {
        Element(
            label: "Earshot",
            children: [
                Element(label: "Channels", traits: .header, headingLevel: 1),
                Element(label: "general", traits: .button, identifier: "channel.general"),
                Element(
                    label: "Secret", isHidden: true,
                    children: [
                        Element(label: "Hidden button", traits: .button)
                    ]),
                Element(
                    label: "Messages", liveRegion: .polite,
                    children: messages.map {
                        Element(label: $0, traits: .message)
                    }),
                Element(label: "Message", traits: .textField, identifier: "composer"),
            ])
    }

    @Test func nextVisitsReadingOrderAndSkipsHidden() {
        var navigator = Navigator(tree: Self.channelScreen())
        var spoken: [String] = []
        while case .focus(_, let phrase) = navigator.next() { spoken.append(phrase.text) }
        #expect(
            spoken == [
                "Channels, heading level 1.", "general, button.", "alice: hi.", "bob: hello.",
                "carol: hey.", "Message, text field.",
            ])
        #expect(navigator.reachableCount == 6)
    }

    @Test func boundariesDoNotWrap() {
        var navigator = Navigator(tree: Self.channelScreen())
        #expect(navigator.first().focusedText == "Channels, heading level 1.")
        #expect(navigator.previous() == .boundary(.start))
        #expect(navigator.focusedElement?.label == "Channels")
        #expect(navigator.last().focusedText == "Message, text field.")
        #expect(navigator.next() == .boundary(.end))
        #expect(navigator.focusedElement?.label == "Message")
        #expect(Navigator.Action.boundary(.end).utterance?.text == "boundary")
    }

    @Test func emptyTreeIsABoundary() {
        var navigator = Navigator(tree: Element(label: "Empty", children: [Element(label: "Gone", isHidden: true)]))
        #expect(navigator.next() == .boundary(.end))
        #expect(navigator.escape() == .unavailable)
    }

    @Test func modalContainerTrapsNavigation() {
        let tree = Element(children: [
            Element(label: "Behind", traits: .button),
            Element(
                label: "Sheet", isModal: true, escape: { true },
                children: [
                    Element(label: "Reply", traits: .button),
                    Element(label: "Cancel", traits: .button),
                ]),
            Element(label: "Also behind", traits: .button),
        ])
        var navigator = Navigator(tree: tree)
        #expect(navigator.next().focusedText == "Reply, button.")
        #expect(navigator.next().focusedText == "Cancel, button.")
        #expect(navigator.next() == .boundary(.end))
        #expect(navigator.modalPath == [1])
        #expect(navigator.readingOrder == [[1, 0], [1, 1]])
    }

    @Test func hiddenModalDoesNotTrap() {
        let tree = Element(children: [
            Element(label: "Behind", traits: .button),
            Element(
                label: "Sheet", isModal: true, isHidden: true,
                children: [
                    Element(label: "Reply", traits: .button)
                ]),
        ])
        let navigator = Navigator(tree: tree)
        #expect(navigator.readingOrder == [[0]])
    }

    @Test func innermostModalWins() {
        let tree = Element(children: [
            Element(
                label: "Sheet", isModal: true,
                children: [
                    Element(label: "Outer", traits: .button),
                    Element(label: "Alert", isModal: true, children: [Element(label: "OK", traits: .button)]),
                ])
        ])
        #expect(Navigator(tree: tree).readingOrder == [[0, 1, 0]])
    }

    @Test func focusStaysOnTheSameElementAcrossRebuilds() {
        var navigator = Navigator(tree: Self.channelScreen())
        _ = navigator.focus(identifier: "composer")
        let update = navigator.update(
            tree: Self.channelScreen(messages: ["new: first", "alice: hi", "bob: hello", "carol: hey"]))
        #expect(update.action == nil)
        #expect(navigator.focusedElement?.identifier == "composer")

        _ = navigator.focus(path: [3, 2])  // "bob: hello"
        #expect(navigator.focusedElement?.label == "bob: hello")
        _ = navigator.update(tree: Self.channelScreen(messages: ["zero", "new: first", "alice: hi", "bob: hello"]))
        #expect(navigator.focusedElement?.label == "bob: hello")
    }

    @Test func focusedElementThatDisappearsMovesToNextNeighbour() {
        var navigator = Navigator(tree: Self.channelScreen())
        _ = navigator.focus(path: [3, 1])  // bob
        let update = navigator.update(tree: Self.channelScreen(messages: ["alice: hi", "carol: hey"]))
        #expect(update.action?.focusedText == "carol: hey.")
        #expect(navigator.focusedPath == [3, 1])
    }

    @Test func lastElementThatDisappearsMovesToPrevious() {
        let tree = { (labels: [String]) in
            Element(children: labels.map { Element(label: $0, traits: .button) })
        }
        var navigator = Navigator(tree: tree(["One", "Two", "Three"]))
        _ = navigator.last()
        let update = navigator.update(tree: tree(["One", "Two"]))
        #expect(update.action?.focusedText == "Two, button.")
        // Never to nothing: even when every old element is gone.
        let replaced = navigator.update(tree: tree(["Alpha"]))
        #expect(replaced.action?.focusedText == "Alpha, button.")
        #expect(navigator.focusedElement != nil)
    }

    @Test func modalReturnsFocusToItsOpener() {
        let base = [
            Element(label: "Channels", traits: .header),
            Element(label: "alice: hi", traits: .message, identifier: "m1"),
            Element(label: "Actions", traits: .button, identifier: "open-actions"),
        ]
        let sheet = Element(
            label: "Message actions", identifier: "sheet", isModal: true,
            escape: { true },
            children: [
                Element(label: "Reply", traits: .button),
                Element(label: "Copy text", traits: .button),
            ])
        var navigator = Navigator(tree: Element(children: base))
        _ = navigator.focus(identifier: "open-actions")
        let opened = navigator.update(tree: Element(children: base + [sheet]))
        #expect(opened.action?.focusedText == "Reply, button.")
        _ = navigator.next()
        let closed = navigator.update(tree: Element(children: base))
        #expect(closed.action?.focusedText == "Actions, button.")
        #expect(navigator.focusedElement?.identifier == "open-actions")
    }

    @Test func nestedModalsUnwindOneAtATime() {
        let opener = Element(label: "Open", traits: .button, identifier: "open")
        let sheetButton = Element(label: "Delete", traits: .button, identifier: "delete")
        let alert = Element(
            label: "Confirm", identifier: "alert", isModal: true,
            children: [
                Element(label: "Delete for everyone", traits: .button)
            ])
        func tree(sheet: Bool, alert showAlert: Bool) -> Element {
            var children = [opener]
            if sheet {
                children.append(
                    Element(
                        label: "Sheet", identifier: "sheet", isModal: true,
                        children: showAlert ? [sheetButton, alert] : [sheetButton]))
            }
            return Element(children: children)
        }
        var navigator = Navigator(tree: tree(sheet: false, alert: false))
        _ = navigator.first()
        _ = navigator.update(tree: tree(sheet: true, alert: false))
        #expect(navigator.focusedElement?.identifier == "delete")
        _ = navigator.update(tree: tree(sheet: true, alert: true))
        #expect(navigator.focusedElement?.label == "Delete for everyone")
        _ = navigator.update(tree: tree(sheet: true, alert: false))
        #expect(navigator.focusedElement?.identifier == "delete")
        _ = navigator.update(tree: tree(sheet: false, alert: false))
        #expect(navigator.focusedElement?.identifier == "open")
    }

    @Test func adjustmentSpeaksOnlyTheNewValue() {
        let log = Log()
        let volume = { (value: Int) in
            Element(
                label: "Volume", value: "\(value)%", traits: .adjustable,
                hint: "Press Up or Down to adjust the value.",
                increment: { log.append("up") }, decrement: { log.append("down") })
        }
        var navigator = Navigator(tree: Element(children: [volume(50)]))
        #expect(navigator.next().focusedText == "Volume, 50%, adjustable.")
        #expect(navigator.up() == .performed)
        #expect(navigator.down() == .performed)
        #expect(log.all == ["up", "down"])
        let update = navigator.update(tree: Element(children: [volume(60)]))
        #expect(update.action == .say("60%"))
    }

    @Test func toggleSpeaksItsNewState() {
        let toggle = { (on: Bool) in
            Element(label: "Hints", traits: on ? [.toggleButton, .selected] : .toggleButton, identifier: "hints")
        }
        var navigator = Navigator(tree: Element(children: [toggle(false)]))
        _ = navigator.next()
        #expect(navigator.update(tree: Element(children: [toggle(true)])).action == .say("on"))
    }

    @Test func activateCallsTheHandler() {
        let log = Log()
        var navigator = Navigator(
            tree: Element(children: [
                Element(label: "Send", traits: .button, activate: { log.append("send") }),
                Element(label: "Static", traits: .staticText),
            ]))
        #expect(navigator.activate() == .unavailable)
        _ = navigator.next()
        #expect(navigator.activate() == .performed)
        _ = navigator.next()
        #expect(navigator.activate() == .unavailable)
        #expect(log.all == ["send"])
    }

    @Test func escapeAsksFocusedThenAncestorsNearestFirst() {
        let log = Log()
        let tree = Element(
            label: "Root",
            escape: {
                log.append("root")
                return true
            },
            children: [
                Element(
                    label: "Sheet",
                    escape: {
                        log.append("sheet")
                        return false
                    },
                    children: [
                        Element(
                            label: "Group",
                            children: [
                                Element(
                                    label: "Field", traits: .textField,
                                    escape: {
                                        log.append("field")
                                        return false
                                    })
                            ])
                    ])
            ])
        var navigator = Navigator(tree: tree)
        _ = navigator.next()
        #expect(navigator.escape() == .performed)
        #expect(log.all == ["field", "sheet", "root"])
    }

    @Test func escapeStopsAtTheFirstHandler() {
        let log = Log()
        let tree = Element(
            escape: {
                log.append("root")
                return true
            },
            children: [
                Element(
                    isModal: true,
                    escape: {
                        log.append("modal")
                        return true
                    },
                    children: [
                        Element(label: "OK", traits: .button)
                    ])
            ])
        var navigator = Navigator(tree: tree)
        #expect(navigator.escape() == .performed)  // no focus yet: the modal is asked
        _ = navigator.next()
        #expect(navigator.escape() == .performed)
        #expect(log.all == ["modal", "modal"])
    }

    @Test func unhandledEscapeIsUnavailable() {
        var navigator = Navigator(
            tree: Element(children: [
                Element(label: "OK", traits: .button, escape: { false })
            ]))
        _ = navigator.next()
        #expect(navigator.escape() == .unavailable)
    }

    @Test func screenChangedMovesFocus() {
        var navigator = Navigator(tree: Self.channelScreen())
        let action = navigator.handle(.screenChanged(focus: "composer", announcing: "Channel general"))
        #expect(action.focusedText == "Message, text field.")
        #expect(navigator.handle(.pageScrolled("Page 2 of 5")) == .unavailable)
    }

    @Test func liveRegionReportsNewChildren() {
        var navigator = Navigator(tree: Self.channelScreen())
        _ = navigator.focus(identifier: "composer")
        let update = navigator.update(
            tree: Self.channelScreen(messages: ["alice: hi", "bob: hello", "carol: hey", "dave: yo"]))
        #expect(
            update.liveRegionChanges == [
                LiveRegionChange(region: "Messages", politeness: .polite, text: "dave: yo.")
            ])
        #expect(update.action == nil)
    }
}
