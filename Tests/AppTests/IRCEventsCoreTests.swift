import Accessibility
import Chat
import Foundation
import Settings
import Testing

@testable import App
@testable import ClientCore

/// The core on an IRC channel: /query, /names, /whois, kicks, mode changes, standard replies
/// and highlight words, fed as events, read as effects.
@Suite struct IRCEventsCoreTests {
    static let irc: Int64 = 2
    static let a = ChatChannel(id: 20, networkID: irc, name: "#a", members: ["you", "bob", "kim", "ada"])

    /// A core with #a on an IRC network open.
    static func ircCore(_ configure: (inout Settings) -> Void = { _ in }) -> AppCore {
        var settings = Settings()
        configure(&settings)
        var core = AppCore(
            .init(
                settings: settings, onboarded: true, terminalRows: 24, localNetworkID: AppCoreTests.local,
                welcomeChannelID: 10, nick: "you", localTime: .fixed(origin: Date()), emoji: .installed))
        _ = core.handle(.start(problems: []), at: .zero)
        let load = ChatLoad(channelID: a.id, purpose: .open)
        _ = core.handle(
            .loaded(ChatSnapshot(load: load, channels: [AppCoreTests.welcome, a], messages: [])), at: .milliseconds(1))
        return core
    }

    /// A refresh of #a as the store gives it: the lesson's #welcome, #a, then `more`.
    static func refresh(_ core: inout AppCore, adding more: [ChatChannel], at time: Duration) {
        let load = ChatLoad(channelID: a.id, purpose: .refresh)
        _ = core.handle(
            .loaded(ChatSnapshot(load: load, channels: [AppCoreTests.welcome, a] + more, messages: [])), at: time)
    }

