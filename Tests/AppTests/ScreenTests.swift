import Accessibility
import AccessibilityTesting
import Foundation
import Testing

@testable import App
@testable import ClientCore

extension AppSuites {
    @Suite struct OnboardingTests {
        @Test func firstRunWalksThroughOnboardingToMainAndCannotGoBack() async throws {
            let host = try await AppHost(onboarded: false)
            let tester = UITester(host: host)
            try await tester.waitForElement(label: "Welcome to Earshot", traits: .header)
            try await tester.tap(label: "Continue")
            try await tester.waitForElement(label: "Text size", traits: .adjustable, value: "Large, 100 percent")
            host.focus(identifier: "onboarding.textSize")
            for _ in 0..<5 { host.press(Keys.up) }
            try await tester.waitForElement(
                label: "Text size", traits: .adjustable, value: "Accessibility Large, 194 percent")
            try await tester.expectSpoken("Accessibility Large, 194 percent")
            // Nothing is written before onboarding ends: a file would mark it done, and a
            // terminal closed here would skip the rest next time.
            #expect(!FileManager.default.fileExists(atPath: host.settingsPath), "written mid-onboarding")
            try await tester.tap(label: "Continue")
            try await tester.waitForElement(label: "Speech rate", traits: .adjustable)
            host.focus(identifier: "onboarding.rate")
            host.press(Keys.up)
            try await tester.tap(label: "Continue")
            try await tester.tap(label: "Use the local workspace")
            try await waitForMain(tester)
            // Escape cannot return to onboarding: Main is a head screen.
            host.press(Keys.escape)
            try await tester.waitForAbsence(label: "Welcome to Earshot")
            try await tester.expectSpoken("Nothing to go back to")
            let saved = try String(contentsOfFile: host.settingsPath, encoding: .utf8)
            #expect(saved.contains("accessibilityLarge"))
            #expect(saved.contains("rate ="), "the rate chosen in onboarding is kept: \(saved)")
        }
    }
}

extension AppSuites {
    @Suite struct MainScreenTests {
        @Test func mainShowsTheChannelMessagesAndComposer() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            try await waitForMain(tester)
            try await tester.waitForElement(label: "Message #welcome", traits: .textField)
            let messages = host.tree.allElements.filter { $0.traits.contains(.message) }
            #expect(messages.count >= 3)
            #expect(messages.allSatisfy { $0.hint == "Press A for actions." })
            #expect(messages.contains { $0.value.contains("reaction") })
            #expect(messages.contains { $0.value.contains("repl") })
        }

