import Accessibility
import AccessibilityTesting
@_spi(StoreWriting) import Chat
import Foundation
import Testing

@testable import App
@testable import ClientCore

/// Each of these was heard wrong by a listener before the core was rebuilt (issue 10, "Why").
extension AppSuites {
    @Suite struct PhraseRegressionTests {
        @Test func aToggleSaysItsStateOnceAndTheNewStateWhenSwitched() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            try await tester.tap(label: "Settings")
            host.focus(identifier: ElementID.setting(.speechHints).identifier)
            #expect(host.spokenTexts.last { $0.hasPrefix("Hints") } == "Hints, toggle, on.")
            #expect(!host.spokenTexts.contains { $0.contains("on, toggle") || $0.contains("off, toggle") })
            let before = host.spoken.count
            host.press(Keys.enter)
            #expect(host.spokenTexts.dropFirst(before).contains("off"))
            host.focus(identifier: ElementID.setting(.displayReduceMotion).identifier)
            #expect(host.spokenTexts.last { $0.hasPrefix("Reduce motion") } == "Reduce motion, toggle, off.")
        }

        @Test func sendingAMessageNeverSaysNotSelected() async throws {
            let host = try await AppHost()
            host.focus(identifier: ElementID.composer.identifier)
            let before = host.spoken.count
            host.press(Keys.text("h"), Keys.text("i"), Keys.enter)
            let after = host.spokenTexts.dropFirst(before)
            #expect(!after.contains { $0.contains("selected") }, "\(Array(after))")
            #expect(host.tree.allElements.last { $0.traits.contains(.message) }?.value == "hi")
        }

        @Test func keysInTheRotorLessonAreSpokenNotDropped() async throws {
            let host = try await AppHost()
            let lesson = try #require(host.tree.allElements.first { $0.value.contains("change the rotor setting") })
            host.focus(identifier: lesson.identifier ?? "")
            let spoken = try #require(host.spokenTexts.last { $0.contains("change the rotor setting") })
            #expect(spoken.contains("right bracket and left bracket, change the rotor setting"), "\(spoken)")
        }

        @Test func everyVoiceSaysTheChannelNameTheSameWay() async throws {
            let host = try await AppHost()
            let texts = host.spokenTexts
            #expect(texts.contains { $0.hasPrefix("hash welcome, ") }, "\(texts)")
            #expect(!texts.contains { $0.contains("#") }, "\(texts)")
        }

        @Test func shiftDownAtAShortFormDismissesTheSheetAndSaysWhereFocusIs() async throws {
            let host = try await AppHost()
            let message = try #require(host.tree.allElements.last { $0.traits.contains(.message) })
            host.focus(identifier: message.identifier ?? "")
            host.press(Keys.text("a"))
            #expect(host.tree.allElements.contains { $0.label == "Message actions" && $0.isModal })
            let before = host.spoken.count
            host.press(Keys.shiftDown)
            #expect(!host.tree.allElements.contains { $0.label == "Message actions" && $0.isModal })
            #expect(host.focusedIdentifier == message.identifier)
            #expect(host.spokenTexts.dropFirst(before).contains { $0.hasPrefix(message.label) })
        }

        @Test func openingAChannelSaysItsHeadingFirstThenFocusesItsFirstUnreadMessage() async throws {
            let host = try await AppHost()
            let workspace = host.workspace
            let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
            // Named by the chat layer before anything in it, as a server's channel is.
            host.post(.chat(.channel(random)))
            let inserted = try workspace.store.insert([
                NewMessage(channelID: random.id, author: "kim", text: "old news", time: Date().addingTimeInterval(-60)),
                NewMessage(channelID: random.id, author: "kim", text: "deploy is done", time: Date()),
            ]).inserted
            try workspace.store.setReadMarker(channel: random.id, at: inserted[0].id, unread: 1)
            host.post(.chat(.server(.members(channel: random.name, nicks: ["kim"]), channelID: random.id)))
            host.focus(identifier: ElementID.drawerSearch.identifier)
            host.press(Keys.shiftUp)
            host.focus(identifier: ElementID.channel(random.id).identifier)
            let before = host.spoken.count
            host.press(Keys.enter)
            let after = Array(host.spokenTexts.dropFirst(before))
            #expect(after.first == "hash random, 1 unread", "\(after)")
            #expect(after.dropFirst().first?.hasPrefix("kim, ") == true, "\(after)")
            #expect(after.dropFirst().first?.contains("deploy is done") == true, "\(after)")
            #expect(!after.dropFirst().contains { $0.contains("old news") })
            #expect(host.focusedIdentifier == ElementID.message(inserted[1].id).identifier)
        }

        @Test(arguments: [
            ("?", "Key help, 37 keys"), ("s", "Settings"),
        ])
        func sheetsCountWhatTheyList(key: String, phrase: String) async throws {
            let host = try await AppHost()
            if key == "s" {
                try await UITester(host: host).tap(label: "Settings")
            } else {
                host.press(Keys.text(key))
            }
            #expect(host.spokenTexts.contains(phrase), "\(host.spokenTexts.suffix(4))")
            #expect(!host.spokenTexts.contains { $0.hasSuffix(" actions") })
        }

        @Test func theWelcomeIsSaidOnceAtStart() async throws {
            let host = try await AppHost(onboarded: false)
            #expect(host.spokenTexts.filter { $0.contains("Welcome to Earshot") }.count == 1, "\(host.spokenTexts)")
        }

        @Test func theUnreadRotorFindsWhatTheHeadingCounts() async throws {
            let host = try await AppHost()
            let heading = try #require(host.tree.allElements.first { $0.identifier == ElementID.mainHeader.identifier })
            let unread = host.tree.allElements.filter { $0.traits.contains(.unread) }
            #expect(heading.label == "#welcome, \(unread.count) unread")
            #expect(unread.count > 1)
            host.press(Keys.home)
            for _ in 0..<5 { host.press(Keys.controlRight) }
            #expect(host.spokenTexts.last == "Unread")
            host.press(Keys.down)
            let focused = try #require(host.core.navigator.focusedElement)
            // It was unread (once heard in full, it is read).
            #expect(unread.contains { $0.identifier == focused.identifier }, "\(focused.label)")
        }
    }
}
