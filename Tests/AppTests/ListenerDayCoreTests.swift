import Accessibility
import Chat
import Foundation
import Testing
import UnicodeData

@testable import App
@testable import ClientCore

/// The defects a listener met on a first day, each fed to the core as the events that caused it.
@Suite struct ListenerDayCoreTests {
    static func spoken(_ effects: [AppEffect]) -> [String] { AppCoreTests.spoken(effects) }

    static func readMarks(_ effects: [AppEffect]) -> [Int64] {
        effects.compactMap { if case .store(.markRead(_, _, let upTo, _)) = $0 { upTo } else { nil } }
    }

    // MARK: Read state

    @Test func aMessageHeardInFullIsReadAndTheMarkerMovesWithIt() {
        var (core, _) = AppCoreTests.openCore()
        // Opening focused the first unread message (102); its phrase starts and ends.
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(102).identifier)
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(1))
        let done = core.handle(.utterance(.done, .reader), at: .seconds(2))
        #expect(Self.readMarks(done) == [102])
        #expect(core.state.lastReadID == 102)
        #expect(core.state.channelHeading == "#welcome, 1 unread")
    }

    /// A reply in a thread (one that mentions the listener too) is unread until read there: its
    /// root says so ("1 new reply", or "3 replies, 1 new"), and reading it in the thread leaves the marker.
    @Test func aThreadReplyIsUnreadUntilReadInItsThread() throws {
        var (core, _) = AppCoreTests.openCore()
        let root = try #require(core.state.messages.first { $0.id == 101 })
        let reply = ChatMessage(
            id: 200, channelID: 10, msgid: "r200", author: "kim", text: "you: see the thread", time: Date(),
            replyTo: "m101")
        _ = core.handle(.chat(.messages([reply])), at: .seconds(1))
        #expect(core.state.channelHeading == "#welcome, 2 unread", "the channel counts its messages")
        var found: Element?
        core.tree.root.walk { element, _ in
            if element.identifier == ElementID.message(101).identifier { found = element }
            return found == nil
        }
        let rootElement = try #require(found)
        #expect(rootElement.value.hasSuffix("1 new reply"), "\(rootElement.value)")
        // A refresh from the store (a reaction, say) leaves it new, though the marker is past it.
        core.state.lastReadID = 300
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: .init(channelID: 10, purpose: .refresh), channels: [AppCoreTests.welcome],
                    messages: core.state.messages + [reply])),
            at: .seconds(1) + .milliseconds(500))
        #expect(core.state.unreadReplies["m101"] == [200])
        core.state.lastReadID = 101
        // The thread opens on its reply, which is read when heard in full.
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 10, purpose: .thread(rootID: 101, announce: true), root: root),
                    channels: [AppCoreTests.welcome], messages: core.state.messages + [reply], thread: [root, reply])),
            at: .seconds(2))
        _ = core.navigator.focus(identifier: ElementID.message(200).identifier)
        #expect(core.navigator.focusedElement?.traits.contains(.unread) == true)
        core.hearingFocus()
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(3))
        let done = core.handle(.utterance(.done, .reader), at: .seconds(4))
        #expect(
            done.contains(.store(.markHeard(channelID: 10, network: AppCoreTests.local, messageID: 200, unread: 2))),
            "\(done)")
        #expect(Self.readMarks(done).isEmpty, "the channel's marker stays before its unread messages")
        #expect(core.state.channelHeading == "#welcome, 2 unread")
        #expect(core.state.unreadReplies.isEmpty)
    }

    /// #welcome open, kim's reply (200) to message 101 come, and its thread open.
    static func threadWithAReply() throws -> (AppCore, ChatMessage, ChatMessage) {
        var (core, _) = AppCoreTests.openCore()
        let root = try #require(core.state.messages.first { $0.id == 101 })
        let reply = ChatMessage(
            id: 200, channelID: 10, msgid: "r200", author: "kim", text: "see the thread", time: Date(), replyTo: "m101")
        _ = core.handle(.chat(.messages([reply])), at: .seconds(1))
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 10, purpose: .thread(rootID: 101, announce: true), root: root),
                    channels: core.state.channels, messages: core.state.messages + [reply], thread: [root, reply])),
            at: .seconds(2))
        return (core, root, reply)
    }

    /// A reaction to a reply while its thread is open reads the thread again, so the reply
    /// says it at once: it showed only once the thread was opened again.
    @Test func aReactionToAReplyShowsWhileItsThreadIsOpen() throws {
        var (core, root, reply) = try Self.threadWithAReply()
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 3)
        let effects = core.handle(
            .chat(.reaction(channelID: 10, target: "r200", emoji: "👍", author: "bob")), at: .seconds(4))
        let load = try #require(
            effects.compactMap { effect -> ChatLoad? in
                if case .load(let load) = effect, load.purpose == .thread(rootID: 101, announce: false) {
                    load
                } else {
                    nil
                }
            }.first, "\(effects)")
        var reacted = reply
        reacted.reactions = ["👍": ["bob"]]
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: load, channels: core.state.channels, messages: core.state.messages, thread: [root, reacted])),
            at: .seconds(5))
        var value: String?
        core.tree.root.walk { element, _ in
            if element.identifier == ElementID.message(200).identifier { value = element.value }
            return value == nil
        }
        #expect(value?.contains("1 reaction: thumbs up") == true, "\(String(describing: value))")
    }

    /// The channel's stored count took a reply that came while it was away: reading the reply
    /// takes it off, so the heading counts what is unread (it stood one over).
    @Test func readingAReplyTakesItOffTheStoredCount() throws {
        var (core, _) = AppCoreTests.openCore()
        let root = try #require(core.state.messages.first { $0.id == 101 })
        let reply = ChatMessage(
            id: 200, channelID: 10, msgid: "r200", author: "kim", text: "see the thread", time: Date(), replyTo: "m101")
        _ = core.handle(.chat(.messages([reply])), at: .seconds(1))
        core.state.lastReadID = 100
        core.state.pageHoldsAll = false
        core.state.channels[0].unread = 4
        #expect(core.state.channelHeading == "#welcome, 4 unread")
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 10, purpose: .thread(rootID: 101, announce: true), root: root),
                    channels: core.state.channels, messages: core.state.messages + [reply], thread: [root, reply])),
            at: .seconds(2))
        _ = core.navigator.focus(identifier: ElementID.message(200).identifier)
        core.hearingFocus()
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(3))
        _ = core.handle(.utterance(.done, .reader), at: .seconds(4))
        #expect(core.state.channelHeading == "#welcome, 3 unread")
    }

    /// A reply read in its thread and then delivered again (the stored copy after the live one,
    /// or a server's echo) stays read: it said "Unread" again when met after.
    @Test func aReplyHeardAndThenDeliveredAgainStaysRead() throws {
        var (core, _, reply) = try Self.threadWithAReply()
        _ = core.navigator.focus(identifier: ElementID.message(200).identifier)
        core.hearingFocus()
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(3))
        _ = core.handle(.utterance(.done, .reader), at: .seconds(4))
        #expect(core.state.unreadReplies.isEmpty)
        _ = core.handle(.chat(.messages([reply])), at: .seconds(5))
        #expect(core.state.unreadReplies.isEmpty, "the copy delivered again made it unread")
        _ = core.navigator.focus(identifier: ElementID.message(200).identifier)
        #expect(core.navigator.focusedElement?.traits.contains(.unread) == false)
    }

    @Test func aPhraseCutOffByAKeyIsNotHeardAndTheNewestHeardFirstLeavesOlderUnread() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(1))
        _ = core.handle(.key(.key(.end, [])), at: .seconds(2))
        let cut = core.handle(.utterance(.cancel, .reader), at: .seconds(2))
        #expect(Self.readMarks(cut).isEmpty)
        // End went to the last element; back to the newest message (103), heard in full.
        _ = core.navigator.focus(identifier: ElementID.message(103).identifier)
        core.hearingFocus()
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(3))
        let done = core.handle(.utterance(.done, .reader), at: .seconds(4))
        #expect(Self.readMarks(done).isEmpty, "102 is still unheard, so the marker stays")
        #expect(core.state.lastReadID == 101)
        // 103 itself is read: not "Unread" when met again, and not counted.
        #expect(
            done.contains(.store(.markHeard(channelID: 10, network: AppCoreTests.local, messageID: 103, unread: 1))),
            "\(done)")
        #expect(core.state.channelHeading == "#welcome, 1 unread")
        // Hearing 102 then moves the marker on over 103, heard already.
        _ = core.navigator.focus(identifier: ElementID.message(102).identifier)
        core.hearingFocus()
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(5))
        let older = core.handle(.utterance(.done, .reader), at: .seconds(6))
        #expect(Self.readMarks(older) == [103])
        #expect(core.state.channelHeading == "#welcome")
    }

    /// A line said in full as it came, while an older one was cut off by a key, is read: the
    /// listener heard it (the marker waits before the one cut off).
    @Test func aLineHeardAsItArrivesIsReadThoughOneBeforeItWasCutOff() {
        var (core, _) = AppCoreTests.openCore()
        // Said as it comes (at once, or when the announcer's wait for more from kim is over).
        func arrive(_ id: Int64, at second: Int) {
            let message = ChatMessage(id: id, channelID: 10, author: "kim", text: "line \(id)", time: Date())
            var said = core.handle(.chat(.messages([message])), at: .seconds(second))
            said += core.handle(.tick, at: .seconds(second) + .milliseconds(1500))
            #expect(Self.spoken(said).contains { $0.contains("line \(id)") }, "\(Self.spoken(said))")
            _ = core.handle(.utterance(.speak, .announcer), at: .seconds(second) + .milliseconds(1600))
        }
        arrive(104, at: 1)
        _ = core.handle(.utterance(.cancel, .announcer), at: .seconds(3))
        arrive(105, at: 4)
        let done = core.handle(.utterance(.done, .announcer), at: .seconds(7))
        #expect(Self.readMarks(done).isEmpty)
        let heard = core.state.messages.first { $0.id == 105 }
        #expect(heard.map(core.state.isUnread) == false, "heard in full as it came")
        #expect(core.state.messages.first { $0.id == 104 }.map(core.state.isUnread) == true, "cut off: still unread")
        #expect(core.state.channelHeading == "#welcome, 3 unread", "102, 103 and 104; not 105")
    }

    @Test func aMessageSaidInFullAsItArrivesInTheOpenChannelIsRead() {
        var (core, _) = AppCoreTests.openCore()
        for (second, id) in [(1, Int64(102)), (2, 103)] {
            _ = core.navigator.focus(identifier: ElementID.message(id).identifier)
            core.hearingFocus()
            _ = core.handle(.utterance(.speak, .reader), at: .seconds(second))
            _ = core.handle(.utterance(.done, .reader), at: .seconds(second) + .milliseconds(10))
        }
        #expect(core.state.lastReadID == 103)
        let arrived = ChatMessage(id: 104, channelID: 10, msgid: "m104", author: "kim", text: "hello all", time: Date())
        let said = core.handle(.chat(.messages([arrived])), at: .seconds(5))
        #expect(Self.spoken(said) == ["kim: hello all"])
        _ = core.handle(.utterance(.speak, .announcer), at: .seconds(5) + .milliseconds(10))
        let done = core.handle(.utterance(.done, .announcer), at: .seconds(6))
        #expect(Self.readMarks(done) == [104])
    }

    @Test func replayedHistoryIsShownButNotAnnouncedNorUnread() {
        var (core, _) = AppCoreTests.openCore()
        let history = (201...204).map {
            ChatMessage(id: Int64($0), channelID: 10, msgid: "h\($0)", author: "kim", text: "old \($0)", time: Date())
        }
        let effects = core.handle(.chat(.history(history, news: [:])), at: .seconds(1))
        #expect(Self.spoken(effects).isEmpty, "\(Self.spoken(effects))")
        #expect(IRCEventsCoreTests.printed(effects).components(separatedBy: "old 201").count == 2, "shown once")
        // What came while away is one sentence, not a line each.
        let away = (301...302).map {
            ChatMessage(id: Int64($0), channelID: 10, msgid: "a\($0)", author: "kim", text: "new \($0)", time: Date())
        }
        var heard = Self.spoken(core.handle(.chat(.history(away, news: [10: 2])), at: .seconds(2)))
        heard += Self.spoken(core.handle(.tick, at: .seconds(5)))
        #expect(heard == ["hash welcome: 2 messages while you were away"], "\(heard)")
    }

    // MARK: Connections

    /// A core in #a on an IRC network at 127.0.0.1 that it knows by name.
    static func coreOnLocalServer() -> AppCore {
        var core = IRCEventsCoreTests.ircCore()
        let network = ChatNetwork(
            id: IRCEventsCoreTests.irc, name: "local", host: "127.0.0.1", port: 6667, usesTLS: false, nick: "you")
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 20, purpose: .refresh),
                    channels: [AppCoreTests.welcome, IRCEventsCoreTests.a],
                    messages: [], networks: [network])),
            at: .seconds(1))
        return core
    }

    /// "Connecting" does not stand alone for long: six seconds on with nothing from the server,
    /// "Still connecting to 127.0.0.1" is said once; a server that answers in time leaves it
    /// unsaid.
    @Test func aLongConnectSaysItIsStillConnectingOnce() {
        let network = ChatNetwork(
            id: IRCEventsCoreTests.irc, name: "local", host: "127.0.0.1", port: 6667, usesTLS: false, nick: "ada")
        func started() -> (AppCore, [AppEffect]) {
            var core = SignInFailureCoreTests.core()
            let effects = core.handle(
                .loaded(
                    ChatSnapshot(
                        load: ChatLoad(channelID: 10, purpose: .refresh), channels: [AppCoreTests.welcome],
                        messages: [], networks: [network])),
                at: .milliseconds(5))
            return (core, effects)
        }
        var (slow, _) = started()
        // The runtime is woken for it (the start's deadline is the nearer of it and the 30 s wait).
        var fresh = AppCore(slow.configuration)
        #expect(fresh.handle(.start(problems: []), at: .zero).contains(.wake(at: .seconds(6))))
        #expect(Self.spoken(slow.handle(.tick, at: .seconds(5))).isEmpty)
        #expect(Self.spoken(slow.handle(.tick, at: .seconds(6))) == ["Still connecting to 127.0.0.1"])
        #expect(Self.spoken(slow.handle(.tick, at: .seconds(12))).isEmpty, "once")
        var (quick, _) = started()
        _ = quick.handle(.chat(.server(.registered(nick: "ada", again: false), channelID: nil)), at: .seconds(1))
        #expect(!Self.spoken(quick.handle(.tick, at: .seconds(6))).contains { $0.hasPrefix("Still connecting") })
    }

    /// A server never reached this run is not "lost": it cannot be connected to, said once,
    /// and reaching it at last is a first connection, not a return.
    @Test func aServerNeverReachedIsSaidAsNotConnectingAndThenConnected() {
        var core = Self.coreOnLocalServer()
        let silent = core.handle(.chat(.disconnected(reason: .notWelcomed)), at: .seconds(31))
        #expect(AppCoreTests.cues(silent) == [.error], "no connection-lost sound for a connection never made")
        #expect(
            Self.spoken(silent) == [
                "Cannot connect to 127.0.0.1: it took the connection but never answered as an IRC server. "
                    + "Check the port, and whether it wants TLS. Trying again."
            ], "\(Self.spoken(silent))")
        let again = core.handle(.chat(.disconnected(reason: .refused)), at: .seconds(40))
        #expect(Self.spoken(again).isEmpty, "\(Self.spoken(again))")
        let reached = core.handle(
            .chat(.server(.registered(nick: "you", again: false), channelID: nil)), at: .seconds(50))
        #expect(Self.spoken(reached) == ["Connected as you"], "\(Self.spoken(reached))")
    }

    @Test func aLostConnectionIsSaidOnceRetriesAreQuietAndTheReturnIsOneSentence() {
        var core = Self.coreOnLocalServer()
        _ = core.handle(.chat(.server(.registered(nick: "you", again: false), channelID: nil)), at: .seconds(1))
        let lost = core.handle(.chat(.disconnected(reason: .refused)), at: .seconds(2))
        #expect(Self.spoken(lost) == ["Lost the connection to 127.0.0.1: connection refused. Trying again."])
        var again: [String] = []
        for attempt in 1...5 {
            again += Self.spoken(
                core.handle(.chat(.reconnecting(delay: .seconds(attempt), attempt: attempt)), at: .seconds(3 + attempt))
            )
            again += Self.spoken(core.handle(.chat(.disconnected(reason: .refused)), at: .seconds(3 + attempt)))
        }
        #expect(again.isEmpty, "\(again)")
        let waiting = IRCEventsCoreTests.enter("still there?", &core, at: 10)
        #expect(
            Self.spoken(waiting).contains("Waiting to send: still there? It goes when 127.0.0.1 is back."),
            "\(Self.spoken(waiting))")
        #expect(IRCEventsCoreTests.printed(waiting).contains("Waiting to send: still there?"))
        let back = core.handle(.chat(.server(.registered(nick: "you", again: true), channelID: nil)), at: .seconds(11))
        #expect(Self.spoken(back) == ["Back on 127.0.0.1, in hash a."], "\(Self.spoken(back))")
        let sent = ChatMessage(id: 300, channelID: 20, msgid: "s", author: "you", text: "still there?", time: Date())
        var heard = Self.spoken(core.handle(.chat(.delivered(sent)), at: .seconds(12)))
        heard += Self.spoken(core.handle(.utterance(.done, .announcer), at: .seconds(13)))
        heard += Self.spoken(core.handle(.tick, at: .seconds(14)))
        #expect(heard.contains("Sent: still there?"), "\(heard)")
    }

    @Test func aQuitReasonIsSaidAfterAColonNotInBrackets() {
        var core = IRCEventsCoreTests.ircCore()
        let quit = core.handle(
            .chat(.server(.quit(nick: "bob", reason: "Client closed connection"), channelID: nil)), at: .seconds(1))
        let said = Self.spoken(quit).joined(separator: " ")
        #expect(!said.contains("paren"), "\(said)")
    }

    // MARK: Mentions and direct messages

    @Test(arguments: [
        ("some time at the comet", false), ("me: look", true), ("hi @me!", true), ("ME, now", true),
        ("welcome home", false),
    ])
    func theNickIsAMentionOnlyAsAWord(text: String, mention: Bool) {
        var core = IRCEventsCoreTests.ircCore()
        _ = core.handle(.chat(.server(.registered(nick: "me", again: false), channelID: nil)), at: .seconds(1))
        let message = ChatMessage(id: 400, channelID: 20, msgid: "x", author: "kim", text: text, time: Date())
        #expect(core.mentions(message) == mention)
    }

    @Test func aFloodOfMentionsCoalescesWithTheNewestInFull() {
        var core = IRCEventsCoreTests.ircCore()
        var heard: [String] = []
        for id in 0..<12 {
            let message = ChatMessage(
                id: 500 + Int64(id), channelID: 20, msgid: "f\(id)", author: "kim", text: "you, look \(id)",
                time: Date())
            heard += Self.spoken(core.handle(.chat(.messages([message])), at: .seconds(1) + .milliseconds(id)))
        }
        heard += Self.spoken(core.handle(.utterance(.done, .announcer), at: .seconds(2)))
        heard += Self.spoken(core.handle(.tick, at: .seconds(3)))
        #expect(heard.count == 2, "\(heard)")
        #expect(heard.last == "11 new mentions in hash a. Newest, kim: look 11", "\(heard)")
    }

    /// A core in #a with a direct conversation with kim (channel 40) in its drawer.
    static func coreWithKim() -> AppCore {
        var core = IRCEventsCoreTests.ircCore()
        let kim = ChatChannel(id: 40, networkID: IRCEventsCoreTests.irc, name: "kim", isDirect: true)
        IRCEventsCoreTests.refresh(&core, adding: [kim], at: .seconds(1))
        return core
    }

    @Test func aDirectMessageIsNotAMentionAndNamesItsAuthorOnce() {
        var core = Self.coreWithKim()
        let dm = ChatMessage(id: 600, channelID: 40, msgid: "d", author: "kim", text: "hi you", time: Date())
        let said = Self.spoken(core.handle(.chat(.messages([dm])), at: .seconds(2)))
        #expect(said == ["Direct message from kim: hi you"], "\(said)")
        #expect(core.state.mentionedChannelIDs.contains(40), "Alt-A goes there first")
    }

    /// From the walkthrough of 2026-11-27: a notice is not a conversation, a line sent to
    /// another channel says where it went, someone's part reason is said, and an action's
    /// author is said once.
    @Test func noticesSendsElsewherePartsAndActionsAreSaidAsTheyAre() {
        var core = Self.coreWithKim()
        let notice = ChatMessage(
            id: 600, channelID: 40, msgid: "n", author: "kim", text: "the build is green", time: Date(), kind: .notice)
        #expect(
            Self.spoken(core.handle(.chat(.messages([notice])), at: .seconds(2))) == [
                "Notice from kim: the build is green"
            ])
        let mine = ChatMessage(id: 601, channelID: 40, msgid: "m", author: "you", text: "thanks", time: Date())
        var sent = Self.spoken(core.handle(.chat(.delivered(mine)), at: .seconds(3)))
        // Polite: after the notice has been said.
        sent += Self.spoken(core.handle(.utterance(.done, .announcer), at: .seconds(3)))
        #expect(sent.contains("Sent to kim"), "\(sent)")
        let part = core.handle(
            .chat(.server(.parted(channel: "#a", nick: "kim", isSelf: false, reason: "brb"), channelID: 20)),
            at: .seconds(4))
        #expect(IRCEventsCoreTests.printed(part).contains("kim left #a: brb"), "\(IRCEventsCoreTests.printed(part))")
        let wave = ChatMessage(
            id: 602, channelID: 20, msgid: "w", author: "kim", text: "waves", time: Date(), kind: .action)
        _ = core.handle(.chat(.messages([wave])), at: .seconds(5))
        var element: Element?
        core.tree.root.walk { candidate, _ in
            if candidate.identifier == ElementID.message(602).identifier { element = candidate }
            return element == nil
        }
        #expect(
            element?.label == "kim waves" && element?.value.contains("kim") == false, "\(String(describing: element))")
    }

    /// A mention keeps its mark when it is read later; a message that does not name the user
    /// has none.
    @Test func aMentionSaysSoWhenItIsReadLater() {
        var core = IRCEventsCoreTests.ircCore()
        let mention = ChatMessage(
            id: 610, channelID: 20, msgid: "m1", author: "bob", text: "you, check the build", time: Date())
        let plain = ChatMessage(
            id: 611, channelID: 20, msgid: "m2", author: "bob", text: "young builds pass", time: Date())
        _ = core.handle(.chat(.messages([mention, plain])), at: .seconds(2))
        var values: [Int64: String] = [:]
        core.tree.root.walk { element, _ in
            for id in [Int64(610), 611] where element.identifier == ElementID.message(id).identifier {
                values[id] = element.value
            }
            return true
        }
        #expect(values[610] == "you, check the build. Mentions you", "\(values)")
        #expect(values[611] == "young builds pass", "\(values)")
    }

    /// An action that names the listener is said as it reads, after the mention's sound ("kim
    /// mentioned you: waves at you" lost who waved), and read later as one sentence with the
    /// mention a clause of it.
    @Test func anActionThatMentionsTheListenerIsSaidAsItReads() {
        var core = IRCEventsCoreTests.ircCore()
        let wave = ChatMessage(
            id: 612, channelID: 20, msgid: "m3", author: "kim", text: "waves at you", time: Date(), kind: .action)
        let said = AppCoreTests.spoken(core.handle(.chat(.messages([wave])), at: .seconds(2)))
        #expect(said == ["kim waves at you"], "\(said)")
        var value: String?
        core.tree.root.walk { element, _ in
            if element.identifier == ElementID.message(612).identifier { value = element.value }
            return value == nil
        }
        #expect(value == "mentions you", "\(String(describing: value))")
    }

    /// Escape from a row of the channel list says the list's state and then where focus
    /// landed, the rows gone: it said "Channels, search only" and left the listener on a
    /// message without a word.
    @Test func escapeFromTheChannelListSaysWhereFocusLanded() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(.key(.key(.up, [.shift])), at: .seconds(1))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 2)
        _ = core.navigator.focus(identifier: ElementID.channel(10).identifier)
        #expect(core.navigator.focusedElement?.identifier == ElementID.channel(10).identifier)
        let said = AppCoreTests.spoken(core.handle(.key(.key(.escape, [])), at: .seconds(3)))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 4)
        let landed = core.navigator.focusedElement
        #expect(landed?.identifier != ElementID.channel(10).identifier, "focus stayed in the list")
        #expect(said.first == "Channels, search only", "\(said)")
        #expect(said.dropFirst().first == "hash welcome, 2 unread, heading level 1.", "\(said)")
        #expect(landed?.identifier == ElementID.mainHeader.identifier)
    }

    // MARK: Phrases

    @Test func aChannelWithNothingUnreadIsSaidByItsName() {
        var (core, _) = AppCoreTests.openCore()
        core.moveReadMarker(to: 103)
        #expect(core.state.channelHeading == "#welcome")
    }

    @Test func slashQuitQuitsTheLocalWorkspace() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.paste("/quit")), at: .seconds(1))
        #expect(core.handle(.key(.enter), at: .seconds(2)).contains(.quit))
    }

    @Test func searchTypedAtSpeedSaysOnlyItsLatestCountAndDrawsItsResults() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(.key(.alt("f")), at: .seconds(1))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 1)
        var searches: [String] = []
        var heard: [String] = []
        for (index, character) in "deploy".enumerated() {
            let at = Duration.seconds(2) + .milliseconds(100 * index)
            let effects = core.handle(.key(.character(character)), at: at)
            searches += effects.compactMap { if case .search(let words) = $0 { words } else { nil } }
        }
        let tick = core.handle(.tick, at: .seconds(3))
        searches += tick.compactMap { if case .search(let words) = $0 { words } else { nil } }
        #expect(searches == ["deploy"], "one search when typing pauses: \(searches)")
        let found = ChatMessage(id: 103, channelID: 10, msgid: "m103", author: "ada", text: "deploy done", time: Date())
        let results = core.handle(.searched("deploy", [found]), at: .seconds(3) + .milliseconds(10))
        #expect(IRCEventsCoreTests.printed(results).contains("deploy done"))
        heard += Self.spoken(results)
        heard += Self.spoken(core.handle(.tick, at: .seconds(5)))
        #expect(heard == ["1 message found"], "\(heard)")
    }

    /// Enter a moment after the last letter, before the pause that searches: searched at once,
    /// and Enter goes to the first result when it comes (not "No result" for words not searched).
    @Test func enterRightAfterTypingGoesToTheFirstResultOnceSearched() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(.key(.alt("f")), at: .seconds(1))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 1)
        for (index, character) in "rotor".enumerated() {
            _ = core.handle(.key(.character(character)), at: .seconds(2) + .milliseconds(50 * index))
        }
        let enter = core.handle(.key(.enter), at: .seconds(2) + .milliseconds(300))
        #expect(enter.contains(.search("rotor")), "\(enter)")
        #expect(Self.spoken(enter).isEmpty, "\(Self.spoken(enter))")
        let found = ChatMessage(id: 103, channelID: 10, msgid: "m103", author: "ada", text: "the rotor", time: Date())
        _ = core.handle(.searched("rotor", [found]), at: .seconds(3))
        #expect(core.navigator.focusedElement?.identifier == ElementID.searchResult(103).identifier)
    }

    /// Escape in the drawer's search, while the drawer is not modal, leaves the field for the
    /// conversation's heading, as the README says Escape leaves a field.
    @Test func escapeLeavesTheDrawersSearchForTheHeading() {
        var core = IRCEventsCoreTests.ircCore()
        _ = core.navigator.focus(identifier: ElementID.drawerSearch.identifier)
        let heard = Self.spoken(core.handle(.key(.escape), at: .seconds(1)))
        #expect(core.navigator.focusedElement?.identifier == ElementID.mainHeader.identifier, "\(heard)")
        #expect(heard.first?.hasPrefix("hash a") == true, "\(heard)")
    }

    /// Shift-Down with the drawer at its fewest says so in the drawer's words ("Drawer is
    /// compressed" was the panel's state, not what a listener hears of it elsewhere).
    @Test func shiftDownAtTheFewestChannelsSaysSoInTheDrawersWords() {
        var core = IRCEventsCoreTests.ircCore()
        #expect(core.state.drawer.state == .compressed)
        let heard = Self.spoken(core.handle(.key(.key(.down, [.shift])), at: .seconds(1)))
        #expect(heard == ["Channels already at their fewest. Shift-Up shows more"], "\(heard)")
    }

    /// A result from a direct conversation says so, not the person's name twice ("kim, kim, …").
    @Test func aSearchResultFromADirectConversationIsNotNamedTwice() {
        var core = IRCEventsCoreTests.ircCore()
        let kim = ChatChannel(id: 40, networkID: IRCEventsCoreTests.irc, name: "kim", isDirect: true)
        IRCEventsCoreTests.refresh(&core, adding: [kim], at: .seconds(1))
        _ = core.handle(.key(.control("f")), at: .seconds(2))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 2)
        for (index, character) in "psst".enumerated() {
            _ = core.handle(.key(.character(character)), at: .seconds(2) + .milliseconds(50 * index))
        }
        _ = core.handle(.key(.enter), at: .seconds(2) + .milliseconds(300))
        let theirs = ChatMessage(id: 901, channelID: 40, msgid: "k1", author: "kim", text: "psst", time: Date())
        let mine = ChatMessage(id: 902, channelID: 40, msgid: "k2", author: "you", text: "psst back", time: Date())
        _ = core.handle(.searched("psst", [theirs, mine]), at: .seconds(3))
        let labels = core.tree.root.allElements.filter { $0.identifier?.hasPrefix("search.9") == true }.map(\.label)
        #expect(labels.count == 2, "\(labels)")
        #expect(labels.first?.hasPrefix("kim, direct message, ") == true, "\(labels)")
        #expect(labels.last?.hasPrefix("You, to kim, ") == true, "\(labels)")
    }

    @Test func theSameReactionAgainTakesItBack() {
        var (core, _) = AppCoreTests.openCore()
        var page = core.state.messages
        page[0].reactions["👍"] = ["you"]
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 10, purpose: .refresh), channels: [AppCoreTests.welcome], messages: page)),
            at: .seconds(1))
        let emoji = Emoji(name: "thumbs up", character: "👍")
        core.effects = []
        core.react(emoji, to: page[0].id)
        let effects = core.effects
        #expect(effects.contains { if case .store(.removeReaction("👍", _)) = $0 { true } else { false } })
        #expect(Self.spoken(effects) == ["Removed your thumbs up reaction"], "\(Self.spoken(effects))")
    }
}

