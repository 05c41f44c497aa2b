import AccessibilityTesting
@_spi(StoreWriting) import Chat
import Foundation
import Settings
import Speech
import Testing

@testable import App
@testable import ClientCore

/// Alt-A, Alt-1 … Alt-9 and Alt-Up/Alt-Down in the core: keys in, loads and speech out.
@Suite struct MovingCoreTests {
    typealias Core = AppCoreTests
    static let b = ChatChannel(id: 11, networkID: Core.local, name: "#b", unread: 0)
    static let c = ChatChannel(id: 12, networkID: Core.local, name: "#c", unread: 0)

    static func core() -> AppCore {
        var (core, _) = Core.openCore()
        let refresh = ChatSnapshot(
            load: .init(channelID: 10, purpose: .refresh), channels: [Core.welcome, b, c], messages: core.state.messages
        )
        _ = core.handle(.loaded(refresh), at: .milliseconds(2))
        return core
    }

    static func message(_ id: Int64, in channel: Int64, _ text: String) -> AppEvent {
        .chat(.messages([ChatMessage(id: id, channelID: channel, author: "kim", text: text, time: Date())]))
    }

    static func opened(_ effects: [AppEffect]) -> Int64? {
        effects.compactMap { if case .load(let load) = $0, load.purpose == .open { load.channelID } else { nil } }.first
    }