    /// The core with kim's "lunch?" (msgid r1) in #a open in its thread, at `seconds`.
    static func inKimsThread(at seconds: Int) -> AppCore {
        var core = ircCore()
        let root = ChatMessage(id: 700, channelID: 20, msgid: "r1", author: "kim", text: "lunch?", time: Date())
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 20, purpose: .thread(rootID: 700, announce: true), root: root),
                    channels: [AppCoreTests.welcome, a], messages: [root], thread: [root])),
            at: .seconds(seconds))
        _ = finishTransitions(&core, at: seconds + 1)
        return core
    }

    static func enter(_ line: String, _ core: inout AppCore, at seconds: Int) -> [AppEffect] {
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.paste(line)), at: .seconds(seconds))
        return core.handle(.key(.enter), at: .seconds(seconds) + .milliseconds(1))
    }

    /// Ends each transition the core draws, as the runtime does, and returns what followed.
    static func finishTransitions(_ core: inout AppCore, at seconds: Int) -> [AppEffect] {
        var all: [AppEffect] = []
        for step in 0..<10 {
            let next = core.handle(.transitionFinished, at: .seconds(seconds) + .milliseconds(step))
            all += next
            if !next.contains(where: { if case .drawTransition = $0 { true } else { false } }) { break }
        }
        return all
    }

    static func sends(_ effects: [AppEffect]) -> [ChatSend] {
        effects.compactMap { if case .send(let send, _) = $0 { send } else { nil } }
    }

    static func printed(_ effects: [AppEffect]) -> String {
        effects.compactMap {
            if case .lines(let lines) = $0 { lines.map(\.string).joined(separator: "\n") } else { nil }
        }
        .joined(separator: "\n")
    }

    /// On a quick server /join says "Joined" alone; on a slow one "Joining" comes after a
    /// second, and a refusal silences it.
    @Test func joiningIsSaidOnlyWhenTheServerIsSlow() {
        var core = Self.ircCore()
        var spoken = AppCoreTests.spoken(Self.enter("/join #quick", &core, at: 1))
        #expect(!spoken.contains { $0.hasPrefix("Joining") }, "\(spoken)")
        let joined = ChatEvent.server(.joined(channel: "#quick", nick: "you", isSelf: true), channelID: 30)
        spoken = AppCoreTests.spoken(core.handle(.chat(joined), at: .seconds(1) + .milliseconds(40)))
        #expect(spoken == ["Joined hash quick"], "\(spoken)")
        spoken = AppCoreTests.spoken(core.handle(.tick, at: .seconds(3)))
        #expect(!spoken.contains { $0.hasPrefix("Joining") }, "answered: never said")

        _ = Self.enter("/join #slow", &core, at: 10)
        spoken = AppCoreTests.spoken(core.handle(.tick, at: .seconds(11) + .milliseconds(100)))
        #expect(spoken == ["Joining hash slow"], "\(spoken)")

        _ = Self.enter("/join #banned", &core, at: 20)
        _ = core.handle(
            .chat(.server(.note("Cannot join channel (banned)", isWarning: true), channelID: nil)), at: .seconds(20))
        spoken = AppCoreTests.spoken(core.handle(.tick, at: .seconds(22)))
        #expect(!spoken.contains { $0.hasPrefix("Joining") }, "\(spoken)")
    }

    /// What a walkthrough found: a channel left still took messages, a join of a channel one
    /// is in said "Joining" and nothing more, Tab offered a nick given up, and one's own line
    /// under an earlier nick was news.
    @Test func leftChannelsJoinsNickChangesAndOwnOldLinesAreSaidRightly() {
        var core = Self.ircCore()
        // Joined this session: the server named who is in it.
        _ = core.handle(
            .chat(.server(.memberRanks(channel: "#a", ranks: ["you": ""]), channelID: 20), network: Self.irc),
            at: .milliseconds(500))
        var spoken = AppCoreTests.spoken(Self.enter("/join #a", &core, at: 1))
        #expect(spoken == ["You are already in hash a"], "\(spoken)")

        // Tab after kim became kimmy: only the name in use.
        let old = ChatMessage(id: 901, channelID: 20, author: "kim", text: "hi", time: Date())
        let mine = ChatMessage(id: 902, channelID: 20, author: "you", text: "hello", time: Date())
        let load = ChatLoad(channelID: Self.a.id, purpose: .refresh)
        var renamed = Self.a
        renamed.members = ["you", "bob", "kimmy", "ada"]
        _ = core.handle(
            .chat(.server(.nickChanged(from: "kim", to: "kimmy", isSelf: false), channelID: nil)), at: .seconds(2))
        _ = core.handle(
            .chat(.server(.nickChanged(from: "you", to: "you_", isSelf: true), channelID: nil)), at: .seconds(2))
        _ = core.handle(
            .loaded(ChatSnapshot(load: load, channels: [AppCoreTests.welcome, renamed], messages: [old, mine])),
            at: .seconds(3))
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.paste("ki")), at: .seconds(4))
        spoken = AppCoreTests.spoken(core.handle(.key(.tab), at: .seconds(5)))
        #expect(spoken == ["kimmy colon"], "\(spoken)")
        #expect(core.state.isOwn(mine) && !core.state.isUnread(mine), "a line written as you is not news to you_")
        #expect(core.state.isUnread(old))

        // A channel left keeps its history, and refuses a line.
        _ = core.handle(.key(.paste("")), at: .seconds(6))
        let left = ChatEvent.server(.parted(channel: "#a", nick: "you_", isSelf: true, reason: ""), channelID: 20)
        _ = core.handle(.chat(left), at: .seconds(6))
        core.state.composer = ""
        let effects = Self.enter("anyone here?", &core, at: 7)
        #expect(Self.sends(effects).isEmpty)
        spoken = AppCoreTests.spoken(effects)
        #expect(
            spoken == [
                "Not sent: you are not in hash a now. The line is still in the field; Enter again joins and sends it."
            ],
            "\(spoken)")
        #expect(core.state.composer == "anyone here?", "the line stays in the field")
        // Enter again takes the offer: the channel is joined, and the line goes once it is.
        let again = core.handle(.key(.enter), at: .seconds(8))
        #expect(Self.sends(again) == [.join("#a")])
        let joined = core.handle(
            .chat(.server(.joined(channel: "#a", nick: "you_", isSelf: true), channelID: 20)),
            at: .seconds(8) + .milliseconds(50))
        #expect(Self.sends(joined).contains(.message("anyone here?", to: "#a", replyTo: nil)), "\(Self.sends(joined))")
        #expect(AppCoreTests.spoken(joined) == ["Joined hash a"])
    }

    @Test func queryOpensTheConversationAndSendsItsText() {
        var core = Self.ircCore()
        let effects = Self.enter("/query kim are you there?", &core, at: 1)
        #expect(effects.contains(.store(.openDirect(nick: "kim", network: Self.irc))))
        #expect(Self.sends(effects) == [.message("are you there?", to: "kim", replyTo: nil)])
        // The runtime answers with the conversation opened: its heading is said.
        let kim = ChatChannel(id: 30, networkID: Self.irc, name: "kim", isDirect: true)
        let opened = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 30, purpose: .open), channels: [AppCoreTests.welcome, Self.a, kim],
                    messages: [])),
            at: .seconds(2))
        #expect(core.state.channelID == 30)
        #expect(AppCoreTests.spoken(opened).first?.contains("kim") == true, "\(AppCoreTests.spoken(opened))")
    }

    /// Someone who leaves or quits and comes back has no rank until the server names one:
    /// /names said "kim, operator" after kim had reconnected without it.
    @Test func aRankDoesNotOutliveLeavingOrQuitting() {
        var core = Self.ircCore()
        _ = core.handle(
            .chat(
                .server(.memberRanks(channel: "#a", ranks: ["kim": "@", "ada": "+"]), channelID: 20), network: Self.irc),
            at: .seconds(1))
        _ = core.handle(
            .chat(.server(.quit(nick: "kim", reason: "Quit: bye"), channelID: nil), network: Self.irc), at: .seconds(2))
        #expect(core.state.memberRanks[20] == ["ada": "+"])
        _ = core.handle(
            .chat(
                .server(.parted(channel: "#a", nick: "ADA", isSelf: false, reason: ""), channelID: 20),
                network: Self.irc),
            at: .seconds(3))
        #expect(core.state.memberRanks[20] == [:], "a part takes the rank, the nick compared as the server does")
    }

    /// /names asks the server again and lists who is here, operators first, each with their rank;
    /// Enter on a person opens a conversation with them.
    @Test func namesListsPeopleByRankAndEnterOpensAConversation() throws {
        var core = Self.ircCore()
        _ = core.handle(
            .chat(.server(.memberRanks(channel: "#a", ranks: ["kim": "@", "ada": "+"]), channelID: 20)), at: .seconds(1)
        )
        var effects = Self.enter("/names", &core, at: 2)
        #expect(Self.sends(effects) == [.names("#a")])
        effects += Self.finishTransitions(&core, at: 3)
        let said = AppCoreTests.spoken(effects).joined(separator: " | ")
        #expect(said.contains("People in hash a"), "\(said)")
        #expect(said.contains("4 people"), "\(said)")
        var members: [Element] = []
        core.tree.root.walk { element, _ in
            if element.identifier?.hasPrefix("member.") == true { members.append(element) }
            return true
        }
        #expect(members.map(\.label) == ["kim", "ada", "bob", "you"])
        let kim = try #require(members.first)
        #expect(Phrase(kim).text.hasPrefix("kim, operator, button"), "\(Phrase(kim).text)")
        _ = core.navigator.focus(identifier: "member.kim")
        var opened = core.handle(.key(.enter), at: .seconds(4))
        opened += Self.finishTransitions(&core, at: 5)
        #expect(opened.contains(.store(.openDirect(nick: "kim", network: Self.irc))), "\(opened)")
    }

    /// The people list says who is signed in to which account (WHOX, account-notify): "signed
    /// in as kimberly", "signed in" under one's own name, nothing for someone signed in to none.
    @Test func peopleSaySignedInAsTheirAccount() throws {
        var core = Self.ircCore()
        _ = core.handle(
            .chat(.server(.accounts(["kim": "kimberly", "BOB": "bob", "ada": ""]), channelID: nil), network: Self.irc),
            at: .seconds(1))
        _ = Self.enter("/names", &core, at: 2)
        _ = Self.finishTransitions(&core, at: 3)
        // The values as shown (the account is marked to be said as written).
        func values() -> [String: String] {
            var values: [String: String] = [:]
            core.tree.root.walk { element, _ in
                if element.identifier?.hasPrefix("member.") == true {
                    values[element.label] = String(
                        String.UnicodeScalarView(
                            element.value.unicodeScalars.filter { !(0xE000...0xF8FF).contains($0.value) }))
                }
                return true
            }
            return values
        }
        #expect(values()["kim"] == "signed in as kimberly", "\(values())")
        #expect(values()["bob"] == "signed in", "\(values())")
        #expect(values()["ada"] == "", "\(values())")
        // kim signs out (account-notify `*`): the words go from the list open.
        _ = core.handle(.chat(.server(.accounts(["kim": ""]), channelID: nil), network: Self.irc), at: .seconds(4))
        #expect(values()["kim"] == "", "\(values())")
    }

    /// On a server that compares names by ASCII only (Ergo), "you{1}" is someone else: their
    /// line is news, not the listener's own.
    @Test func onAnASCIIServerBracesAreNotBrackets() {
        var core = Self.ircCore()
        core.state.networks = [
            ChatNetwork(id: Self.irc, name: "ergo", host: "127.0.0.1", port: 6667, usesTLS: false, nick: "you[1]")
        ]
        core.state.nicks[Self.irc] = "you[1]"
        let other = ChatMessage(id: 900, channelID: 20, author: "you{1}", text: "not you", time: Date())
        #expect(core.state.isOwn(other), "RFC 1459 folds {} to []: the same nick")
        _ = core.handle(.chat(.server(.caseMapping(.ascii), channelID: nil), network: Self.irc), at: .seconds(1))
        #expect(!core.state.isOwn(other), "under ascii, you{1} is not you[1]")
        let said = AppCoreTests.spoken(core.handle(.chat(.messages([other]), network: Self.irc), at: .seconds(2)))
        #expect(said.contains { $0.contains("not you") }, "\(said)")
    }

    /// In the local workspace an IRC command cannot work: said, and not put back in the field
    /// (nothing in it to correct, and the next words typed would join it); Up recalls it.
    @Test func anIRCCommandWithoutAServerIsSaidAndNotPutBack() {
        var (core, _) = AppCoreTests.openCore()
        let said = AppCoreTests.spoken(Self.enter("/names", &core, at: 1))
        #expect(
            said.contains { $0.hasPrefix("No IRC server is connected, so slash names cannot work here") }, "\(said)")
        #expect(core.state.composer.isEmpty)
        _ = core.handle(.key(.key(.up, [])), at: .seconds(2))
        #expect(core.state.composer == "/names")
    }

    @Test func namesOfAChannelWeAreNotInIsRefusedAloud() {
        var core = Self.ircCore()
        let effects = Self.enter("/names #elsewhere", &core, at: 1)
        #expect(Self.sends(effects).isEmpty)
        #expect(
            AppCoreTests.spoken(effects).contains { $0.hasPrefix("You are not in hash elsewhere") },
            "\(AppCoreTests.spoken(effects))")
    }

    @Test func partingAChannelWeAreNotInIsRefusedAloudAndOneWeAreInIsLeft() {
        var core = Self.ircCore()
        let refused = Self.enter("/part #zzz", &core, at: 1)
        #expect(Self.sends(refused).isEmpty)
        #expect(AppCoreTests.spoken(refused).contains("You are not in hash zzz."), "\(AppCoreTests.spoken(refused))")
        #expect(!AppCoreTests.spoken(refused).contains { $0.hasPrefix("Leaving") })
        // (The refused line went back to the composer: a fresh one for the next.)
        var fresh = Self.ircCore()
        let left = Self.enter("/part #a", &fresh, at: 2)
        #expect(Self.sends(left).contains(.part("#a", reason: "")), "\(Self.sends(left))")
    }

    @Test func whoisAsksAndTheAnswerIsShownAndSaid() {
        var core = Self.ircCore()
        #expect(Self.sends(Self.enter("/whois kim", &core, at: 1)) == [.whois("kim")])
        let answer = core.handle(
            .chat(
                .server(
                    .whois(
                        nick: "kim",
                        facts: [.identity(realName: "Kim Lee", host: "host"), .channels(["#a"]), .ircOperator]),
                    channelID: nil)
            ),
            at: .seconds(2))
        #expect(Self.printed(answer).contains("Whois kim: kim, real name Kim Lee, from host; in #a; an IRC operator"))
        #expect(
            AppCoreTests.spoken(answer).contains {
                $0.hasPrefix("kim, real name Kim Lee; in hash a") && !$0.contains("host")
            },
            "the host is shown, not said: \(AppCoreTests.spoken(answer))")
        // A loopback address is where the listener is: "this computer", not "127.0.0.1".
        let here = core.handle(
            .chat(.server(.whois(nick: "bob", facts: [.identity(realName: "bob", host: "127.0.0.1")]), channelID: nil)),
            at: .seconds(3))
        #expect(Self.printed(here).contains("Whois bob: bob, from this computer"), "\(Self.printed(here))")
    }

    /// Someone else kicked is a membership event (shown, spoken politely); being kicked
    /// yourself is said at high priority with who did it and why.
    @Test func kicksAreShownAndBeingKickedIsSaidAssertively() {
        var core = Self.ircCore()
        let other = core.handle(
            .chat(
                .server(.kicked(channel: "#a", nick: "bob", by: "kim", reason: "spam", isSelf: false), channelID: 20)),
            at: .seconds(1))
        #expect(Self.printed(other).contains("bob was kicked by kim: spam"))
        let me = core.handle(
            .chat(.server(.kicked(channel: "#a", nick: "you", by: "kim", reason: "bye", isSelf: true), channelID: 20)),
            at: .seconds(5))
        let high = me.compactMap {
            if case .speak(let text, .high, _, _, _, _, _) = $0, !text.isEmpty { text } else { nil }
        }
        #expect(high.contains("You were kicked from hash a by kim: bye"), "\(AppCoreTests.spoken(me))")
    }

    @Test func aRankChangeIsShownAndTheMemberListAskedForAgain() {
        var core = Self.ircCore()
        let effects = core.handle(
            .chat(.server(.modeChanged(channel: "#a", change: "+o bob", by: "kim"), channelID: 20)), at: .seconds(1))
        #expect(Self.printed(effects).contains("kim made bob an operator"))
        #expect(Self.sends(effects) == [.names("#a")])
        let key = core.handle(
            .chat(.server(.modeChanged(channel: "#a", change: "+k secret", by: "kim"), channelID: 20)), at: .seconds(2))
        #expect(Self.sends(key).isEmpty)
        #expect(Self.printed(key).contains("kim set a key on #a"))
        #expect(
            Wording.modeChange("-vo ada bob", by: "kim", in: "#a")
                == "kim took voice from ada and took operator from bob")
        #expect(Wording.modeChange("+H 50:1d", by: "kim", in: "#b") == "kim changed the modes of #b")
        #expect(Wording.modeChange("+i", by: "kim", in: "#b") == "kim made #b invite only")
        #expect(
            Wording.modeChange("+ntk secret", by: "kim", in: "#b")
                == "kim closed #b to messages from outside, let only operators set the topic of it and set a key on it")
        #expect(Wording.modeChange("+l 50", by: "kim", in: "#b") == "kim limited #b to 50 people")
        #expect(
            Wording.modeChange("+iH 50:1d", by: "kim", in: "#b")
                == "kim made #b invite only and changed other modes of it")
        #expect(Wording.modeChange("+b *!*@host", by: "kim", in: "#b") == "kim banned someone from #b")
        #expect(Wording.modeChange("+o ada", by: "kim", in: "#b", me: "ada") == "kim made you an operator")
    }

    @Test func warningsAreSaidAndNotesPolitely() {
        var core = Self.ircCore()
        let warn = core.handle(
            .chat(.server(.note("Your nick will expire soon", isWarning: true), channelID: nil)), at: .seconds(1))
        #expect(
            warn.contains {
                if case .speak("Warning: Your nick will expire soon", .default, _, _, _, _, _) = $0 {
                    true
                } else {
                    false
                }
            }, "\(warn)")
        let note = core.handle(
            .chat(.server(.note("Maintenance tonight", isWarning: false), channelID: nil)), at: .seconds(10))
        #expect(Self.printed(note).contains("Note: Maintenance tonight"))
    }

    /// A word from `irc.highlights` makes a message a mention: spoken at high priority with
    /// the channel's name, as the user's nick does.
    @Test func highlightWordsAreMentions() {
        var core = Self.ircCore { $0.highlights = ["deploy"] }
        let message = ChatMessage(
            id: 500, channelID: 10, msgid: "x", author: "kim", text: "the DEPLOY is done", time: Date())
        let effects = core.handle(.chat(.messages([message])), at: .seconds(1))
        let high = effects.compactMap {
            if case .speak(let text, .high, _, _, _, _, _) = $0, !text.isEmpty { text } else { nil }
        }
        #expect(high.contains { $0.hasPrefix("kim mentioned you in hash welcome") }, "\(AppCoreTests.spoken(effects))")
    }

    /// On two IRC networks: the drawer puts each network's channels under its name (headings
    /// the rotor can move by), a line typed goes to the open channel's network, and what a
    /// network says of itself names it.
    @Test func onTwoNetworksTheDrawerGroupsChannelsAndSendsFollowTheOpenChannel() {
        let local = ChatNetwork(id: AppCoreTests.local, name: "local", host: "", port: 0, usesTLS: false, nick: "you")
        let libera = ChatNetwork(
            id: 2, name: "libera", host: "irc.libera.example", port: 6697, usesTLS: true, nick: "ada")
        let oftc = ChatNetwork(id: 3, name: "oftc", host: "irc.oftc.example", port: 6697, usesTLS: true, nick: "ada")
        let a = ChatChannel(id: 20, networkID: 2, name: "#a")
        let b = ChatChannel(id: 30, networkID: 3, name: "#b")
        var core = Self.ircCore()
        _ = core.handle(
            .chat(.server(.registered(nick: "ada_", again: false), channelID: nil), network: 3), at: .seconds(1))
        _ = core.handle(
            .chat(.server(.registered(nick: "ada", again: false), channelID: nil), network: 2), at: .seconds(1))
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 30, purpose: .open), channels: [AppCoreTests.welcome, a, b], messages: [],
                    networks: [local, libera, oftc])),
            at: .seconds(2))
        #expect(core.state.nick == "ada_", "the open channel's network's nick")
        var state = core.state
        _ = state.drawer.move(to: .fullHeight)
        var builder = ScreenTree.Builder()
        let drawer = ChannelDrawer.build(state, into: &builder)
        let order = drawer.children.map { $0.traits.contains(.header) ? "[\($0.label)]" : $0.label }
        #expect(
            order == ["Search channels", "[Local workspace]", "#welcome", "[libera]", "#a", "[oftc]", "#b"], "\(order)")

        let sent = Self.enter("hello", &core, at: 3)
        #expect(sent.contains(.send(.message("hello", to: "#b", replyTo: nil), network: 3)), "\(Self.sends(sent))")
        let lost = core.handle(.chat(.disconnected(reason: .closedByServer), network: 2), at: .seconds(4))
        #expect(
            AppCoreTests.spoken(lost).contains(
                "Lost the connection to irc.libera.example: the server closed the connection. Trying again."),
            "\(AppCoreTests.spoken(lost))")
    }

    /// The actions key on a channel in the drawer opens its actions: "Messages spoken here" is
    /// adjustable; Down speaks fewer of them, says the new value, writes `speech.channels."#a"`,
    /// and the policy holds at once; the ends hold.
    @Test func aChannelsActionsChooseWhichOfItsMessagesAreSpoken() {
        var core = Self.ircCore()
        _ = core.navigator.focus(identifier: ElementID.drawerSearch.identifier)
        _ = core.handle(.line("/expand"), at: .seconds(1))
        _ = Self.finishTransitions(&core, at: 2)
        _ = core.navigator.focus(identifier: ElementID.channel(20).identifier)
        #expect(core.navigator.focusedElement?.identifier == ElementID.channel(20).identifier)
        var opened = core.handle(.line("/actions"), at: .seconds(3))
        opened += Self.finishTransitions(&core, at: 4)
        #expect(
            AppCoreTests.spoken(opened).contains { $0.hasPrefix("Messages spoken here, all, adjustable") },
            "\(AppCoreTests.spoken(opened))")
        // Up at "all" stays there (it never goes round to "none"), and says so.
        let up = core.handle(.line("/up"), at: .seconds(5))
        #expect(AppCoreTests.written(up).isEmpty, "\(up)")
        #expect(AppCoreTests.spoken(up) == ["all"], "\(AppCoreTests.spoken(up))")
        for step in 0..<4 { _ = core.handle(.line("/down"), at: .seconds(5) + .milliseconds(100 * step + 100)) }
        let down = core.handle(.line("/down"), at: .seconds(6))
        #expect(AppCoreTests.written(down).isEmpty, "held at none: \(down)")
        #expect(core.state.settings.speech.messagePolicy(in: "#A") == .none)
        // A message in #a is shown but not spoken now.
        let message = ChatMessage(id: 600, channelID: 20, msgid: "q", author: "kim", text: "quiet please", time: Date())
        let effects = core.handle(.chat(.messages([message])), at: .seconds(7))
        #expect(!AppCoreTests.spoken(effects).contains { $0.contains("quiet please") })
    }

    /// A reply the server cannot carry (no message-tags) is said, goes back to the thread's
    /// composer, and Enter again sends it to the channel as a plain message to the author.
    @Test func aReplyTheServerCannotCarryIsOfferedAsAPlainMessage() {
        var core = Self.ircCore()
        let root = ChatMessage(id: 700, channelID: 20, msgid: "r1", author: "kim", text: "lunch?", time: Date())
        let channels = [AppCoreTests.welcome, Self.a]
        _ = core.handle(
            .loaded(
                ChatSnapshot(load: ChatLoad(channelID: 20, purpose: .refresh), channels: channels, messages: [root])),
            at: .seconds(1))
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 20, purpose: .thread(rootID: 700, announce: true), root: root),
                    channels: channels,
                    messages: [root], thread: [root])),
            at: .seconds(2))
        _ = Self.finishTransitions(&core, at: 3)
        #expect(core.state.route == .thread(rootID: 700))
        _ = core.navigator.focus(identifier: ElementID.threadComposer.identifier)
        _ = core.handle(.key(.paste("yes")), at: .seconds(4))
        let first = core.handle(.key(.enter), at: .seconds(5))
        #expect(Self.sends(first).contains(.message("yes", to: "#a", replyTo: "r1")), "\(Self.sends(first))")
        let refused = core.handle(
            .replyRefused("yes", reason: .unsupported(.noMessageTags(.replies))),
            at: .seconds(6))
        let high = refused.compactMap {
            if case .speak(let text, .high, _, _, _, _, _) = $0, !text.isEmpty { text } else { nil }
        }
        #expect(
            high.contains {
                $0.contains("cannot mark a line as a reply") && $0.contains("Press Enter again") && $0.contains("kim")
            },
            "\(high)")
        #expect(core.state.threadComposer == "yes")
        _ = core.navigator.focus(identifier: ElementID.threadComposer.identifier)
        let second = core.handle(.key(.enter), at: .seconds(7))
        #expect(Self.sends(second).contains(.message("kim: yes", to: "#a", replyTo: nil)), "\(Self.sends(second))")
    }

    /// A command typed in a thread's reply field runs as from the message field (/me went out as
    /// the words "/me waves"); one refused comes back into the thread's field; "//" sends a reply
    /// starting with one "/".
    @Test func aCommandInAThreadsReplyFieldRunsAsOne() {
        var core = Self.inKimsThread(at: 2)
        func enter(_ line: String, at seconds: Int) -> [AppEffect] {
            _ = core.navigator.focus(identifier: ElementID.threadComposer.identifier)
            _ = core.handle(.key(.paste(line)), at: .seconds(seconds))
            return core.handle(.key(.enter), at: .seconds(seconds) + .milliseconds(1))
        }
        #expect(Self.sends(enter("/me waves", at: 4)).first == .action("waves", to: "#a"))
        let refused = enter("/frob", at: 5)
        #expect(!Self.sends(refused).contains { if case .message = $0 { true } else { false } })
        #expect(core.state.threadComposer == "/frob")
        #expect(core.state.composer.isEmpty)
        core.state.threadComposer = ""
        #expect(Self.sends(enter("//usr is full", at: 6)).first == .message("/usr is full", to: "#a", replyTo: "r1"))
    }

    @Test func friendsFollowedWithMonitorAreSaidComingAndGoingAndAnInviteSaysHowToAccept() {
        var core = Self.ircCore()
        let asked = Self.enter("/monitor +zoe", &core, at: 1)
        #expect(Self.sends(asked) == [.monitor(["zoe"], follow: true)])
        #expect(AppCoreTests.spoken(asked).contains { $0.contains("Following zoe") })
        func said(_ event: ChatEvent, at seconds: Int) -> [String] {
            var all = AppCoreTests.spoken(core.handle(.chat(event), at: .seconds(seconds)))
            for step in 1...5 {
                all += AppCoreTests.spoken(core.handle(.tick, at: .seconds(seconds) + .milliseconds(step * 400)))
            }
            return all
        }
        // The answer asked for is said even when it is "offline"; a configured friend's first
        // "offline" is not news.
        #expect(
            said(.server(.presence(nick: "zoe", online: false, change: false), channelID: nil), at: 2).contains(
                "zoe is offline"))
        #expect(said(.server(.presence(nick: "max", online: false, change: false), channelID: nil), at: 4).isEmpty)
        #expect(
            said(.server(.presence(nick: "max", online: true, change: true), channelID: nil), at: 6).contains(
                "max is online"))
        #expect(
            said(.server(.presence(nick: "max", online: false, change: true), channelID: nil), at: 8).contains(
                "max went offline"))
        let invite = said(
            .server(.invited(channel: "#secret", nick: "you", by: "bob", isSelf: true), channelID: nil), at: 10)
        #expect(invite.contains("bob invites you to hash secret. To accept, type slash join hash secret"))
        #expect(
            Self.printed(
                core.handle(.chat(.server(.away(nick: "kim", reason: "lunch"), channelID: nil)), at: .seconds(12))
            ).contains(
                "kim is away: lunch"))
        // Someone not in this channel going away is nobody's news here.
        #expect(
            Self.printed(
                core.handle(.chat(.server(.away(nick: "stranger", reason: "x"), channelID: nil)), at: .seconds(13))
            ).isEmpty)
        // Our own away, told back by the server (Ergo), was answered already ("You are away").
        let own = core.handle(
            .chat(.server(.away(nick: "YOU", reason: "lunch"), channelID: nil), network: Self.irc), at: .seconds(14))
        #expect(Self.printed(own).isEmpty && AppCoreTests.spoken(own).isEmpty, "\(AppCoreTests.spoken(own))")
    }

    /// Starting on #welcome, the first channel opens once the server's replay is over: what
    /// came while away is said after "Connected as you. hash a", which says where the listener
    /// is, not before it.
    @Test func whatCameWhileAwayIsSaidAfterTheChannelThatOpens() {
        var core = AppCore(
            .init(
                settings: Settings(), onboarded: true, terminalRows: 24, localNetworkID: AppCoreTests.local,
                welcomeChannelID: 10, nick: "you", localTime: .fixed(origin: Date()), emoji: .installed))
        _ = core.handle(.start(problems: []), at: .zero)
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 10, purpose: .open), channels: [AppCoreTests.welcome, Self.a],
                    messages: [])), at: .milliseconds(1))
        var said: [String] = []
        var opens: [Int64] = []
        func feed(_ event: AppEvent, at milliseconds: Int) {
            let effects = core.handle(event, at: .milliseconds(milliseconds))
            said += AppCoreTests.spoken(effects)
            opens += effects.compactMap {
                if case .load(let load) = $0, load.purpose == .open { load.channelID } else { nil }
            }
        }
        feed(.chat(.server(.registered(nick: "you", again: false), channelID: nil), network: Self.irc), at: 2_000)
        feed(
            .chat(.server(.joined(channel: "#a", nick: "you", isSelf: true), channelID: 20), network: Self.irc),
            at: 2_050)
        let news = ChatMessage(id: 800, channelID: 20, author: "kim", text: "you, are you there", time: Date())
        feed(.chat(.history([news], news: [20: 1]), network: Self.irc), at: 2_100)
        feed(.chat(.server(.synced, channelID: nil), network: Self.irc), at: 2_200)
        #expect(opens == [20], "\(said)")
        #expect(!said.contains { $0.contains("while you were away") }, "said before the channel opened: \(said)")
        feed(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: 20, purpose: .open), channels: [AppCoreTests.welcome, Self.a],
                    messages: [news])), at: 2_300)
        for step in 1...10 {
            feed(.utterance(.done, .announcer), at: 2_300 + step * 500)
            feed(.transitionFinished, at: 2_300 + step * 500 + 1)
            feed(.tick, at: 2_300 + step * 500 + 2)
            // The focused message, read after the announcement, heard to its end.
            if step == 2 {
                #expect(!said.contains { $0.contains("while you were away") }, "before the message: \(said)")
                feed(.utterance(.speak, .reader), at: 2_300 + step * 500 + 3)
                feed(.utterance(.done, .reader), at: 2_300 + step * 500 + 4)
            }
        }
        let connected = said.firstIndex { $0.hasPrefix("Connected as you. hash a") }
        let away = said.firstIndex { $0.contains("while you were away") }
        #expect(connected != nil && away != nil && connected! < away!, "\(said)")
        #expect(said.filter { $0.contains("while you were away") }.count == 1, "\(said)")
    }

    /// A reply is said as one, not as more of what its writer just said: the channel shows
    /// it only as a count on its thread's first message.
    @Test func aReplyArrivingIsSaidAsAReply() {
        var core = Self.ircCore()
        let root = ChatMessage(id: 700, channelID: 20, msgid: "r1", author: "kim", text: "deploy is done", time: Date())
        let reply = ChatMessage(
            id: 701, channelID: 20, msgid: "r2", author: "kim", text: "and the tests pass", time: Date(), replyTo: "r1")
        var said = AppCoreTests.spoken(core.handle(.chat(.messages([root]), network: Self.irc), at: .seconds(1)))
        said += AppCoreTests.spoken(core.handle(.utterance(.done, .announcer), at: .seconds(2)))
        said += AppCoreTests.spoken(core.handle(.chat(.messages([reply]), network: Self.irc), at: .seconds(3)))
        said += AppCoreTests.spoken(core.handle(.utterance(.done, .announcer), at: .seconds(4)))
        #expect(said.contains("kim replied in a thread: and the tests pass"), "\(said)")
        #expect(core.state.replyCounts["r1"] == 1)
    }

    @Test func aBouncersPlaybackOfManyChannelsIsOneSentenceAtTheSyncPoint() {
        let b = ChatChannel(id: 21, networkID: Self.irc, name: "#b", members: ["you", "kim"])
        var core = Self.ircCore()
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: Self.a.id, purpose: .open), channels: [AppCoreTests.welcome, Self.a, b],
                    messages: [])), at: .seconds(1))
        var said: [String] = []
        func feed(_ event: ChatEvent, at milliseconds: Int) {
            said += AppCoreTests.spoken(core.handle(.chat(event, network: Self.irc), at: .milliseconds(milliseconds)))
        }
        feed(.server(.registered(nick: "you", again: false), channelID: nil), at: 2_000)
        let t = Date()
        let inA = (0..<3).map {
            ChatMessage(id: 800 + Int64($0), channelID: 20, author: "kim", text: "a \($0)", time: t)
        }
        let inB = [
            ChatMessage(id: 900, channelID: 21, author: "kim", text: "you, look at this", time: t),
            ChatMessage(id: 901, channelID: 21, author: "kim", text: "b 1", time: t),
        ]
        feed(.history(inA, news: [20: 3]), at: 2_100)
        feed(.history(inB, news: [21: 2]), at: 2_200)
        #expect(
            !said.contains { $0.contains("while you were away") || $0.contains("While you were away") },
            "said before the sync: \(said)")
        feed(.server(.synced, channelID: nil), at: 2_300)
        // Each announcement heard to its end, as the speech layer reports it.
        for step in 1...10 {
            said += AppCoreTests.spoken(
                core.handle(.utterance(.done, .announcer), at: .milliseconds(2_300 + step * 500)))
            said += AppCoreTests.spoken(core.handle(.tick, at: .milliseconds(2_300 + step * 500 + 1)))
        }
        let away = said.filter { $0.contains("While you were away") || $0.contains("while you were away") }
        #expect(
            away == [
                "While you were away: 5 messages in 2 channels, 1 mention. Alt-A goes to the next channel with new messages"
            ], "\(said)")
    }
}