extension ListenerDayCoreTests {
    @Test func aQuotedWordBeforeAFullStopEndsItsSentenceWithoutAStraySpace() {
        let said = SpokenText.prepare("use a percent such as \"194%\".", punctuation: .some)
        #expect(!said.contains(" ."), "\(said)")

    }

    @Test func altSPausesSayAllAndResumesIt() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(.key(.alt("r")), at: .seconds(1))
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(1) + .milliseconds(10))
        let paused = core.handle(.key(.alt("s")), at: .seconds(2))
        #expect(paused.contains(.pauseOrResumeSpeech))
        #expect(!paused.contains(.stopSpeech), "Alt-S does not end the reading")
        // The engine cuts the utterance off for the pause, then says it again on resume.
        _ = core.handle(.utterance(.cancel, .reader), at: .seconds(2))
        _ = core.handle(.key(.alt("s")), at: .seconds(3))
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(3))
        let next = core.handle(.utterance(.done, .reader), at: .seconds(4))
        #expect(Self.spoken(next).count == 1, "the reading goes on to the next message: \(Self.spoken(next))")
    }
}

extension ListenerDayCoreTests {
    /// Alt-R on the channel's heading reads from the first message after it, as "read from
    /// here" does (it read only the first unread, the lesson's last message); on the field,
    /// from the first unread.
    @Test func altROnTheHeadingReadsFromTheFirstMessage() {
        var (core, _) = AppCoreTests.openCore()
        let first = core.state.messages[0]
        #expect(core.state.isUnread(first) == false, "the lesson's first message is read already")
        _ = core.navigator.focus(identifier: ElementID.mainHeader.identifier)
        let fromHeading = Self.spoken(core.handle(.key(.alt("r")), at: .seconds(1)))
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(first.id).identifier, "\(fromHeading)")
        #expect(fromHeading.first?.contains(SpokenText.unmarked(first.text).prefix(20)) == true, "\(fromHeading)")
        _ = core.handle(.key(.escape), at: .seconds(2))
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.alt("r")), at: .seconds(3))
        let unread = core.state.messages.first(where: core.state.isUnread)
        #expect(unread != nil && unread?.id != first.id)
        #expect(core.navigator.focusedElement?.identifier == unread.map { ElementID.message($0.id).identifier })
    }
}

