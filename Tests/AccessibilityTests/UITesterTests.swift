import Accessibility
import AccessibilityTesting
import Foundation
import Synchronization
import Testing

/// The sample screen of the issue: a search field, a "Clear text" button and emoji buttons.
final class EmojiPickerScreen: AccessibilityTestHost, Sendable {
    struct State {
        var query = ""
        var picked: [String] = []
        var isOpen = true
        var transcript: [String] = []
        var clock = 0
    }

    let state = Mutex(State())
    static let emoji = ["smile", "wave", "thumbs up", "tada"]

    var tree: Element {
        let snapshot = state.withLock { $0 }
        let matches = Self.emoji.filter { snapshot.query.isEmpty || $0.contains(snapshot.query) }
        let picker = Element(
            label: "Emoji picker", identifier: "picker", isModal: true,
            escape: { [self] in
                state.withLock { $0.isOpen = false }
                return true
            },
            children: [
                Element(
                    label: "Search", value: snapshot.query, traits: .searchField,
                    hint: "Type to filter the emoji.", identifier: "search",
                    setText: { [self] text in state.withLock { $0.query = text } }),
                Element(
                    label: "Clear\ntext", traits: .button, identifier: "clear",
                    activate: { [self] in state.withLock { $0.query = "" } }),
                Element(
                    label: "Results",
                    children: matches.enumerated().map { index, name in
                        Element(
                            label: name, traits: .button, hint: "Press Enter to pick this emoji.",
                            positionInSet: SetPosition(index + 1, of: matches.count),
                            activate: { [self] in pick(name) })
                    }),
            ])
        let composer = Element(
            label: "Message", value: snapshot.picked.joined(separator: " "),
            traits: .textField, identifier: "composer")
        let settings = Element(label: "Settings", traits: .button, activate: {})
        return Element(
            label: "Earshot", children: snapshot.isOpen ? [settings, composer, picker] : [settings, composer])
    }

    private func pick(_ name: String) {
        state.withLock { state in
            state.picked.append(name)
            state.isOpen = false
            state.clock += 120
            state.transcript.append(
                #"{"t": \#(state.clock), "event": "speak", "priority": "default", "voice": "announcement", "text": "Picked \#(name)"}"#
            )
        }
    }

    var transcriptLines: [String] { state.withLock { $0.transcript } }
}

@Suite struct UITesterTests {
    @Test func searchPickAndHearIt() async throws {
        let screen = EmojiPickerScreen()
        let tester = UITester(host: screen)
        try await tester.waitForElement(label: "Search", traits: .searchField)
        try await tester.enterText("wa", intoElementLabeled: "Search")
        try await tester.waitForElement(label: "Search", traits: .searchField, value: "wa")
        try await tester.waitForElement(label: "wave", traits: .button)
        try await tester.waitForAbsence(label: "smile")
        try await tester.tap(label: "Clear text")  // the label has a line break
        try await tester.waitForElement(label: "smile", traits: .button)
        try await tester.enterText("smi", intoElementLabeled: "Search")
        try await tester.clearText(label: "Search")
        try await tester.waitForElement(label: "tada")
        try await tester.tap(label: "smile", traits: .button)
        try await tester.waitForAbsence(label: "Search")
        try await tester.waitForElement(label: "Message", traits: .textField, value: "smile")
        try await tester.expectSpoken("Picked smile", voice: "announcement")
        try tester.expectNotSpoken("Picked wave")
    }

    @Test func tapByIdentifier() async throws {
        let screen = EmojiPickerScreen()
        let tester = UITester(host: screen)
        try await tester.enterText("x", intoElementLabeled: "Search")
        try await tester.tap(identifier: "clear")
        try await tester.waitForElement(label: "Search", value: "")
    }

    @Test func emojiButtonsAreSpokenWithTheirHint() async throws {
        let screen = EmojiPickerScreen()
        var navigator = Navigator(tree: screen.tree)
        #expect(navigator.next().focusedText == "Search, search field.")
        #expect(navigator.next().focusedText == "Clear text, button.")
        guard case .focus(_, let phrase) = navigator.next() else {
            Issue.record("no third element")
            return
        }
        #expect(phrase == Phrase(text: "smile, button, 1 of 4.", hint: "Press Enter to pick this emoji."))
        #expect(Audit().run(on: screen.tree).isEmpty)
    }

    @Test func failurePrintsTheTreeAsSpoken() async throws {
        let tester = UITester(host: EmojiPickerScreen(), timeout: .milliseconds(50))
        do {
            try await tester.waitForElement(label: "Serch", traits: .searchField)
            Issue.record("found a misspelled label")
        } catch let error as UITesterError {
            #expect(error.code == .elementNotFound)
            #expect(error.description.contains("  [Emoji picker] (modal, #picker)"))
            #expect(error.description.contains("    Search, search field. … Type to filter the emoji. (#search)"))
            #expect(error.description.contains("smile, button, 1 of 4. … Press Enter to pick this emoji."))
        }
    }

    @Test func traitsAreASubset() async throws {
        let tester = UITester(host: EmojiPickerScreen(), timeout: .milliseconds(50))
        try await tester.waitForElement(label: "Search")
        await #expect(throws: UITesterError.self) {
            try await tester.waitForElement(label: "Search", traits: [.searchField, .button])
        }
    }

    @Test func elementsBehindTheModalCannotBeTapped() async throws {
        let tester = UITester(host: EmojiPickerScreen(), timeout: .milliseconds(50))
        let found = try await tester.waitForElement(label: "Settings")
        #expect(found.isObscured)
        do {
            try await tester.tap(label: "Settings")
            Issue.record("tapped through a modal")
        } catch let error as UITesterError {
            #expect(error.code == .obscuredByModal)
        }
    }

    @Test func typingIntoAButtonFails() async throws {
        let tester = UITester(host: EmojiPickerScreen(), timeout: .milliseconds(50))
        await #expect(
            throws: UITesterError(
                .notEditable, "\"Clear text\" is not a text or search field.",
                spokenTree: EmojiPickerScreen().tree.spokenTree())
        ) {
            try await tester.enterText("x", intoElementLabeled: "Clear text")
        }
    }

    @Test func transcriptFromAFile() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("earshot-transcript-\(UInt64.random(in: 0...UInt64.max)).jsonl").path
        let lines = [
            #"{"t": 0, "event": "speak", "priority": "default", "voice": "element", "text": "Search, search field."}"#,
            #"{"t": 900, "event": "speak", "priority": "low", "voice": "hint", "text": "Type to filter\nthe emoji."}"#,
            #"{"t": 1500, "event": "cancel", "priority": "low", "voice": "hint", "text": ""}"#,
            "",
        ]
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tester = UITester(host: EmojiPickerScreen(), timeout: .milliseconds(50), transcriptPath: path)
        try await tester.expectSpoken("Search, search field.", voice: "element")
        try await tester.expectSpoken("Type to filter the emoji.", voice: "hint")
        await #expect(throws: UITesterError.self) { try await tester.expectSpoken("smile") }
        let transcript = try Transcript(lines: lines)
        #expect(transcript.events.map(\.event) == [.speak, .speak, .cancel])
        #expect(throws: UITesterError.self) { try Transcript(lines: ["not json"]) }
    }
}
