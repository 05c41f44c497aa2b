import AccessibilityTesting
import Chat
import Foundation
import Settings
import Testing

@testable import App

/// People to follow (`speech.follow`): their messages are said from every channel, with the
/// channel's name, whatever the channel's policy; an action on a person follows them.
extension AppSuites {
    @Suite struct FollowTests {
        @Test func aFollowedPersonIsSaidFromAnyChannelWhateverItsPolicy() async throws {
            let host = try await AppHost(settingsText: "[speech]\nmessages = \"none\"\nfollow = [\"Kim\"]\n")
            let workspace = host.workspace
            let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
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
        core.carryOut(.follow("KIM", false))
        #expect(core.state.settings.speech.follow.isEmpty, "names compare as the server's do")
    }
}