/// A message carries its channel: the chat layer names a new channel before anything in it,
/// and the core never asks the store back what a message's channel is.
@Suite struct ChannelLearntCoreTests {
    @Test func aNewConversationIsKnownBeforeItsFirstMessage() {
        var core = IRCEventsCoreTests.ircCore()
        let kim = ChatChannel(id: 31, networkID: IRCEventsCoreTests.irc, name: "kim", isDirect: true)
        let learnt = core.handle(.chat(.channel(kim), network: IRCEventsCoreTests.irc), at: .seconds(1))
        #expect(!learnt.contains { if case .load = $0 { true } else { false } }, "the store is not asked")
        #expect(core.state.channels.map(\.name) == ["#welcome", "#a", "kim"])
        let message = ChatMessage(id: 700, channelID: 31, author: "kim", text: "are you there?", time: Date())
        let effects = core.handle(.chat(.messages([message]), network: IRCEventsCoreTests.irc), at: .seconds(2))
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "the store is not asked")
        #expect(core.state.channels.first { $0.id == 31 }?.unread == 1)
        let said = AppCoreTests.spoken(effects) + AppCoreTests.spoken(core.handle(.tick, at: .seconds(3)))
        #expect(said.contains { $0.contains("kim") && $0.contains("are you there") }, "\(said)")
        // A refresh read before the channel was stored keeps it.
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: ChatLoad(channelID: IRCEventsCoreTests.a.id, purpose: .refresh),
                    channels: [AppCoreTests.welcome, IRCEventsCoreTests.a], messages: [])), at: .seconds(4))
        #expect(core.state.channels.map(\.name) == ["#welcome", "#a", "kim"])
        // A channel named again (a rejoin) is not learnt twice, nor put back in place of the
        // one with its counts.
        _ = core.handle(.chat(.channel(kim), network: IRCEventsCoreTests.irc), at: .seconds(5))
        #expect(core.state.channels.filter { $0.id == 31 }.count == 1)
    }

    /// Channels learnt are placed as the store lists them: with their network, channels first,
    /// by name.
    @Test func aLearntChannelTakesItsPlaceInTheDrawer() {
        var core = IRCEventsCoreTests.ircCore()
        for (id, name, direct) in [(32, "zed", true), (33, "#b", false), (34, "#0", false), (35, "amy", true)] {
            let channel = ChatChannel(id: Int64(id), networkID: IRCEventsCoreTests.irc, name: name, isDirect: direct)
            _ = core.handle(.chat(.channel(channel), network: IRCEventsCoreTests.irc), at: .seconds(1))
        }
        #expect(core.state.channels.map(\.name) == ["#welcome", "#0", "#a", "#b", "amy", "zed"])
    }
}

