import AccessibilityTesting
@_spi(StoreWriting) import Chat
import Foundation
import Settings
import Testing

@testable import App
@testable import ClientCore

/// People to follow (`speech.follow`): their messages are said from every channel, with the
/// channel's name, whatever the channel's policy; an action on a person follows them.
extension AppSuites {
    @Suite struct FollowTests {
        @Test func aFollowedPersonIsSaidFromAnyChannelWhateverItsPolicy() async throws {
            let host = try await AppHost(settingsText: "[speech]\nmessages = \"none\"\nfollow = [\"Kim\"]\n")
            let workspace = host.workspace
            let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
            // Named by the chat layer before anything in it, as a server's channel is.
            host.post(.chat(.channel(random)))
            let messages = [
                NewMessage(channelID: random.id, author: "bob", text: "lunch anyone", time: Date()),
                NewMessage(channelID: random.id, author: "kim", text: "deploy is done", time: Date()),
            ]
            host.post(.chat(.messages(try workspace.store.insert(messages).inserted)))
            try await UITester(host: host).expectSpoken("hash random, kim: deploy is done")
            #expect(!host.spokenTexts.contains { $0.contains("lunch") }, "bob is not followed: \(host.spokenTexts)")
        }
    }
}

@Suite struct FollowCoreTests {
    @Test func theActionOnAPersonFollowsThemAndWritesTheFile() throws {
        var (core, _) = AppCoreTests.openCore()
        core.carryOut(.follow("kim", true))
        let effects = core.effects
        #expect(core.state.settings.speech.follow == ["kim"])
        #expect(AppCoreTests.written(effects)[["speech", "follow"]] == .array([.string("kim")]))
        let more = core.handle(.tick, at: .seconds(3))
        #expect(
            AppCoreTests.spoken(effects + more).contains("kim's messages will be said from every channel"),
            "\(AppCoreTests.spoken(effects + more))")
        // A nick change keeps them followed, and the file says so.
        let renamed = core.handle(
            .chat(.server(.nickChanged(from: "Kim", to: "kimberly", isSelf: false), channelID: nil)), at: .seconds(4))
        #expect(core.state.settings.speech.follow == ["kimberly"], "names compare as the server's do")
        #expect(AppCoreTests.written(renamed)[["speech", "follow"]] == .array([.string("kimberly")]))
        core.carryOut(.follow("KIMBERLY", false))
        #expect(core.state.settings.speech.follow.isEmpty)
    }
}

/// A on a person opens their actions as a sheet, as the hint says; Enter on one does it.
@Suite struct ElementActionsCoreTests {
    @Test func aOnAPersonOpensTheirActionsAndEnterFollowsThem() {
        var (core, _) = AppCoreTests.openCore()
        core.state.channels[0].members = ["kim", "you"]
        core.carryOut(.showNames(channelID: 10))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 1)
        _ = core.navigator.focus(identifier: ElementID.member("kim").identifier)
        var effects = core.handle(.key(.character("a")), at: .seconds(2))
        effects += IRCEventsCoreTests.finishTransitions(&core, at: 3)
        #expect(
            AppCoreTests.spoken(effects).contains { $0.hasPrefix("kim actions") }, "\(AppCoreTests.spoken(effects))")
        var labels: [String] = []
        core.tree.root.walk { element, _ in
            if element.identifier?.hasPrefix("actions.element.") == true { labels.append(element.label) }
            return true
        }
        #expect(labels == ["Set how kim is said", "Say kim's messages from every channel"], "\(labels)")
        _ = core.navigator.focus(identifier: ElementID.elementAction(1).identifier)
        effects = core.handle(.key(.enter), at: .seconds(5))
        effects += IRCEventsCoreTests.finishTransitions(&core, at: 6)
        #expect(core.state.settings.speech.follow == ["kim"])
        // Only kim's actions close: the list of people stays, for following another.
        #expect(core.state.activeSheet?.kind == .names(channelID: 10), "\(core.state.sheets)")
        #expect(core.navigator.focusedElement?.identifier == ElementID.member("kim").identifier)
        #expect(
            AppCoreTests.spoken(effects).contains("kim's messages will be said from every channel"),
            "\(AppCoreTests.spoken(effects))")

        // The listener's own entry (named "you" here, as without $USER): not "you, you", and
        // no following oneself.
        let own = core.tree.root.allElements.first { $0.identifier == ElementID.member("you").identifier }
        #expect(own?.label == "you" && own?.value.isEmpty == true, "\(String(describing: own))")
        _ = core.navigator.focus(identifier: ElementID.member("you").identifier)
        _ = core.handle(.key(.character("a")), at: .seconds(7))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 8)
        labels = []
        core.tree.root.walk { element, _ in
            if element.identifier?.hasPrefix("actions.element.") == true { labels.append(element.label) }
            return true
        }
        #expect(labels == ["Set how your name is said"], "\(labels)")
    }
}