extension ListenerDayCoreTests {
    /// The drawer says each channel's number (the one Alt and a digit opens), and a direct
    /// conversation is in the expanded drawer however many channels sort before it.
    @Test func theDrawerNumbersItsChannelsAndKeepsADirectConversationInView() {
        var core = IRCEventsCoreTests.ircCore()
        let many = (0..<6).map { ChatChannel(id: 100 + Int64($0), networkID: IRCEventsCoreTests.irc, name: "#c\($0)") }
        let kim = ChatChannel(id: 40, networkID: IRCEventsCoreTests.irc, name: "kim", isDirect: true)
        IRCEventsCoreTests.refresh(&core, adding: many + [kim], at: .seconds(1))
        var state = core.state
        _ = state.drawer.move(to: .expanded)
        var builder = ScreenTree.Builder()
        let drawer = ChannelDrawer.build(state, into: &builder)
        let labels = drawer.children.map(\.label)
        #expect(labels.contains("kim"), "\(labels)")
        let second = drawer.children.first { $0.label == "#a" }
        #expect(second?.positionInSet == SetPosition(2, of: 9))
        #expect(second?.hint.hasSuffix("Alt-2 opens it from anywhere.") == true)
    }
}

extension ListenerDayCoreTests {
    /// Failures reach the core typed and are worded there; no error's own description is said.
    @Test func failuresAreWordedByTheCoreFromTypedReasons() {
        #expect(FailureReason(ChatError(.store(.write, .diskFull))) == .diskFull)
        #expect(
            FailureReason(ChatError(.noMessageTags(.reactions)))
                == .unsupported(.noMessageTags(.reactions)))
        var core = IRCEventsCoreTests.ircCore()
        let join = Self.spoken(core.handle(.sendFailed(.join("#x"), .connection(.refused)), at: .seconds(1)))
        #expect(join == ["Could not join hash x: connection refused"], "\(join)")
        let full = Self.spoken(core.handle(.notSent("hello", reason: .diskFull), at: .seconds(2)))
        #expect(full.contains("Not sent: the disk is full. Your message is back in the composer."), "\(full)")
        let store = Self.spoken(core.handle(.storeFailed(.other), at: .seconds(3)))
        #expect(store.contains("Could not save: something went wrong"), "\(store)")
    }
}

