import Accessibility
import Testing

@Suite struct AuditTests {
    static let broken = Element(label: "Screen", children: [
        Element(traits: .button, activate: {}),                                      // 0: no label
        Element(label: "Send button", traits: .button),                              // 1: trait word
        Element(label: "Volume", traits: .adjustable),                               // 2: no value
        Element(traits: .image),                                                     // 3: image, no label
        Element(label: "Reply", traits: .button, hint: "Double-tap gesture opens a reply."), // 4: hint: no verb, a gesture
        Element(label: "Copy", traits: .button),                                     // 5
        Element(label: "Copy", traits: .button),                                     // 6: duplicate
        Element(label: "Sheet", isModal: true, children: [                           // 7: no escape
            Element(label: "OK", traits: .button),
        ]),
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
    ]

    @Test(arguments: expected)
    func eachRuleIsFoundOnABrokenTree(_ rule: AuditRule, _ path: ElementPath) {
        let findings = Audit().run(on: Self.broken).filter { $0.rule == rule }
        #expect(findings.map(\.path) == [path], "\(findings)")
    }

    @Test func brokenTreeHasNoOtherFindings() {
        let findings = Audit().run(on: Self.broken)
        #expect(findings.count == AuditRule.allCases.count, "\(findings)")
        #expect(findings.first?.location == "Screen > unlabelled")
    }

    static let clean = Element(label: "Emoji", isModal: true, escape: { true }, children: [
        Element(label: "Emoji", traits: .header, headingLevel: 1),
        Element(label: "Search", traits: .searchField, hint: "Type to filter the emoji."),
        Element(label: "Clear text", traits: .button, activate: {}),
        Element(label: "Volume", value: "50%", traits: .adjustable,
                hint: "Press Up or Down to adjust the value."),
        Element(label: "Avatar of alice", traits: .image),
        Element(label: "Hints", traits: [.toggleButton, .selected], hint: "Toggles spoken hints."),
        Element(label: "Copy", traits: .button),
        Element(label: "Copy", traits: .link),
        Element(label: "smile", traits: .button, hint: "Press Enter to pick this emoji."),
        Element(label: "Status", liveRegion: .polite, children: [Element(label: "Ready")]),
        Element(label: "Send button", traits: .button, isHidden: true),
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
}