/// A reply of the listener's is counted on its root once, when it is delivered: a refresh that
/// read it while it was on its way counted it too, and its root said "2 replies" for one (a
/// walkthrough finding).
@Suite struct ReplyCountCoreTests {
    @Test func aReplyOnItsWayIsCountedOnceDelivered() {
        var core = IRCEventsCoreTests.ircCore()
        let root = ChatMessage(id: 800, channelID: 20, msgid: "r1", author: "bob", text: "look", time: Date())
        var reply = ChatMessage(
            id: 801, channelID: 20, author: "you", text: "on it", time: Date(), replyTo: "r1", pending: true)
        let refresh = ChatLoad(channelID: IRCEventsCoreTests.a.id, purpose: .refresh)
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: refresh, channels: [AppCoreTests.welcome, IRCEventsCoreTests.a], messages: [root, reply])),
            at: .seconds(1))
        #expect(core.state.replyCounts["r1", default: 0] == 0, "on its way")
        reply.pending = false
        reply.msgid = "m2"
        _ = core.handle(.chat(.delivered(reply), network: IRCEventsCoreTests.irc), at: .seconds(2))
        #expect(core.state.replyCounts["r1"] == 1)
        // The same reply merged again (a reaction to it, stored again) is not a second one.
        _ = core.handle(.chat(.messages([reply]), network: IRCEventsCoreTests.irc), at: .seconds(3))
        _ = core.handle(.chat(.delivered(reply), network: IRCEventsCoreTests.irc), at: .seconds(4))
        #expect(core.state.replyCounts["r1"] == 1)
    }
}