extension ListenerDayCoreTests {
    static let root = ChatMessage(id: 701, channelID: 10, msgid: "r", author: "kim", text: "lunch?", time: Date())
    static let reply = ChatMessage(
        id: 702, channelID: 10, msgid: "a", author: "you", text: "yes", time: Date(), replyTo: "r")
    static let replyToReply = ChatMessage(
        id: 703, channelID: 10, msgid: "b", author: "kim", text: "great, see you", time: Date(), replyTo: "a")

    /// A reply to a reply is in its thread and counts on the thread's root.
    @Test func aReplyToAReplyCountsOnItsRootAndIsInItsThread() {
        var (core, _) = AppCoreTests.openCore()
        let load = ChatLoad(channelID: 10, purpose: .refresh)
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: load, channels: [AppCoreTests.welcome], messages: [Self.root, Self.reply, Self.replyToReply])),
            at: .seconds(1))
        #expect(core.state.replyCounts["r"] == 2)
        let another = ChatMessage(
            id: 704, channelID: 10, msgid: "c", author: "ada", text: "me too", time: Date(), replyTo: "b")
        _ = core.handle(.chat(.messages([another])), at: .seconds(2))
        #expect(core.state.replyCounts["r"] == 3)
    }

    /// A reply found by search opens in its thread, on the reply.
    @Test func aReplyFoundBySearchOpensInItsThreadOnTheReply() {
        var (core, _) = AppCoreTests.openCore()
        let load = ChatLoad(channelID: 10, purpose: .refresh)
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: load, channels: [AppCoreTests.welcome], messages: [Self.root, Self.reply, Self.replyToReply])),
            at: .seconds(1))
        core.state.searchResults = [Self.replyToReply]
        core.effects = []
        core.carryOut(.openMessage(id: 703, channelID: 10))
        let threadLoad = ChatLoad(channelID: 10, purpose: .thread(rootID: 701, announce: true), root: Self.root)
        #expect(core.effects.contains(.load(threadLoad)), "\(core.effects)")
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: threadLoad, channels: [AppCoreTests.welcome], messages: [],
                    thread: [Self.root, Self.reply, Self.replyToReply])),
            at: .seconds(2))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 3)
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(703).identifier)
    }

    @Test func textSizeAtItsLargestSaysSo() {
        var (core, _) = AppCoreTests.openCore { $0.text.size = .accessibilityExtraExtraExtraLarge }
        let said = Self.spoken(core.handle(.key(.alt("=")), at: .seconds(1)))
        #expect(said == ["Text size: Accessibility Extra Extra Extra Large, 312 percent, the largest"], "\(said)")
    }
}

