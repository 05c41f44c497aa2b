import AccessibilityTesting
@_spi(StoreWriting) import Chat
import Foundation
import Settings
import Testing

@testable import App
@testable import ClientCore

/// The switches a chat reader asks for, each read from the real settings file and each in the
/// settings sheet: others' typing said or not, one's own typing sent or not, emoji by name, by a
/// short name or not at all, a run of one emoji said once with its count.
extension AppSuites {
    @Suite struct ReaderSwitchesTests {
        func deliver(_ host: AppHost, _ text: String) throws {
            let message = NewMessage(channelID: host.workspace.welcome.id, author: "kim", text: text, time: Date())
            host.post(.chat(.messages(try host.workspace.store.insert([message]).inserted)))
        }

        // One host a test: the engine's libespeak-ng is one per process.
        @Test func othersTypingIsShownButNotSaidWhenTheFileSaysSo() async throws {
            let host = try await AppHost(settingsText: "[speech]\ntyping = false\n")
            host.post(
                .chat(
                    .server(
                        .typing(channel: host.workspace.welcome.name, nick: "bob", state: .active),
                        channelID: host.workspace.welcome.id)))
            #expect(host.tree.allElements.contains { $0.label == "bob is typing" }, "shown all the same")
            // A message after it is said: had the typing been said, it would have come first.
            try deliver(host, "hello")
            try await UITester(host: host).expectSpoken("kim: hello")
            #expect(!host.spokenTexts.contains { $0.contains("typing") }, "\(host.spokenTexts)")
        }

        @Test func othersTypingIsSaidByDefault() async throws {
            let host = try await AppHost()
            host.post(
                .chat(
                    .server(
                        .typing(channel: host.workspace.welcome.name, nick: "bob", state: .active),
                        channelID: host.workspace.welcome.id)))
            try await UITester(host: host).expectSpoken("bob is typing")
        }

        @Test func aRunOfOneEmojiIsSaidOnceWithItsCount() async throws {
            let host = try await AppHost()
            try deliver(host, "ship it 🔥🔥🔥🔥")
            try await UITester(host: host).expectSpoken("kim: ship it, fire, 4 times")
        }

        @Test func emojiBySpokenShortNameWhenTheFileSaysSo() async throws {
            let host = try await AppHost(settingsText: "[speech]\nemoji = \"short\"\n")
            try deliver(host, "👍🏽 👍🏽 👍🏽")
            try await UITester(host: host).expectSpoken("kim: thumbs up, 3 times")
        }

        @Test func emojiNotSaidWhenTheFileSaysSo() async throws {
            let host = try await AppHost(settingsText: "[speech]\nemoji = \"none\"\n")
            try deliver(host, "done 🎉")
            try await UITester(host: host).expectSpoken("kim: done")
            #expect(!host.spokenTexts.contains { $0.contains("party") }, "\(host.spokenTexts)")
        }

        @Test func theSheetSwitchesEachAndWritesTheFile() async throws {
            let host = try await AppHost()
            let tester = UITester(host: host)
            try await tester.tap(label: "Settings")
            try await tester.waitForElement(label: "Emoji", traits: .adjustable, value: "by name")
            host.focus(identifier: ElementID.setting(.speechEmoji).identifier)
            host.press(Keys.up)
            try await tester.waitForElement(label: "Emoji", traits: .adjustable, value: "by a short name")
            host.focus(identifier: ElementID.setting(.speechTyping).identifier)
            host.press(Keys.enter)
            host.focus(identifier: ElementID.setting(.ircSendTyping).identifier)
            try await tester.waitForElement(label: "Tell others I am typing", traits: [.toggleButton, .selected])
            host.press(Keys.enter)
            try await tester.waitForElement(label: "Tell others I am typing", traits: .toggleButton)
            let saved = try String(contentsOfFile: host.settingsPath, encoding: .utf8)
            let read = Settings.decode(text: saved, file: host.settingsPath)
            #expect(read.problems.isEmpty, "\(read.problems)")
            #expect(read.settings.speech.emoji == .short, "\(saved)")
            #expect(read.settings.speech.typing == false, "\(saved)")
            #expect(read.settings.sendTyping == false, "\(saved)")
        }
    }
}

/// One's own typing is not sent when `irc.send_typing` is off.
@Suite struct SendTypingCoreTests {
    @Test func typingIsNotSentWhenTheSettingIsOff() {
        var settings = Settings()
        settings.sendTyping = false
        var core = AppCore(
            .init(
                settings: settings, onboarded: true, terminalRows: 24, localNetworkID: 1, welcomeChannelID: 10,
                nick: "you", localTime: .fixed(origin: Date()), emoji: .installed))
        _ = core.handle(.start(problems: []), at: .zero)
        let irc = ChatChannel(id: 20, networkID: 2, name: "#a")
        _ = core.handle(
            .loaded(ChatSnapshot(load: .init(channelID: 20, purpose: .open), channels: [irc], messages: [])), at: .zero)
        let typed = core.handle(.key(.character("h")), at: .seconds(1))
        #expect(!typed.contains(.send(.typing(in: "#a"), network: 2)))
        let sent = core.handle(.key(.enter), at: .seconds(2))
        #expect(sent.contains(.send(.message("h", to: "#a", replyTo: nil), network: 2)))
        #expect(!sent.contains(.send(.stoppedTyping(in: "#a"), network: 2)))
    }
}

/// A sound pack that is not there, or has a file that cannot be read, is said once; its cues
/// keep the built-in tones.
@Suite struct SoundPackCoreTests {
    @Test func aMissingPackOrAnUnreadableFileIsSaid() {
        var (core, _) = AppCoreTests.openCore()
        let missing = core.handle(.soundPack(name: "loud", found: false, unreadable: []), at: .seconds(1))
        #expect(
            AppCoreTests.spoken(missing).contains {
                $0.hasPrefix("No sound pack named loud: the built-in tones play")
            }, "\(AppCoreTests.spoken(missing))")
        // Low: after what is being said (here, nothing on a fresh core).
        var (other, _) = AppCoreTests.openCore()
        let broken = other.handle(.soundPack(name: "soft", found: true, unreadable: ["error.wav"]), at: .seconds(2))
        #expect(
            AppCoreTests.spoken(broken).contains {
                $0.hasPrefix("Sound pack soft: error.wav cannot be read, so its cue plays the built-in tone")
            }, "\(AppCoreTests.spoken(broken))")
        // A change of `sounds.pack` in the file reads the pack again.
        var new = core.state.settings
        new.sounds.pack = "soft"
        let changed = core.handle(
            .settings(SettingsUpdate(kind: .reload, old: core.state.settings, new: new, problems: [], applied: true)),
            at: .seconds(6))
        #expect(changed.contains(.loadSoundPack("soft")))
        #expect(
            AppCoreTests.spoken(changed).contains { $0.contains("Sound pack: soft") }, "\(AppCoreTests.spoken(changed))"
        )
    }
}
