import Accessibility
import Testing

@Suite struct AuditTests {
    static let broken = Element(
        label: "Screen",
        children: [
            Element(traits: .button, activate: {}),  // 0: no label
            Element(label: "Send button", traits: .button),  // 1: trait word
            Element(label: "Volume", traits: .adjustable),  // 2: no value
            Element(traits: .image),  // 3: image, no label
            // 4: hint: no verb, a gesture
            Element(label: "Reply", traits: .button, hint: "Double-tap gesture opens a reply."),
            Element(label: "Copy", traits: .button),  // 5
            Element(label: "Copy", traits: .button),  // 6: duplicate
            Element(
                label: "Sheet", isModal: true,
                children: [  // 7: no escape
                    Element(label: "OK", traits: .button)
                ]),
            Element(label: "Reduce motion", value: "yes", traits: .toggleButton),  // 8: toggle with a value
            Element(label: "Bold", value: "selected", traits: [.button, .selected]),  // 9: trait word in value
            Element(label: "Inbox", value: "1 new messages", traits: .button),  // 10: count disagrees
            Element(label: "Hidden", isHidden: true, children: [Element(traits: .button)]),
        ])

    static let expected: [(AuditRule, ElementPath)] = [
        (.interactiveWithoutLabel, [0]),
        (.labelRepeatsTrait, [1]),
        (.adjustableWithoutValue, [2]),
        (.imageWithoutLabel, [3]),
        (.hintWithoutVerb, [4]),
        (.hintDescribesGesture, [4]),
        (.duplicateSiblings, [6]),
        (.modalWithoutEscape, [7]),
        (.toggleWithValue, [8]),
        (.traitWordInValue, [9]),
        (.countDisagreesWithNoun, [10]),
    ]

    @Test(arguments: expected)
    func eachRuleIsFoundOnABrokenTree(_ rule: AuditRule, _ path: ElementPath) {
        let findings = Audit().run(on: Self.broken).filter { $0.rule == rule }
        #expect(findings.map(\.path) == [path], "\(findings)")
    }

    @Test func brokenTreeHasNoOtherFindings() {
        let findings = Audit().run(on: Self.broken)
        // The braille rules are checked by `earshot audit` (App's ScreenAudit), which builds braille lines.
        let brailleRules: [AuditRule] = [.brailleEmpty, .brailleCut]
        #expect(findings.count == AuditRule.allCases.count - brailleRules.count, "\(findings)")
        #expect(findings.first?.location == "Screen > unlabelled")
    }

    static let clean = Element(
        label: "Emoji", isModal: true, escape: { true },
        children: [
            Element(label: "Emoji", traits: .header, headingLevel: 1),
            Element(label: "Search", traits: .searchField, hint: "Type to filter the emoji."),
            Element(label: "Clear text", traits: .button, activate: {}),
            Element(
                label: "Volume", value: "50%", traits: .adjustable,
                hint: "Press Up or Down to adjust the value."),
            Element(label: "Avatar of alice", traits: .image),
            Element(label: "Hints", traits: [.toggleButton, .selected], hint: "Toggles spoken hints."),
            Element(label: "Copy", traits: .button),
            Element(label: "Copy", traits: .link),
            Element(label: "smile", traits: .button, hint: "Press Enter to pick this emoji."),
            Element(label: "Status", liveRegion: .polite, children: [Element(label: "Ready")]),
            Element(label: "Send button", traits: .button, isHidden: true),
            Element(label: "Inbox", value: "1 new message, 3 replies", traits: .button),
            Element(label: "Actions", value: "1 of 8 actions"),
            Element(label: "Size", value: "Large", traits: [.button, .selected]),
        ])

    @Test func cleanTreeHasNoFindings() {
        #expect(Audit().run(on: Self.clean).isEmpty)
    }

    @Test(arguments: [
        ("Press Enter to pick this emoji.", true),
        ("Opens the thread.", true),
        ("Replies to the message.", true),
        ("Button that sends.", false),
        ("The message will be sent.", false),
        ("Wibbles the frob.", false),
    ])
    func hintVerbs(_ hint: String, _ ok: Bool) {
        let tree = Element(children: [Element(label: "X", traits: .button, hint: hint)])
        #expect(Audit().run(on: tree).isEmpty == ok)
        #expect(Audit(extraVerbs: ["wibble"]).run(on: tree).isEmpty == (ok || hint.hasPrefix("Wibbles")))
    }

    @Test(arguments: [
        ("Hints", "on", Traits.toggleButton, true),
        ("Hints", "", Traits([.toggleButton, .selected]), false),
        ("Hints", "off", Traits([.toggleButton, .selected]), true),
    ])
    func aToggleCarriesNoValue(_ label: String, _ value: String, _ traits: Traits, _ found: Bool) {
        let tree = Element(children: [Element(label: label, value: value, traits: traits)])
        #expect(Audit().run(on: tree).contains { $0.rule == .toggleWithValue } == found)
    }

    @Test(arguments: [
        ("on", Traits.toggleButton, true),
        ("Turned off", Traits.toggleButton, true),
        ("not selected", Traits([.button, .selected]), true),
        ("Open button", Traits.button, true),
        ("dimmed", Traits([.adjustable, .notEnabled]), true),
        ("50%", Traits.adjustable, false),
        ("on time", Traits.button, false),
        ("selected", Traits.button, false),
        ("my button text", Traits.textField, false),
        ("I have unread mail", Traits([.message, .unread]), false),
    ])
    func aValueDoesNotRepeatATraitWord(_ value: String, _ traits: Traits, _ found: Bool) {
        let tree = Element(children: [Element(label: "X", value: value, traits: traits)])
        let findings = Audit().run(on: tree).filter { $0.rule == .traitWordInValue }
        #expect(findings.isEmpty != found, "\(findings)")
    }

    @Test(arguments: [
        ("1 new messages in #b", false),
        ("3 new messages in #b", true),
        ("1 new message in #b", true),
        ("Settings, 8 of 8 actions", true),
        ("8 actions", true),
        ("1 actions", false),
        ("2 reply", false),
        ("2 replies", true),
        ("1 of 8 actions", true),
        ("0 messages", true),
        ("12 unread message", false),
        ("one replies", false),
        ("1 people typing", false),
        ("3 people typing", true),
        ("Press 1 to open messages", true),
        ("Alt-1 … Alt-9", true),
    ])
    func aCountAgreesWithItsNoun(_ text: String, _ agrees: Bool) {
        for element in [
            Element(label: text, traits: .button), Element(label: "X", value: text),
            Element(label: "X", traits: .button, hint: "Press Enter to hear \(text)."),
        ] {
            let findings = Audit().run(on: Element(children: [element])).filter { $0.rule == .countDisagreesWithNoun }
            #expect(findings.isEmpty == agrees, "\(findings)")
        }
    }

    @Test func aCountFindingSaysHowToAgree() {
        let tree = Element(children: [Element(label: "Inbox", value: "2 new reply", traits: .button)])
        let finding = Audit().run(on: tree).first { $0.rule == .countDisagreesWithNoun }
        #expect(finding?.message == #""2 new reply" does not agree in number; say it as "2 new replies"."#)
    }
}