extension ListenerDayCoreTests {
    /// A setting the file could not take goes back to what is in force, and is said so.
    @Test func aSettingThatCannotBeSavedGoesBack() {
        var (core, _) = AppCoreTests.openCore()
        let saved = core.state.settings
        core.carryOut(.adjust(.textSize, by: 1))
        #expect(core.state.settings.text.size == .extraLarge)
        let refused = Self.spoken(
            core.handle(.settingNotSaved(reason: "the settings folder is read-only", saved: saved), at: .seconds(1)))
        #expect(core.state.settings.text.size == .large)
        #expect(refused.contains("Not saved: the settings folder is read-only. The setting is as it was"), "\(refused)")
    }
}

extension ListenerDayCoreTests {
    /// Enter on a message opens its actions, said once as the sheet settles.
    @Test func enterOnAMessageSaysItsSheetOnce() {
        var (core, _) = AppCoreTests.openCore()
        var heard = Self.spoken(core.handle(.key(.enter), at: .seconds(1)))
        heard += Self.spoken(IRCEventsCoreTests.finishTransitions(&core, at: 2))
        #expect(!heard.contains { $0.hasPrefix("Message actions, heading") }, "\(heard)")
        #expect(heard.filter { $0.hasPrefix("Message actions, ") }.count == 1, "\(heard)")
    }
}

