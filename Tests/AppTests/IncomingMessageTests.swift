import AccessibilityTesting
import Chat
import Foundation
import Speech
import Testing
@testable import App

extension AppSuites {
    @Suite struct IncomingMessageTests {
        func deliver(_ host: AppHost, _ messages: [NewMessage]) throws {
            let stored = try host.workspace.store.insert(messages).inserted
            host.post(.chat(.messages(stored)))
        }

        @Test func aMessageInTheFocusedChannelIsAnnouncedPolitely() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            try deliver(host, [NewMessage(channelID: channel, msgid: "m1", author: "alice", text: "coffee?", time: Date())])
            let spoken = host.spoken.filter { $0.text.contains("coffee?") }
            #expect(spoken.count == 1)
            #expect(spoken.first?.priority == "low")
            #expect(spoken.first?.voice == "announcer")
            #expect(host.output.written.contains("coffee?"))
        }

        @Test func messagesElsewhereStartWithTheChannelAndCoalesceWithTheRightCount() async throws {
            let host = try await AppHost()
            let workspace = host.workspace
            let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
            // Three arrive one after another, faster than the first can be said.
            for index in 1...3 {
                let stored = try workspace.store.insert([NewMessage(channelID: random.id, author: "bob", text: "elsewhere \(index)", time: Date())]).inserted
                host.runtime.post(.chat(.messages(stored)))
            }
            host.settleNow()
            // The other two wait for the first and for the announcer's pacing, then coalesce.
            try await UITester(host: host).expectSpoken("2 new messages in hash random")
            let texts = host.spokenTexts
            #expect(texts.contains("hash random, bob: elsewhere 1"), "\(texts)")
            #expect(!texts.contains { $0.contains("1 new messages") })
        }

        @Test func aMentionIsAssertive() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            try deliver(host, [NewMessage(channelID: channel, author: "carol", text: "you: can you look?", time: Date())])
            let mention = host.spoken.first { $0.text.hasPrefix("carol mentioned you") }
            #expect(mention?.priority == "high")
        }

        @Test func escapeSequencesFromTheNetworkNeverReachTheTerminal() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            try deliver(host, [NewMessage(channelID: channel, author: "mallory", text: "hi\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m", time: Date())])
            let written = host.output.written
            #expect(!written.contains("\u{1B}[2J"))
            #expect(!written.contains("\u{1B}]0;"))
            #expect(!written.contains("\u{9B}"))
            #expect(written.contains("hi"))
        }

        @Test func disconnectsAndReconnectsAreAnnounced() async throws {
            let host = try await AppHost()
            host.post(.chat(.disconnected(reason: "connection reset")))
            host.post(.chat(.reconnected))
            let texts = host.spoken.filter { $0.priority == "high" }.map(\.text)
            #expect(texts.contains("Disconnected: connection reset"))
            #expect(texts.contains("Reconnected"))
        }

        @Test func typingComesFromTheTypingTracker() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            host.post(.chat(.typing(channelID: channel, nick: "bob", state: .active)))
            #expect(host.tree.allElements.contains { $0.label == "bob is typing" })
            host.post(.chat(.typing(channelID: channel, nick: "bob", state: .done)))
            #expect(!host.tree.allElements.contains { $0.label == "bob is typing" })
        }
    }
}