    /// What is left typed in a channel's message field stays with that channel: another channel
    /// opens with its own field (empty, or its own draft), and the draft is back on return.
    @Test func aDraftStaysWithItsChannel() {
        var core = Self.core()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        for character in "half done" { _ = core.handle(.key(.character(character)), at: .seconds(1)) }
        #expect(core.state.composer == "half done")
        func open(_ id: Int64, _ number: Int, at second: Int) {
            let load = Self.opened(core.handle(.key(.alt(Character(String(number)))), at: .seconds(second)))
            #expect(load == id)
            let snapshot = ChatSnapshot(
                load: .init(channelID: id, purpose: .open), channels: [Core.welcome, Self.b, Self.c], messages: [])
            _ = core.handle(.loaded(snapshot), at: .seconds(second) + .milliseconds(5))
        }
        open(11, 2, at: 2)
        #expect(core.state.composer == "", "#welcome's draft followed to #b")
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        for character in "b's" { _ = core.handle(.key(.character(character)), at: .seconds(3)) }
        open(10, 1, at: 4)
        #expect(core.state.composer == "half done")
        #expect(
            core.state.speechHistory.contains { $0.text.contains("Your draft is in the message field") },
            "\(core.state.speechHistory.suffix(3).map(\.text))")
        open(11, 2, at: 5)
        #expect(core.state.composer == "b's")
    }

    /// Alt-T after Alt-Shift-N says when that recent message was written, from the field too.
    @Test func altTAfterARecentMessageSaysItsTime() {
        var core = Self.core()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.alt("@")), at: .seconds(1))
        let when = Core.spoken(core.handle(.key(.alt("t")), at: .seconds(2)))
        #expect(when.first?.hasPrefix("Today") == true, "\(when)")
    }

    @Test func altAGoesToTheNextChannelWithActivityMentionsFirst() {
        var core = Self.core()
        #expect(Core.spoken(core.handle(.key(.alt("a")), at: .seconds(1))) == ["No new messages in other channels"])
        _ = core.handle(Self.message(201, in: 11, "in b"), at: .seconds(2))
        _ = core.handle(Self.message(202, in: 12, "you, look"), at: .seconds(3))
        // #c mentions the user, so it comes before #b, though #b is next in the drawer.
        #expect(Self.opened(core.handle(.key(.alt("a")), at: .seconds(4))) == 12)
        #expect(core.state.mentionedChannelIDs.isEmpty)
    }

    /// Unread messages from before (the workspace's lesson, last session's) wait behind a
    /// channel where messages came just now, though they are earlier in the drawer.
    @Test func altAGoesToFreshMessagesBeforeOlderUnread() {
        var (core, _) = Core.openCore()
        let older = ChatChannel(id: 11, networkID: Core.local, name: "#b", unread: 4)
        let refresh = ChatSnapshot(
            load: .init(channelID: 10, purpose: .refresh), channels: [Core.welcome, older, Self.c],
            messages: core.state.messages)
        _ = core.handle(.loaded(refresh), at: .milliseconds(2))
        _ = core.handle(Self.message(202, in: 12, "in c"), at: .seconds(2))
        #expect(Self.opened(core.handle(.key(.alt("a")), at: .seconds(3))) == 12)
        let opened = ChatSnapshot(
            load: .init(channelID: 12, purpose: .open), channels: [Core.welcome, older, Self.c], messages: [])
        _ = core.handle(.loaded(opened), at: .seconds(3) + .milliseconds(5))
        #expect(core.state.freshChannelIDs.isEmpty)
        // Nothing fresh left: the older unread are next.
        #expect(Self.opened(core.handle(.key(.alt("a")), at: .seconds(4))) == 11)
    }

    /// On a server, older unread on its network come before the local lesson's (unread since
    /// the first run, and not news there): a listener heard Alt-A take them back to #welcome.
    @Test func altAGoesToOlderUnreadOnThisServerBeforeTheLocalLessons() {
        var core = IRCEventsCoreTests.ircCore()
        let lesson = ChatChannel(id: 10, networkID: Core.local, name: "#welcome", unread: 5)
        let b = ChatChannel(id: 21, networkID: IRCEventsCoreTests.irc, name: "#b", unread: 3)
        let refresh = ChatSnapshot(
            load: .init(channelID: IRCEventsCoreTests.a.id, purpose: .refresh),
            channels: [IRCEventsCoreTests.a, lesson, b], messages: [])
        _ = core.handle(.loaded(refresh), at: .milliseconds(2))
        #expect(Self.opened(core.handle(.key(.alt("a")), at: .seconds(3))) == 21)
        let opened = ChatSnapshot(
            load: .init(channelID: 21, purpose: .open),
            channels: [
                IRCEventsCoreTests.a, lesson, ChatChannel(id: 21, networkID: IRCEventsCoreTests.irc, name: "#b"),
            ],
            messages: [])
        _ = core.handle(.loaded(opened), at: .seconds(3) + .milliseconds(5))
        // Nothing left on the server: the lesson's unread are still found.
        #expect(Self.opened(core.handle(.key(.alt("a")), at: .seconds(4))) == 10)
    }

    @Test func altDigitOpensThatChannel() {
        var core = Self.core()
        #expect(Self.opened(core.handle(.key(.alt("3")), at: .seconds(1))) == 12)
        #expect(Core.spoken(core.handle(.key(.alt("1")), at: .seconds(2))) == ["hash welcome, 2 unread"])
        #expect(Core.spoken(core.handle(.key(.alt("9")), at: .seconds(3))) == ["No channel 9"])
    }

    /// Midnight passes between two messages (in a zone the test sets, an hour ahead of UTC):
    /// the one after it is shown under its day's heading, and the review names the day it
    /// crosses into.
    @Test func aMessageAfterMidnightIsShownUnderItsDayAndTheReviewNamesTheDay() {
        // 2026-12-02 23:00:30 UTC: 00:00:30 on the 3rd, an hour ahead of UTC.
        let origin = Date(timeIntervalSince1970: 1_796_252_430)
        var core = AppCore(
            .init(
                settings: Settings(), onboarded: true, terminalRows: 24, localNetworkID: Core.local,
                welcomeChannelID: 10, nick: "you", localTime: .fixed(origin: origin, offset: 3600), emoji: .installed))
        _ = core.handle(.start(problems: []), at: .zero)
        let evening = ChatMessage(
            id: 101, channelID: 10, msgid: "m101", author: "ada", text: "good night",
            time: origin.addingTimeInterval(-90))
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 10, purpose: .open), channels: [Core.welcome], messages: [evening])),
            at: .milliseconds(1))
        let late = ChatMessage(
            id: 102, channelID: 10, msgid: "m102", author: "kim", text: "still up", time: origin.addingTimeInterval(5))
        let shown = IRCEventsCoreTests.printed(core.handle(.chat(.messages([late])), at: .seconds(5)))
        #expect(shown.hasPrefix("Today\nkim  0:00\nstill up"), "\(shown)")
        // Alt-Up: the newest, today's (no day said); again: the evening before, "Yesterday".
        let newest = Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(6)))
        #expect(newest == ["kim, 0:00: still up"], "\(newest)")
        let before = Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(7)))
        #expect(before == ["Yesterday. ada, 23:59: good night"], "\(before)")
        let back = Core.spoken(core.handle(.key(.key(.down, [.alt])), at: .seconds(8)))
        #expect(back == ["Today. kim, 0:00: still up"], "\(back)")
    }

    /// After sending, the first Alt-Up says the newest again, as it does on opening: the review
    /// went on from where it had been, two messages back, and skipped what is new.
    @Test func afterSendingAltUpStartsAgainFromTheNewest() {
        var core = Self.core()
        _ = core.handle(.key(.key(.up, [.alt])), at: .seconds(1))
        let back = Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(2)))
        #expect(back.first?.hasSuffix(": message 102") == true, "\(back)")
        _ = TypingAnywhereCoreTests.type("thanks", &core, from: .seconds(3), every: .milliseconds(100))
        let sent = core.handle(.key(.key(.enter, [])), at: .seconds(4))
        #expect(sent.contains { if case .store(.post("thanks", _, _)) = $0 { true } else { false } }, "\(sent)")
        let next = Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(5)))
        #expect(next.first?.hasSuffix(": message 103") == true, "\(next)")
    }

    /// A /me sent is the listener moving on too: Alt-Up after it says the newest again.
    @Test func afterAnActionAltUpStartsAgainFromTheNewest() {
        var core = Self.core()
        _ = core.handle(.key(.key(.up, [.alt])), at: .seconds(1))
        _ = core.handle(.key(.key(.up, [.alt])), at: .seconds(2))
        _ = TypingAnywhereCoreTests.type("/me waves", &core, from: .seconds(3), every: .milliseconds(100))
        _ = core.handle(.key(.key(.enter, [])), at: .seconds(4))
        let next = Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(5)))
        #expect(next.first?.hasSuffix(": message 103") == true, "\(next)")
    }

    /// Escape after sending goes to the newest message, not back to the one typing began on:
    /// the listener has moved on, and their own line comes in at the bottom.
    @Test func escapeAfterSendingGoesToTheNewestMessage() {
        var core = Self.core()
        _ = core.navigator.focus(identifier: ElementID.message(101).identifier)
        _ = TypingAnywhereCoreTests.type("thanks", &core, from: .seconds(1), every: .milliseconds(100))
        _ = core.handle(.key(.key(.enter, [])), at: .seconds(2))
        _ = core.handle(.key(.key(.escape, [])), at: .seconds(3))
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(103).identifier)
    }

    /// Alt-Shift-1 … Alt-Shift-0 (the terminal sends Alt with the digit row's symbols): the
    /// Nth most recent message, focus unmoved; the same key again within two seconds copies it.
    @Test func altShiftDigitSaysTheNthRecentMessageAndTwiceCopiesIt() {
        var core = Self.core()
        let focus = core.navigator.focusedElement?.identifier
        let newest = Core.spoken(core.handle(.key(.alt("!")), at: .seconds(1)))
        #expect(newest.count == 1 && newest[0].hasPrefix("ada, ") && newest[0].hasSuffix(": message 103"), "\(newest)")
        let third = Core.spoken(core.handle(.key(.alt("#")), at: .seconds(2)))
        #expect(third.first?.hasSuffix(": message 101") == true, "\(third)")
        #expect(core.navigator.focusedElement?.identifier == focus)
        #expect(
            Core.spoken(core.handle(.key(.alt("$")), at: .seconds(3))) == [
                "No 4th newest message: this channel has 3 messages"
            ])
        // The same key again soon: copied (the text alone); later, said again.
        _ = core.handle(.key(.alt("@")), at: .seconds(4))
        let twice = core.handle(.key(.alt("@")), at: .seconds(5))
        #expect(twice.contains(.copy("message 102")), "\(twice)")
        #expect(Core.spoken(twice) == ["Copied"])
        let again = Core.spoken(core.handle(.key(.alt("@")), at: .seconds(9)))
        #expect(again.first?.hasSuffix(": message 102") == true, "\(again)")
        #expect(KeyMap.command(for: .alt(")"), editing: false) == .recentMessage(10))
        #expect(KeyMap.command(for: .alt("!"), editing: true) == .recentMessage(1), "from the message field too")
    }

    @Test func altUpAndDownReviewWithoutMovingFocusAndSayTheEnds() {
        var core = Self.core()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        let up = Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(1)))
        #expect(up.count == 1 && up[0].hasPrefix("ada, ") && up[0].hasSuffix(": message 103"), "\(up)")
        #expect(
            Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(2))).first?.hasSuffix("message 102") == true)
        #expect(
            Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(3))).first?.hasSuffix("message 101") == true)
        let top = Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(4)))
        #expect(top.count == 1 && top[0].hasPrefix("Top. The oldest message is from "), "\(top)")
        #expect(
            Core.spoken(core.handle(.key(.key(.down, [.alt])), at: .seconds(5))).first?.hasSuffix("message 102") == true
        )
        _ = core.handle(.key(.key(.down, [.alt])), at: .seconds(6))
        let bottom = Core.spoken(core.handle(.key(.key(.down, [.alt])), at: .seconds(7)))
        #expect(bottom.count == 1 && bottom[0].hasPrefix("Bottom. The newest message is from "), "\(bottom)")
        #expect(core.navigator.focusedElement?.identifier == ElementID.composer.identifier)
        #expect(core.state.route == .main)
    }

    /// Review says what others did with a message as its element does: its reactions, then its
    /// replies.
    @Test func altUpSaysTheReactionsAndRepliesToo() throws {
        var core = Self.core()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        let newest = try #require(core.state.messages.indices.last)
        core.state.messages[newest].reactions = ["👍": ["kim"], "🎉": ["bob", "kim"]]
        core.state.messages[newest].text = "is it done?"
        let msgid = try #require(core.state.messages[newest].msgid)
        core.state.replyCounts[msgid] = 1
        let up = Core.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(1)))
        #expect(
            up.count == 1 && up[0].hasSuffix(": is it done? 3 reactions: 2 party popper, thumbs up. 1 reply"), "\(up)")
    }
}