extension ListenerDayCoreTests {
    /// Right from the drawer's search field reaches every channel it shows, the last one too,
    /// and then leaves the drawer.
    @Test func rightReachesEveryChannelTheExpandedDrawerShows() {
        var core = IRCEventsCoreTests.ircCore()
        let many = (0..<6).map { ChatChannel(id: 100 + Int64($0), networkID: IRCEventsCoreTests.irc, name: "#c\($0)") }
        let kim = ChatChannel(id: 40, networkID: IRCEventsCoreTests.irc, name: "kim", isDirect: true)
        IRCEventsCoreTests.refresh(&core, adding: many + [kim], at: .seconds(1))
        // The open channel is past the first five: it is shown after them, as kim's conversation is.
        core.state.channelID = 105
        _ = core.navigator.focus(identifier: ElementID.drawerSearch.identifier)
        _ = core.handle(.key(.key(.up, .shift)), at: .seconds(2))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 3)
        var heard: [String] = []
        for step in 0..<10 {
            heard += Self.spoken(core.handle(.key(.key(.right, [])), at: .seconds(4 + step)))
        }
        for name in ["hash welcome", "hash a", "hash c0", "hash c1", "hash c2", "hash c5", "kim"] {
            #expect(heard.contains { $0.hasPrefix(name + ",") }, "\(name) in \(heard)")
        }
    }
}

