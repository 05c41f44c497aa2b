import Chat
import Foundation
import Speech
import Testing
@testable import App

@Suite struct IncomingMessageTests {
    func deliver(_ host: AppHost, _ messages: [NewMessage]) throws {
        let stored = try host.controller.workspace.store.insert(messages).inserted
        host.controller.queue.sync { host.controller.handle(chat: .messages(stored)) }
    }

    @Test func aMessageInTheFocusedChannelIsAnnouncedPolitely() throws {
        let host = try AppHost()
        let channel = host.controller.workspace.welcome.id
        try deliver(host, [NewMessage(channelID: channel, msgid: "m1", author: "alice", text: "coffee?", time: Date())])
        let spoken = host.spoken.all.filter { $0.text.contains("coffee?") }
        #expect(spoken.count == 1)
        #expect(spoken.first?.priority == .low)
        #expect(spoken.first?.voice == .announcer)
        #expect(host.output.written.contains("coffee?"))
    }

    @Test func messagesElsewhereAreCountedNotRead() throws {
        let host = try AppHost()
        let workspace = host.controller.workspace
        let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
        try deliver(host, (1...3).map { NewMessage(channelID: random.id, author: "bob", text: "elsewhere \($0)", time: Date()) })
        #expect(host.spoken.texts.contains("3 new messages in #random"))
        #expect(!host.spoken.texts.contains { $0.contains("elsewhere") })
    }

    @Test func aMentionIsAssertive() throws {
        let host = try AppHost()
        let channel = host.controller.workspace.welcome.id
        try deliver(host, [NewMessage(channelID: channel, author: "carol", text: "you: can you look?", time: Date())])
        let mention = host.spoken.all.first { $0.text.hasPrefix("carol mentioned you") }
        #expect(mention?.priority == .high)
    }

    @Test func escapeSequencesFromTheNetworkNeverReachTheTerminal() throws {
        let host = try AppHost()
        let channel = host.controller.workspace.welcome.id
        try deliver(host, [NewMessage(channelID: channel, author: "mallory", text: "hi\u{1B}[2J\u{1B}]0;owned\u{07}\u{9B}31m", time: Date())])
        let written = host.output.written
        #expect(!written.contains("\u{1B}[2J"))
        #expect(!written.contains("\u{1B}]0;"))
        #expect(!written.contains("\u{9B}"))
        #expect(written.contains("hi"))
    }

    @Test func disconnectsAndReconnectsAreAnnounced() throws {
        let host = try AppHost()
        host.controller.queue.sync {
            host.controller.handle(chat: .disconnected(reason: "connection reset"))
            host.controller.handle(chat: .reconnected)
        }
        let texts = host.spoken.all.filter { $0.priority == .high }.map(\.text)
        #expect(texts.contains("Disconnected: connection reset"))
        #expect(texts.contains("Reconnected"))
    }

    @Test func typingIsSpokenAsAPoliteIndicator() throws {
        let host = try AppHost()
        let channel = host.controller.workspace.welcome.id
        host.controller.queue.sync { host.controller.handle(chat: .typing(channelID: channel, nick: "bob", state: .active)) }
        #expect(host.tree.allElements.contains { $0.label == "bob is typing" })
    }
}