extension AppSuites {
    /// The real client in this process: from a message in #welcome, Alt-A then Alt-R reads the
    /// three unread messages of #random, in order, in the reading voice.
    @Suite struct ActivityReadingTests {
        @Test func twoKeysReadThreeUnreadMessagesInAnotherChannel() async throws {
            let host = try await AppHost()
            let workspace = host.workspace
            let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
            // Named by the chat layer before anything in it, as a server's channel is.
            host.post(.chat(.channel(random)))
            for text in ["deploy started", "tests are green", "deploy is done"] {
                let stored = try workspace.store.insert([
                    NewMessage(channelID: random.id, author: "kim", text: text, time: Date())
                ]).inserted
                host.post(.chat(.messages(stored)))
            }
            host.settleNow()
            #expect(host.focusedIdentifier?.hasPrefix("message.") == true)
            let before = host.transcriptLines.count
            host.press([0x1B, UInt8(ascii: "a")])
            host.press([0x1B, UInt8(ascii: "r")])
            try await UITester(host: host).expectSpoken("deploy is done", voice: "reader")
            let read = try Transcript(lines: Array(host.transcriptLines.dropFirst(before))).events
                .filter { $0.event == .speak && $0.voice == .reader }.map(\.text)
            let order = ["deploy started", "tests are green", "deploy is done"].map { text in
                read.firstIndex { $0.contains(text) }
            }
            #expect(order.allSatisfy { $0 != nil }, "\(read)")
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "read out of order: \(read)")
            #expect(host.state.channelName == "#random")
        }
    }
}

