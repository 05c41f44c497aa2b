import AccessibilityTesting
@_spi(StoreWriting) import Chat
import Foundation
import Speech
import Testing

@testable import App
@testable import ClientCore

extension AppSuites {
    @Suite struct IncomingMessageTests {
        func deliver(_ host: AppHost, _ messages: [NewMessage]) throws {
            let stored = try host.workspace.store.insert(messages).inserted
            host.post(.chat(.messages(stored)))
        }

        @Test func aMessageInTheFocusedChannelIsAnnouncedPolitely() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            try deliver(
                host, [NewMessage(channelID: channel, msgid: "m1", author: "alice", text: "coffee?", time: Date())])
            let spoken = host.spoken.filter { $0.text.contains("coffee?") }
            #expect(spoken.count == 1)
            #expect(spoken.first?.priority == "low")
            #expect(spoken.first?.voice == "announcer")
            #expect(host.output.written.contains("coffee?"))
        }

        /// A reaction to one of the listener's lines, and a reply to one, are said as to them.
        @Test func aReactionOrAnAnswerToOnesOwnLineIsSaid() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            var line = try #require(
                try host.workspace.store.insert([
                    NewMessage(channelID: channel, msgid: "own1", author: "You", text: "is anyone there", time: Date())
                ]).inserted.first)
            line.reactions = ["🎉": ["kim"]]
            host.post(.chat(.reactedToYours(line, emoji: "🎉", author: "kim")))
            #expect(
                host.spoken.contains { $0.text == "kim reacted with party popper to your message: is anyone there" },
                "\(host.spoken.map(\.text))")
            var answer = try #require(
                try host.workspace.store.insert([
                    NewMessage(
                        channelID: channel, msgid: "r1", author: "kim", text: "yes, here", time: Date(), replyTo: "own1"
                    )
                ]).inserted.first)
            answer.answersYou = true
            host.post(.chat(.messages([answer])))
            #expect(host.spoken.contains { $0.text == "kim replied to you: yes, here" }, "\(host.spoken.map(\.text))")
        }

        @Test func messagesElsewhereStartWithTheChannelAndCoalesceWithTheRightCount() async throws {
            let host = try await AppHost()
            let workspace = host.workspace
            let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
            // Named by the chat layer before anything in it, as a server's channel is.
            host.runtime.post(.chat(.channel(random)))
            // Three arrive one after another, faster than the first can be said.
            for index in 1...3 {
                let stored = try workspace.store.insert([
                    NewMessage(channelID: random.id, author: "bob", text: "elsewhere \(index)", time: Date())
                ]).inserted
                host.runtime.post(.chat(.messages(stored)))
            }
            host.settleNow()
            // The other two wait for the first and for the announcer's pacing, then coalesce.
            try await UITester(host: host).expectSpoken("2 new messages in hash random")
            let texts = host.spokenTexts
            #expect(texts.contains("hash random, bob: elsewhere 1"), "\(texts)")
            #expect(!texts.contains { $0.contains("1 new messages") })
        }

        /// The real engine's transcript: a message from another channel that arrives while the
        /// user types is not spoken over the typing, and is spoken once typing has paused.
        @Test func aMessageArrivingWhileTypingIsSpokenAfterThePause() async throws {
            let host = try await AppHost()
            let workspace = host.workspace
            let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
            // Named by the chat layer before anything in it, as a server's channel is.
            host.runtime.post(.chat(.channel(random)))
            host.focus(identifier: ElementID.composer.identifier)
            host.press(Keys.text("o"))
            let stored = try workspace.store.insert([
                NewMessage(channelID: random.id, author: "bob", text: "lunch?", time: Date())
            ]).inserted
            host.post(.chat(.messages(stored)))
            host.press(Keys.text("k"))
            func events() -> [TranscriptRecord] {
                ((try? Transcript(lines: host.transcriptLines))?.events ?? []).filter { $0.event == .speak }
            }
            #expect(!events().contains { $0.text.contains("lunch?") }, "spoken while typing")
            try await UITester(host: host).expectSpoken("hash random, bob: lunch?")
            let all = events()
            let lastKey = try #require(all.last { $0.voice == .keyEcho && $0.text == "k" })
            let message = try #require(all.first { $0.text.contains("lunch?") })
            #expect(message.t >= lastKey.t + 1400, "spoken \(message.t - lastKey.t) ms after the last key")
            #expect(all.filter { $0.text.contains("lunch?") }.count == 1)
            // The sound cue for a message elsewhere went through the same sink.
            #expect(all.contains { $0.voice == .sound && $0.text == SoundCue.messageElsewhere.caption })
        }

        @Test func aMentionIsAssertive() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            try deliver(
                host, [NewMessage(channelID: channel, author: "carol", text: "you: can you look?", time: Date())])
            let mention = host.spoken.first { $0.text.hasPrefix("carol mentioned you") }
            #expect(mention?.priority == "high")
        }

        @Test func escapeSequencesFromTheNetworkNeverReachTheTerminal() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            try deliver(
                host,
                [
                    NewMessage(
                        channelID: channel, author: "mallory", text: "hi\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m",
                        time: Date())
                ])
            let written = host.output.written
            #expect(!written.contains("\u{1B}[2J"))
            #expect(!written.contains("\u{1B}]0;"))
            #expect(!written.contains("\u{9B}"))
            #expect(written.contains("hi"))
        }

        @Test func disconnectsAndReconnectsAreAnnounced() async throws {
            let host = try await AppHost()
            host.post(.chat(.server(.registered(nick: "you", again: false), channelID: nil)))
            host.post(.chat(.disconnected(reason: .reset)))
            host.post(.chat(.reconnecting(delay: .seconds(1), attempt: 1)))
            host.post(.chat(.disconnected(reason: .refused)))
            host.post(.chat(.server(.registered(nick: "you", again: true), channelID: nil)))
            let texts = host.spoken.filter { $0.priority == "high" }.map(\.text)
            // Said once, in words; the retry is quiet; the return is one sentence.
            #expect(
                texts.filter { $0.hasPrefix("Lost the connection") } == [
                    "Lost the connection to the server: the connection was reset. Trying again."
                ], "\(texts)")
            #expect(host.spoken.contains { $0.text.hasPrefix("Back on the server") }, "\(host.spoken.map(\.text))")
            #expect(!host.spoken.contains { $0.text.contains("Reconnect") })
        }

        @Test func typingComesFromTheTypingTracker() async throws {
            let host = try await AppHost()
            let channel = host.workspace.welcome.id
            host.post(
                .chat(
                    .server(
                        .typing(channel: host.workspace.welcome.name, nick: "bob", state: .active), channelID: channel))
            )
            #expect(host.tree.allElements.contains { $0.label == "bob is typing" })
            host.post(
                .chat(
                    .server(
                        .typing(channel: host.workspace.welcome.name, nick: "bob", state: .done), channelID: channel)))
            #expect(!host.tree.allElements.contains { $0.label == "bob is typing" })
        }
    }
}
