import Chat
import Foundation
import Testing

@testable import App
@testable import ClientCore

/// Joins, parts, quits and nick changes between messages are one element of the channel, which
/// lists each when expanded; a message ends a run.
@Suite struct MemberRunCoreTests {
    static func labels(_ core: AppCore) -> [String] {
        core.tree.root.allElements.compactMap { element in
            element.identifier?.hasPrefix("run.") == true ? element.label : nil
        }
    }

    @Test func aRunCountsEachKindAndNamesEachPersonOnce() {
        var (core, _) = AppCoreTests.openCore()
        var time = 1
        func event(_ event: ChatEvent) {
            time += 1
            _ = core.handle(.chat(event), at: .seconds(time))
        }
        for nick in ["kim", "bob", "ada"] {
            event(.server(.joined(channel: "#welcome", nick: nick, isSelf: false), channelID: 10))
        }
        core.state.channels[0].members = ["kim", "bob", "ada", "eve", "rob", "lee", "you"]
        event(.server(.parted(channel: "#welcome", nick: "bob", isSelf: false, reason: "lunch"), channelID: 10))
        for nick in ["eve", "rob", "lee"] { event(.server(.quit(nick: nick, reason: "Quit: bye"), channelID: nil)) }
        event(.server(.nickChanged(from: "kim", to: "kimberly", isSelf: false), channelID: nil))
        #expect(Self.labels(core) == ["3 people joined, 4 left, 1 changed nick: kim, bob, ada, eve, rob and 2 more"])

        // Listed, each in the words it was said in.
        core.carryOut(.expandRun(1, true))
        #expect(
            Self.labels(core) == [
                "3 people joined, 4 left, 1 changed nick: kim, bob, ada, eve, rob and 2 more", "kim joined #welcome",
                "bob joined #welcome", "ada joined #welcome", "bob left #welcome: lunch", "eve quit: bye",
                "rob quit: bye", "lee quit: bye", "kim is now kimberly",
            ])
        core.carryOut(.expandRun(1, false))
        #expect(Self.labels(core).count == 1)
    }

    /// People who came before the channel's first message are under its day's heading, as
    /// messages are ("Today", then "2 people joined").
    @Test func aRunBeforeTheFirstMessageIsUnderItsDay() {
        var (core, _) = AppCoreTests.openCore()
        let b = ChatChannel(id: 11, networkID: AppCoreTests.local, name: "#b")
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: .init(channelID: 11, purpose: .open), channels: [AppCoreTests.welcome, b], messages: [])),
            at: .seconds(1))
        for (index, nick) in ["kim", "bob"].enumerated() {
            _ = core.handle(
                .chat(.server(.joined(channel: "#b", nick: nick, isSelf: false), channelID: 11)),
                at: .seconds(2 + index))
        }
        let order = core.tree.root.allElements.compactMap { element -> String? in
            guard let id = element.identifier, id.hasPrefix("run.") || id.hasPrefix("day.") else { return nil }
            return element.label
        }
        #expect(order == ["Today", "2 people joined: kim and bob"], "\(order)")
    }

    /// People are counted once each: bob leaving, coming back and quitting is one who joined
    /// and one who left, not three.
    @Test func aRunCountsPeopleNotEvents() {
        var (core, _) = AppCoreTests.openCore()
        core.state.channels[0].members = ["bob", "kim", "you"]
        var time = 1
        for event: ChatEvent in [
            .server(.parted(channel: "#welcome", nick: "bob", isSelf: false, reason: "brb"), channelID: 10),
            .server(.joined(channel: "#welcome", nick: "bob", isSelf: false), channelID: 10),
            .server(.quit(nick: "bob", reason: "Quit: bye"), channelID: nil),
            .server(.parted(channel: "#welcome", nick: "kim", isSelf: false, reason: ""), channelID: 10),
        ] {
            time += 1
            _ = core.handle(.chat(event), at: .seconds(time))
        }
        #expect(Self.labels(core) == ["1 person joined, 2 left: bob and kim"], "\(Self.labels(core))")
    }

    @Test func aMessageEndsARunAndTheNextStartsAfterIt() throws {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(
            .chat(.server(.joined(channel: "#welcome", nick: "kim", isSelf: false), channelID: 10)), at: .seconds(1))
        let message = ChatMessage(id: 104, channelID: 10, msgid: "m104", author: "kim", text: "hi", time: Date())
        _ = core.handle(.chat(.messages([message])), at: .seconds(2))
        _ = core.handle(
            .chat(.server(.joined(channel: "#welcome", nick: "bob", isSelf: false), channelID: 10)), at: .seconds(3))
        _ = core.handle(
            .chat(.server(.joined(channel: "#welcome", nick: "ada", isSelf: false), channelID: 10)), at: .seconds(4))
        let log = try #require(core.tree.root.allElements.first { $0.identifier == "main.log" })
        let order = log.children.compactMap(\.identifier).filter { $0.hasPrefix("run.") || $0.hasPrefix("message.10") }
        #expect(order == ["message.101", "message.102", "message.103", "run.1", "message.104", "run.2"], "\(order)")
        #expect(Self.labels(core) == ["kim joined #welcome", "2 people joined: bob and ada"])
    }

    @Test func aNetsplitIsCountedWholeAndListedInPart() {
        var (core, _) = AppCoreTests.openCore()
        let nicks = (0..<(MemberRun.eventLimit + 50)).map { "user\($0)" }
        core.state.channels[0].members = nicks + ["you"]
        for (index, nick) in nicks.enumerated() {
            _ = core.handle(
                .chat(.server(.quit(nick: nick, reason: "*.net *.split"), channelID: nil)),
                at: .milliseconds(1000 + index))
        }
        let summary = "\(nicks.count) people left: user0, user1, user2, user3, user4 and \(nicks.count - 5) more"
        #expect(Self.labels(core) == [summary])
        core.carryOut(.expandRun(1, true))
        let listed = Self.labels(core)
        #expect(listed.count == 1 + MemberRun.eventLimit + 1)
        #expect(listed.last == "and 50 more, not listed")
    }

    @Test func anotherChannelsEventsMakeNoRunHere() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(
            .chat(.server(.joined(channel: "#other", nick: "kim", isSelf: false), channelID: 11)), at: .seconds(1))
        #expect(Self.labels(core).isEmpty)
        // Kept for #other, to be shown there among its messages by time.
        #expect(core.state.memberRuns.map(\.channelID) == [11])
        #expect(core.state.memberRuns.first?.events.map(\.text) == ["kim joined #other"])
    }

    @Test func aMessageClosesTheRunInItsChannel() {
        var (core, _) = AppCoreTests.openCore()
        core.state.channels.append(ChatChannel(id: 11, networkID: AppCoreTests.local, name: "#other"))
        _ = core.handle(
            .chat(.server(.joined(channel: "#other", nick: "kim", isSelf: false), channelID: 11)), at: .seconds(1))
        let message = ChatMessage(id: 900, channelID: 11, msgid: "x", author: "kim", text: "hi", time: Date())
        _ = core.handle(.chat(.messages([message])), at: .seconds(2))
        _ = core.handle(
            .chat(.server(.joined(channel: "#other", nick: "bob", isSelf: false), channelID: 11)), at: .seconds(3))
        #expect(core.state.memberRuns.map(\.count) == [1, 1])
    }
}