extension AppSuites {
    /// Search over the real store (FTS5): /search in the composer opens the sheet with the
    /// results as elements; Enter on one opens it in its channel, focused.
    @Suite struct SearchSheetTests {
        @Test func searchFindsAMessageInAnotherChannelAndEnterOpensIt() async throws {
            let host = try await AppHost()
            let workspace = host.workspace
            let random = try workspace.store.channel(named: "#random", network: workspace.network.id)
            // Named by the chat layer before anything in it, as a server's channel is.
            host.post(.chat(.channel(random)))
            let stored = try workspace.store.insert([
                NewMessage(channelID: random.id, author: "kim", text: "the deploy is done", time: Date())
            ]).inserted
            host.post(.chat(.messages(stored)))
            host.settleNow()
            host.focus(identifier: ElementID.composer.identifier)
            host.press(Keys.text("/search deploy"))
            host.press(Keys.enter)
            let tester = UITester(host: host)
            try await tester.expectSpoken("1 message found")
            let result = try #require(stored.first)
            #expect(host.state.searchResults.map(\.id) == [result.id])
            host.focus(identifier: ElementID.searchResult(result.id).identifier)
            #expect(host.focusedLabel?.hasPrefix("kim, #random, ") == true, "\(host.focusedLabel ?? "nil")")
            #expect(host.focusedLabel?.hasSuffix(": the deploy is done") == true)
            host.press(Keys.enter)
            try await tester.expectSpoken("hash random, ")
            host.settleNow()
            #expect(host.state.channelName == "#random")
            #expect(host.focusedIdentifier == ElementID.message(result.id).identifier)
            #expect(!host.state.sheets.hasSheet)
        }
    }