extension IRCEventsCoreTests {
    /// Kim's quick lines, each after a moment's typing: her typing is said once, then shown
    /// without a word until a minute after she was last heard; someone else's is still said.
    @Test func typingSoonAfterOnesLastLineIsShownNotSaid() {
        var core = Self.ircCore()
        var said: [String] = []
        func at(_ seconds: Double, _ event: AppEvent) {
            let time = Duration.milliseconds(Int(seconds * 1000))
            said += AppCoreTests.spoken(core.handle(event, at: time))
            // Each utterance heard to its end, and the announcer's pause between two passed.
            said += AppCoreTests.spoken(core.handle(.utterance(.done, .announcer), at: time + .milliseconds(1)))
            said += AppCoreTests.spoken(core.handle(.tick, at: time + .milliseconds(900)))
        }
        func typing(_ nick: String, _ state: TypingState, at seconds: Double) {
            at(seconds, .chat(.server(.typing(channel: "#a", nick: nick, state: state), channelID: Self.a.id)))
        }
        func line(_ id: Int64, at seconds: Double) {
            at(
                seconds,
                .chat(
                    .messages([
                        ChatMessage(id: id, channelID: Self.a.id, author: "kim", text: "line \(id)", time: Date())
                    ])))
        }
        typing("kim", .active, at: 1)
        line(301, at: 2)
        typing("kim", .active, at: 3)
        #expect(core.tree.root.allElements.contains { $0.label == "kim is typing" })
        line(302, at: 4)
        typing("kim", .active, at: 5)
        line(303, at: 6)
        typing("bob", .active, at: 7)
        typing("bob", .done, at: 8)
        typing("kim", .active, at: 70)
        #expect(
            said.filter { $0.hasSuffix("typing.") } == ["kim is typing.", "bob is typing.", "kim is typing."],
            "\(said)")
    }
}