extension ListenerDayCoreTests {
    /// Your own new nick is said so each character is heard ("ada_" is not "ada"), and a line
    /// /msg sent to someone gone comes back as the command it was.
    @Test func yourNewNickIsSpelledAndARefusedMsgComesBack() {
        #expect(SpokenText.unmarked(Wording.sentence(.people(.youAreNow("ada_")))) == "You are now ada underscore")
        #expect(SpokenText.unmarked(Wording.sentence(.people(.youAreNow("ears2")))) == "You are now ears2")
        var core = IRCEventsCoreTests.ircCore()
        let kim = ChatChannel(id: 40, networkID: IRCEventsCoreTests.irc, name: "kim", isDirect: true)
        IRCEventsCoreTests.refresh(&core, adding: [kim], at: .seconds(1))
        let line = ChatMessage(id: 901, channelID: 40, author: "you", text: "hi", time: Date())
        let refusal = IRCRefusal(.noSuchNick, target: "kim", serverText: "kim No such nick", label: "L2")
        let heard = AppCoreTests.spoken(core.handle(.chat(.lineRefused(refusal, line)), at: .seconds(2)))
        #expect(core.state.composer == "/msg kim hi", "\(heard)")
        #expect(heard.first?.hasSuffix("Your line is back in the field") == true, "\(heard)")
        // One server: "the server", as /whois says it, not its address read digit by digit.
        #expect(heard.first?.hasPrefix("Not delivered: kim is not on the server now") == true, "\(heard)")
    }