    /// Alt-T says when the reviewed message was written while focus stays where the review
    /// began; focus moved since names the message to time. One's own lines are "You" in review.
    @Test func altTFollowsFocusMovedAfterAReviewAndOwnLinesAreYou() {
        var core = MovingCoreTests.core()
        // Two minutes after the others: the newest, and its time said differs from theirs.
        let later = (core.state.messages.map(\.time).max() ?? Date()).addingTimeInterval(120)
        let mine = ChatMessage(id: 104, channelID: 10, author: "you", text: "my own line", time: later)
        _ = core.handle(.chat(.messages([mine])), at: .seconds(1))
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        let up = AppCoreTests.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(2)))
        #expect(up.first?.hasPrefix("You, ") == true, "\(up)")
        let reviewedTime = AppCoreTests.spoken(core.handle(.key(.alt("t")), at: .seconds(3)))
        _ = core.navigator.focus(identifier: ElementID.message(103).identifier)
        let focusedTime = AppCoreTests.spoken(core.handle(.key(.alt("t")), at: .seconds(4)))
        #expect(reviewedTime != focusedTime, "Alt-T still timed the reviewed message: \(focusedTime)")
        let message103 = core.state.messages.first { $0.id == 103 }!
        #expect(
            focusedTime.first?.hasSuffix(Format.time(message103.time, in: core.state.localTime)) == true,
            "\(focusedTime)")
        // Back where the review began, after moving away: the place moved to is timed, not the
        // message reviewed before (a listener heard 13:22 on a 13:25 message).
        _ = core.navigator.focus(identifier: ElementID.message(104).identifier)
        let mineTime = AppCoreTests.spoken(core.handle(.key(.alt("t")), at: .seconds(5)))
        _ = core.handle(.key(.key(.up, [.alt])), at: .seconds(6))
        let reviewedAgain = AppCoreTests.spoken(core.handle(.key(.alt("t")), at: .seconds(7)))
        #expect(reviewedAgain != mineTime, "the review from 104 times the one before it")
        _ = core.handle(.key(.key(.left, [])), at: .seconds(8))
        _ = core.handle(.key(.key(.right, [])), at: .seconds(9))
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(104).identifier)
        let afterMoving = AppCoreTests.spoken(core.handle(.key(.alt("t")), at: .seconds(10)))
        #expect(afterMoving == mineTime, "\(afterMoving)")
    }
}