        @Test func addAReactionThroughTheSheetAndThePicker() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            let newest = try #require(host.tree.allElements.last { $0.traits.contains(.message) })
            let identifier = try #require(newest.identifier)
            host.focus(identifier: identifier)
            host.press(Keys.text("a"))
            try await tester.waitForElement(label: "Message actions", traits: .header)
            try await tester.expectSpoken("Message actions")
            host.press(Keys.shiftUp)
            try await tester.waitForElement(label: "Set how Earshot is said", traits: .button)
            try await tester.tap(label: "Add reaction")
            try await tester.waitForElement(label: "Search emoji", traits: .searchField)
            try await tester.waitForElement(label: "Clear text", traits: .button)
            try await tester.enterText("thumbs", intoElementLabeled: "Search emoji")
            let pick = try await tester.waitForElement(label: "thumbs up", traits: .button)
            #expect(pick.element.hint == "Press Enter to pick this emoji.")
            try await tester.tap(label: "thumbs up")
            try await tester.waitForAbsence(label: "Emoji picker")
            try await tester.expectSpoken("Reacted with thumbs up")
            let id = try #require(Int64(identifier.dropFirst("message.".count)))
            let stored = try #require(try host.workspace.store.message(id: id))
            #expect(stored.reactions["👍"]?.contains("you") == true)
            // In the picker again, the reaction given is selected, and Enter takes it back.
            host.focus(identifier: identifier)
            host.press(Keys.text("a"))
            try await tester.waitForElement(label: "Message actions", traits: .header)
            try await tester.tap(label: "Add reaction")
            try await tester.enterText("thumbs", intoElementLabeled: "Search emoji")
            let given = try await tester.waitForElement(label: "thumbs up", traits: [.button, .selected])
            #expect(given.element.hint == "Press Enter to take your reaction back.")
            let other = try await tester.waitForElement(label: "thumbs down", traits: .button)
            #expect(!other.element.traits.contains(.selected))
            try await tester.tap(label: "thumbs up")
            try await tester.expectSpoken("Removed your thumbs up reaction")
            #expect(try host.workspace.store.message(id: id)?.reactions["👍"] == nil)
        }

        @Test func sendingAMessageStoresAndShowsIt() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            try await tester.enterText("hello from a test", intoElementLabeled: "Message #welcome")
            try await tester.tap(label: "Message #welcome")
            let sent = host.tree.allElements.last { $0.traits.contains(.message) }
            #expect(sent?.value == "hello from a test")
            #expect(host.output.written.contains("hello from a test"))
        }

        /// The lesson's message with replies, its thread opened from its actions; returned.
        func openThread(_ host: AppHost, _ tester: UITester) async throws -> Element {
            let withReplies = try #require(host.tree.allElements.first { $0.value.contains("repl") })
            host.focus(identifier: withReplies.identifier ?? "")
            host.press(Keys.text("a"))
            try await tester.tap(label: "Reply in thread")
            try await tester.waitForElement(label: "Thread", traits: .header)
            try await tester.waitForElement(label: "Reply in thread", traits: .textField)
            return withReplies
        }

        @Test func threadOpensAndEscapeReturns() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            _ = try await openThread(host, tester)
            host.press(Keys.escape)
            try await tester.waitForAbsence(label: "Thread", traits: .header)
            try await waitForMain(tester)
        }

        /// A reaction to a thread's first message, given in the thread, shows there at once (the
        /// thread was read again with its first message as it was shown, without the reaction).
        @Test func aReactionToAThreadsFirstMessageShowsInTheThread() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            let root = try await openThread(host, tester)
            host.focus(identifier: root.identifier ?? "")
            host.press(Keys.text("a"))
            try await tester.tap(label: "React with party popper")
            try await tester.expectSpoken("Reacted with party popper")
            try await tester.waitForElement(label: "Thread", traits: .header)
            // The thread is read again in the same turn as the reaction is stored and said.
            host.runtime.waitUntilIdle()
            let shown = host.tree.allElements.first { $0.identifier == root.identifier }?.value ?? ""
            #expect(shown.contains("party popper"), "\(shown)")
        }

        @Test func keyHelpIsANavigableList() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            host.press(Keys.text("?"))
            try await tester.waitForElement(label: "Key help", traits: .header)
            #expect(host.focusedLabel == "Right or Tab")
            host.press(Keys.right)
            #expect(host.focusedLabel == "Left or Shift-Tab")
            host.press(Keys.escape)
            try await tester.waitForAbsence(label: "Key help")
        }

        @Test func settingsTextSizeStepsAreSpokenAndWritten() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            try await tester.tap(label: "Settings")
            try await tester.waitForElement(label: "Text size", traits: .adjustable)
            host.focus(identifier: "settings.textSize")
            host.press(Keys.up, Keys.up)
            try await tester.expectSpoken("Extra Extra Large, 124 percent")
            let saved = try String(contentsOfFile: host.settingsPath, encoding: .utf8)
            #expect(saved.contains("extraExtraLarge"))
            #expect(saved.contains("# my settings"))
        }

        @Test func everyShippedScreenPassesTheAudit() async throws {
            let host = try await AppHost()
            let screens = ScreenAudit.trees(workspace: host.workspace)
            #expect(screens.count >= 15)
            let findings = ScreenAudit.findings(workspace: host.workspace)
            #expect(findings.isEmpty, "\(findings.map { "\($0.screen): \($0.finding)" })")
        }
    }
}

extension Element {
    /// Every element in the tree, in reading order, hidden ones included.
    var allElements: [Element] {
        var result: [Element] = []
        walk { element, _ in
            result.append(element)
            return true
        }
        return result
    }
}

/// Main's channel header: "#welcome, N unread".
@discardableResult
func waitForMain(_ tester: UITester) async throws -> FoundElement {
    let header = try await tester.waitForElement(identifier: "main.header")
    #expect(header.element.label.hasPrefix("#welcome, "))
    #expect(header.element.label.hasSuffix(" unread"))
    return header
}

extension AppSuites {
    @Suite struct EscapeChainTests {
        @Test func escapeDismissesTheSheetThenCollapsesTheDrawerThenSaysThereIsNothingToGoBackTo() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            host.focus(identifier: "drawer.search")
            host.press(Keys.shiftUp)
            try await tester.waitForElement(label: "Channels, just 1")
            try await tester.expectSpoken("Channels, just 1")
            let newest = try #require(host.tree.allElements.last { $0.traits.contains(.message) })
            host.focus(identifier: newest.identifier ?? "")
            host.press(Keys.text("a"))
            try await tester.waitForElement(label: "Message actions", traits: .header)
            host.press(Keys.escape)
            try await tester.waitForAbsence(label: "Message actions")
            #expect(host.focusedLabel == newest.label)  // focus back on the message that opened it
            host.press(Keys.escape)
            try await tester.waitForElement(label: "Channels, search only")
            host.press(Keys.escape)
            try await tester.expectSpoken("Nothing to go back to")
        }

        @Test func escapeStepsBackThroughOnboarding() async throws {
            let host = try await AppHost(onboarded: false)
            let tester = UITester(host: host)
            try await tester.tap(label: "Continue")
            try await tester.waitForElement(label: "Text size", traits: .header)
            host.press(Keys.escape)
            try await tester.waitForElement(label: "Welcome to Earshot", traits: .header)
        }
    }
}