    /// A /msg to a nick the server does not know leaves no conversation in the drawer: the
    /// core asks its writer to forget it (kept there if anything else is in it), and reloads the
    /// channels when it is gone; an open conversation stays where the listener is.
    @Test func aConversationARefusedMsgMadeIsForgotten() {
        var core = IRCEventsCoreTests.ircCore()
        let nobody = ChatChannel(id: 40, networkID: IRCEventsCoreTests.irc, name: "nobody", isDirect: true)
        IRCEventsCoreTests.refresh(&core, adding: [nobody], at: .seconds(1))
        let line = ChatMessage(id: 901, channelID: 40, author: "you", text: "hi", time: Date())
        let refusal = IRCRefusal(.noSuchNick, target: "nobody", serverText: "nobody No such nick", label: "L2")
        let refused = core.handle(.chat(.lineRefused(refusal, line)), at: .seconds(2))
        #expect(refused.contains(.store(.forgetConversation(channelID: 40, network: IRCEventsCoreTests.irc))))
        // A refresh read before the store forgot it still has it; the news takes it out.
        IRCEventsCoreTests.refresh(&core, adding: [nobody], at: .seconds(2) + .milliseconds(5))
        let forgotten = core.handle(.chat(.conversationForgotten(channelID: 40)), at: .seconds(3))
        #expect(!core.state.channels.contains { $0.id == 40 })
        #expect(forgotten.contains(.load(ChatLoad(channelID: 20, purpose: .refresh))))
        IRCEventsCoreTests.refresh(&core, adding: [], at: .seconds(3) + .milliseconds(5))
        #expect(core.state.channels.map(\.name) == ["#welcome", "#a"])
        // Refused where it is open: it stays.
        var open = IRCEventsCoreTests.ircCore()
        _ = open.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 40, purpose: .open),
                    channels: [AppCoreTests.welcome, IRCEventsCoreTests.a, nobody], messages: [])),
            at: .seconds(1))
        let inIt = open.handle(.chat(.lineRefused(refusal, line)), at: .seconds(2))
        #expect(!inIt.contains { if case .store(.forgetConversation) = $0 { true } else { false } })
    }
}

extension ListenerDayCoreTests {
    /// "Type to filter channels" in the drawer's search while only the search shows: what is
    /// typed brings its matches, and their count is said once typing pauses.
    @Test func aSearchTypedInTheCompressedDrawerShowsItsMatches() {
        var core = IRCEventsCoreTests.ircCore()
        let many = (0..<3).map { ChatChannel(id: 100 + Int64($0), networkID: IRCEventsCoreTests.irc, name: "#c\($0)") }
        IRCEventsCoreTests.refresh(&core, adding: many, at: .seconds(1))
        _ = core.navigator.focus(identifier: ElementID.drawerSearch.identifier)
        #expect(core.state.drawer.state == .compressed)
        var heard = Self.spoken(core.handle(.key(.character("c")), at: .seconds(2)))
        heard += Self.spoken(core.handle(.utterance(.done, .keyEcho), at: .seconds(2) + .milliseconds(100)))
        heard += Self.spoken(core.handle(.tick, at: .seconds(5)))
        for id in 100...102 {
            let shown = core.tree.root.allElements.contains { $0.identifier == ElementID.channel(Int64(id)).identifier }
            #expect(shown, "\(heard)")
        }
        #expect(heard.contains("4 channels match"), "#welcome too: \(heard)")
    }
}

extension ListenerDayCoreTests {
    /// In an open direct conversation, kim's lines that follow each other name her once, as a
    /// channel's do ("kim: hi", then "are you there").
    @Test func anOpenConversationNamesItsWriterOnce() {
        var core = IRCEventsCoreTests.ircCore()
        let kim = ChatChannel(id: 40, networkID: IRCEventsCoreTests.irc, name: "kim", isDirect: true)
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 40, purpose: .open),
                    channels: [AppCoreTests.welcome, IRCEventsCoreTests.a, kim], messages: [])),
            at: .seconds(1))
        #expect(core.state.channelID == 40)
        var heard: [String] = []
        for (index, text) in ["hi", "are you there"].enumerated() {
            let at = Duration.seconds(3 + index * 3)
            let line = ChatMessage(id: 950 + Int64(index), channelID: 40, author: "kim", text: text, time: Date())
            heard += Self.spoken(core.handle(.chat(.messages([line])), at: at))
            heard += Self.spoken(core.handle(.tick, at: at + .milliseconds(1500)))
            heard += Self.spoken(core.handle(.utterance(.done, .announcer), at: at + .milliseconds(1600)))
        }
        #expect(heard.filter { $0.contains("hi") || $0.contains("there") } == ["kim: hi", "are you there"], "\(heard)")
    }
}
