import Accessibility
import Testing

@Suite struct PhraseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var element: Element
        var full: String
        var terse: String
        var testDescription: String { full }

        init(_ element: Element, _ full: String, terse: String? = nil) {
            self.element = element
            self.full = full
            self.terse = terse ?? full
        }
    }

    static let cases: [Case] = [
        Case(Element(label: "Send", traits: .button), "Send, button."),
        Case(Element(label: "Terms of service", traits: .link), "Terms of service, link."),
        Case(
            Element(label: "Channels", traits: .header, headingLevel: 2),
            "Channels, heading level 2.", terse: "Channels, heading 2."),
        Case(Element(label: "Emoji", traits: .header), "Emoji, heading."),
        Case(Element(label: "Search", traits: .searchField), "Search, search field."),
        Case(Element(label: "Search", value: "smi", traits: .searchField), "Search, smi, search field."),
        Case(Element(label: "Message", traits: .textField), "Message, text field."),
        Case(Element(label: "Volume", value: "50%", traits: .adjustable), "Volume, 50%, adjustable."),
        Case(Element(label: "General", traits: [.button, .selected]), "General, button, selected."),
        Case(Element(label: "Send", traits: [.button, .notEnabled]), "Send, button, dimmed."),
        Case(Element(label: "Hints", traits: [.toggleButton, .selected]), "Hints, toggle, on."),
        Case(Element(label: "Hints", traits: .toggleButton), "Hints, toggle, off."),
        Case(Element(label: "Hints", traits: [.toggleButton, .button, .notEnabled]), "Hints, toggle, off, dimmed."),
        // A toggle says its state once, from the selected trait; its value is never spoken.
        Case(Element(label: "Hints", value: "on", traits: [.toggleButton, .selected]), "Hints, toggle, on."),
        Case(Element(label: "Hints", value: "on", traits: .toggleButton), "Hints, toggle, off."),
        Case(
            Element(label: "Reduce motion", value: "off", traits: [.toggleButton, .selected]),
            "Reduce motion, toggle, on."),
        Case(Element(label: "Avatar of alice", traits: .image), "Avatar of alice, image."),
        Case(
            Element(label: "Mentions", traits: [.tab, .selected], positionInSet: SetPosition(2, of: 4)),
            "Mentions, tab, 2 of 4, selected."),
        Case(
            Element(label: "alice: hello", traits: [.message, .unread], positionInSet: SetPosition(3, of: 12)),
            "alice: hello, 3 of 12. Unread.", terse: "alice: hello. Unread."),
        Case(Element(label: "bob: see you", traits: .message), "bob: see you."),
        Case(Element(label: ":smile:", traits: .button), "smile, button."),
        Case(Element(label: "Line one\nline  two", traits: .staticText), "Line one line two."),
        Case(Element(label: "Leave the channel?", traits: .staticText), "Leave the channel?"),
        Case(Element(label: "Read receipts", value: "Off", traits: .button), "Read receipts, Off, button."),
        Case(Element(label: "Open #random", traits: .link), "Open hash random, link."),
    ]

    @Test(arguments: cases)
    func fullPhrase(_ testCase: Case) {
        #expect(Phrase(testCase.element, options: PhraseOptions(verbosity: .full)).text == testCase.full)
    }

    @Test(arguments: cases)
    func tersePhrase(_ testCase: Case) {
        #expect(Phrase(testCase.element, options: PhraseOptions(verbosity: .terse)).text == testCase.terse)
    }

    @Test(arguments: cases)
    func verbosityNeverReorders(_ testCase: Case) {
        // Every terse part appears in the full phrase, in the same order.
        let full = Phrase(testCase.element, options: PhraseOptions(verbosity: .full)).text
        var rest = Substring(full)
        for part in Phrase(testCase.element, options: PhraseOptions(verbosity: .terse)).text
            .split(separator: ", ")
        {
            let word = part.split(separator: " ").first.map(String.init) ?? ""
            guard let range = rest.firstRange(of: word) else {
                Issue.record("\(part) of the terse phrase is not in order in \(full)")
                return
            }
            rest = rest[range.upperBound...]
        }
    }

    @Test func hintIsKeptApart() {
        let volume = Element(
            label: "Volume", value: "50%", traits: .adjustable,
            hint: "Press Up or Down to adjust the value.")
        let phrase = Phrase(volume)
        #expect(phrase.text == "Volume, 50%, adjustable.")
        #expect(phrase.hint == "Press Up or Down to adjust the value.")
        #expect(!phrase.text.contains("Press"))
    }

    @Test(arguments: [
        (Element(label: "Volume", value: "60%", traits: .adjustable), "60%"),
        (Element(label: "Hints", traits: [.toggleButton, .selected]), "on"),
        (Element(label: "Hints", traits: .toggleButton), "off"),
        (Element(label: "Hints", value: "off", traits: [.toggleButton, .selected]), "on"),
        (Element(label: "Hints", value: "on", traits: .toggleButton), "off"),
        (Element(label: "General", traits: [.tab, .selected]), "selected"),
    ])
    func afterAdjustmentOnlyTheValue(_ element: Element, _ expected: String) {
        #expect(Phrase.adjusted(element) == expected)
    }

    @Test func labelsWithoutTraitWordsNeverGainThem() {
        for testCase in Self.cases {
            let words = Phrase.traitWords(for: testCase.element, verbosity: .full)
            let label = testCase.element.label.lowercased()
            for word in words where word.count > 3 {
                #expect(!label.contains(word), "\(label) contains \(word)")
            }
        }
    }
}

@Suite struct PhraseSentenceTests {
    @Test func aValueThatEndsASentenceIsFollowedByANewSentenceNotAStrayComma() {
        let message = Element(label: "Ada, 10:42", value: "Done. See you.", traits: [.staticText, .unread])
        #expect(Phrase(message).text == "Ada, 10:42, Done. See you. Unread.")
        let question = Element(label: "Ada", value: "Lunch?", traits: .button)
        #expect(Phrase(question).text == "Ada, Lunch? Button.")
    }
}
