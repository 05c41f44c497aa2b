import ChatModel
import Foundation
import Settings
import Synchronization
import Testing
import UnicodeData

@testable import ClientCore

/// Unicode's emoji data (about 600 KB read and 5,000 names kept) is read only when something
/// shown or said holds an emoji outside the common ones, never for start-up: the core asks
/// ``EmojiData/catalog`` only then.
struct EmojiOnDemandCoreTests {
    /// Emoji data that counts how often its catalogue was asked for.
    final class CountingData: Sendable {
        let asked = Mutex(0)
        var data: EmojiData {
            EmojiData(
                catalog: { [self] in
                    asked.withLock { $0 += 1 }
                    return .shared
                }, keywords: { .shared })
        }
        var count: Int { asked.withLock { $0 } }
    }

    func core(emoji: EmojiData, braille: Bool) -> AppCore {
        AppCore(
            AppCore.Configuration(
                settings: Settings(), onboarded: true, terminalRows: 24, localNetworkID: AppCoreTests.local,
                welcomeChannelID: 10, nick: "you", localTime: .fixed(origin: Date()), emoji: emoji, braille: braille))
    }

    func message(_ id: Int64, _ text: String, reactions: [String: [String]] = [:]) -> ChatMessage {
        var message = ChatMessage(id: id, channelID: 10, msgid: "m\(id)", author: "ada", text: text, time: Date())
        message.reactions = reactions
        return message
    }

    @Test(arguments: [false, true])
    func startingWithPlainTextAndCommonReactionsReadsNoEmojiData(braille: Bool) {
        let counting = CountingData()
        var core = core(emoji: counting.data, braille: braille)
        _ = core.handle(.start(problems: []), at: .zero)
        let load = ChatLoad(channelID: 10, purpose: .open)
        let messages = [
            message(101, "Welcome — the lesson starts here…", reactions: ["👍": ["kim"], "🎉": ["bob", "kim"]]),
            message(102, "Press Down to read on", reactions: ["❤️": ["kim"]]),
        ]
        _ = core.handle(
            .loaded(ChatSnapshot(load: load, channels: [AppCoreTests.welcome], messages: messages)),
            at: .milliseconds(1))
        // The reactions are named from the common set.
        let screen = core.tree.root.spokenTree()
        #expect(screen.contains("thumbs up") && screen.contains("2 party popper"), "\(screen)")
        #expect(screen.contains("red heart"), "\(screen)")
        #expect(counting.count == 0, "the catalogue was read at start")

        // A rare emoji as a reaction needs the names: the data is read then.
        _ = core.handle(.chat(.messages([message(103, "look", reactions: ["🦩": ["kim"]])])), at: .seconds(1))
        #expect(counting.count > 0, "a flamingo was named without the catalogue")
        #expect(core.tree.root.spokenTree().contains("flamingo"))
    }
}
