import AccessibilityTesting
@_spi(StoreWriting) import Chat
import Foundation
import Settings
import Speech
import Testing

@testable import App
@testable import ClientCore

/// A voice per speaker, read from the real settings file and said by the real engine: each
/// person's messages in their own voice, as they arrive and as they are read again; the
/// listener's own in the reading voice; and, with `names = "never"`, without the name.
extension AppSuites {
    @Suite struct SpeakerVoicesTests {
        func deliver(_ host: AppHost, _ author: String, _ text: String) throws {
            let message = NewMessage(channelID: host.workspace.welcome.id, author: author, text: text, time: Date())
            host.post(.chat(.messages(try host.workspace.store.insert([message]).inserted)))
        }

        func record(_ host: AppHost, _ text: String) -> TranscriptRecord? {
            host.spokenRecords.last { $0.text == text }
        }

        @Test func eachPersonIsSaidInTheirVoiceAndTheListenerInTheReadersVoice() async throws {
            let host = try await AppHost(settingsText: "[speech]\nspeaker_voices = true\n")
            let tester = UITester(host: host)
            try deliver(host, "kim", "deploy is done")
            try await tester.expectSpoken("kim: deploy is done")
            try deliver(host, "bob", "tests pass")
            try await tester.expectSpoken("bob: tests pass")
            #expect(record(host, "kim: deploy is done")?.speaker == SpeakerVoice(nick: "kim").number + 1)
            #expect(record(host, "bob: tests pass")?.speaker == SpeakerVoice(nick: "bob").number + 1)
            #expect(SpeakerVoice(nick: "kim") != SpeakerVoice(nick: "bob"))
            #expect(record(host, "kim: deploy is done")?.voice == .announcer, "still an announcement")

            // Read again, by review: bob's in his voice, kim's in hers.
            host.press(Keys.altUp)
            try await tester.expectSpoken("tests pass")
            let reviewed = try #require(host.spokenRecords.last)
            #expect(reviewed.text.hasPrefix("bob, "), "\(reviewed)")
            #expect(reviewed.speaker == SpeakerVoice(nick: "bob").number + 1)
            #expect(reviewed.voice == .reader)
            // Alt-L says it again in the same voice.
            host.press(Array("\u{1B}l".utf8))
            _ = try await TmuxSession.waitUntil(timeout: .seconds(30)) {
                host.spokenRecords.filter { $0.text == reviewed.text }.count >= 2
            }
            let again = host.spokenRecords.filter { $0.text == reviewed.text }
            #expect(again.count == 2 && again.last?.speaker == reviewed.speaker, "\(again)")

            // The listener's own line, said again by Alt-Shift-1 (the newest), is in the reading voice.
            try deliver(host, host.core.state.nick, "on my way")
            host.press(Array("\u{1B}!".utf8))
            try await tester.expectSpoken("You, ")
            let own = try #require(host.spokenRecords.last { $0.text.hasPrefix("You, ") })
            #expect(own.speaker == nil, "\(own)")
            // The client's own words are never in a speaker's voice; the local guide's messages
            // ("Earshot, Welcome to Earshot") are in Earshot's.
            let channel = try #require(host.spokenRecords.first { $0.text.hasPrefix("hash welcome") })
            #expect(channel.speaker == nil)
            let inVoices = host.spokenRecords.filter { $0.speaker != nil }.map(\.text)
            #expect(
                inVoices.allSatisfy { ["Earshot, ", "kim: ", "bob: ", "bob, "].contains(where: $0.hasPrefix) },
                "\(inVoices)")
        }

        @Test func withNamesNeverTheOpenChannelSaysTheWordsAlone() async throws {
            let host = try await AppHost(settingsText: "[speech]\nspeaker_voices = true\nnames = \"never\"\n")
            try deliver(host, "kim", "deploy is done")
            try await UITester(host: host).expectSpoken("deploy is done")
            let said = try #require(record(host, "deploy is done"), "\(host.spokenTexts)")
            #expect(said.speaker == SpeakerVoice(nick: "kim").number + 1)
            #expect(!host.spokenTexts.contains("kim: deploy is done"))
        }

        @Test func byDefaultEveryoneIsInTheAnnouncersVoice() async throws {
            let host = try await AppHost()
            try deliver(host, "kim", "hello")
            try await UITester(host: host).expectSpoken("kim: hello")
            #expect(host.spokenRecords.allSatisfy { $0.speaker == nil })
            #expect(
                host.transcriptLines.allSatisfy { !$0.contains("\"speaker\"") }, "the key is written only when used")
        }
    }
}

/// A person keeps their voice through a nick change; the listener's own lines in the local
/// workspace are theirs after a restart with a server.
@Suite struct SpeakerVoicesCoreTests {
    @Test func aRenamedPersonKeepsTheirVoice() {
        var (core, _) = AppCoreTests.openCore { $0.speech.speakerVoices = true }
        core.state.channels[0].members = ["kim", "you"]
        _ = core.handle(
            .chat(.server(.nickChanged(from: "kim", to: "kimberly", isSelf: false), channelID: nil)), at: .seconds(1))
        #expect(core.speakerVoice("kimberly") == SpeakerVoice(nick: "kim"))
        #expect(core.speakerVoice("KIMBERLY") == SpeakerVoice(nick: "kim"))
    }

    @Test func theLocalWorkspacesOwnLinesAreTheListenersWithAServerToo() {
        var configuration = AppCore.Configuration(
            settings: Settings(), onboarded: true, terminalRows: 24, localNetworkID: AppCoreTests.local,
            welcomeChannelID: 10, nick: "sam", localTime: .fixed(origin: Date()), emoji: .installed, expectsIRC: true)
        configuration.localNick = "you"
        let core = AppCore(configuration)
        var state = core.state
        state.channels = [AppCoreTests.welcome]
        let own = ChatMessage(id: 1, channelID: 10, author: "you", text: "hello there", time: Date())
        #expect(state.isOwn(own))
    }
}