extension IRCEventsCoreTests {
    /// A channel's actions offer to leave it, as /part does; the local workspace's do not.
    @Test func aChannelsActionsLeaveIt() {
        var core = Self.ircCore()
        core.carryOut(.openChannelActions(Self.a.id))
        _ = Self.finishTransitions(&core, at: 1)
        #expect(core.tree.root.allElements.contains { $0.label == "Leave #a" })
        _ = core.navigator.focus(identifier: ElementID.channelLeave.identifier)
        var effects = core.handle(.key(.enter), at: .seconds(2))
        effects += Self.finishTransitions(&core, at: 3)
        #expect(Self.sends(effects) == [.part("#a", reason: "")], "\(effects)")

        core.carryOut(.openChannelActions(AppCoreTests.welcome.id))
        _ = Self.finishTransitions(&core, at: 4)
        #expect(!core.tree.root.allElements.contains { $0.label.hasPrefix("Leave") })
    }
}

extension IRCEventsCoreTests {
    /// Letters typed on a message in a thread go to its reply field, and it is named so:
    /// "Reply in thread, t" (it was "Message field", and the listener thought the channel).
    @Test func typingOnAThreadsMessageNamesItsReplyField() {
        var core = Self.inKimsThread(at: 1)
        #expect(core.state.route == .thread(rootID: 700))
        _ = core.navigator.focus(identifier: ElementID.message(700).identifier)
        let heard = AppCoreTests.spoken(core.handle(.key(.character("t")), at: .seconds(3)))
        #expect(heard.first == "Reply in thread, t", "\(heard)")
        #expect(core.state.threadComposer == "t")
    }
}

extension IRCEventsCoreTests {
    /// A line the server's history brings after one's own (it was written before it, while one
    /// was out of the channel) takes its place by time: Alt-Up says one's own line first.
    @Test func historyThatComesLateIsReviewedInTimeOrder() {
        var core = Self.ircCore()
        let start = Date()
        let bob = ChatMessage(id: 801, channelID: 20, author: "bob", text: "bob says 3", time: start)
        let own = ChatMessage(id: 802, channelID: 20, author: "you", text: "back again", time: start + 20)
        let kim = ChatMessage(id: 803, channelID: 20, author: "kim", text: "are you gone?", time: start + 10)
        _ = core.handle(.chat(.messages([bob, own])), at: .seconds(1))
        _ = core.handle(.chat(.history([kim], news: [:])), at: .seconds(2))
        #expect(core.state.messages.suffix(3).map(\.id) == [801, 803, 802])
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        var heard: [String] = []
        for step in 0..<3 {
            heard += AppCoreTests.spoken(core.handle(.key(.key(.up, [.alt])), at: .seconds(3 + step)))
        }
        let order = heard.compactMap { line in ["back again", "are you gone", "bob says 3"].first { line.contains($0) }
        }
        #expect(order == ["back again", "are you gone", "bob says 3"], "\(heard)")
    }
}
