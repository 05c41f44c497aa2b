import Foundation
import Testing

@testable import IRC

@Suite struct IRCConnectionTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func line(_ text: String) -> IRCMessage {
        IRCMessage(parsing: Array(text.utf8)) ?? IRCMessage(command: "INVALID")
    }

    func sent(_ actions: [IRCConnection.Action]) -> [String] {
        actions.compactMap { action -> String? in
            guard case .send(let message) = action else { return nil }
            do { return try message.serialized() } catch { return "UNWRITABLE: \(error)" }
        }
    }

    func events(_ actions: [IRCConnection.Action]) -> [IRCEvent] {
        actions.compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    /// A connection registered with every capability InspIRCd offers.
    func registered(channels: [String] = ["#x"]) -> IRCConnection {
        var connection = IRCConnection(configuration: .init(nick: "ada", channels: channels))
        _ = connection.connectionOpened()
        _ = connection.received(
            line(":s CAP * LS :message-tags server-time echo-message batch labeled-response"), now: now)
        _ = connection.received(
            line(":s CAP ada ACK :message-tags server-time echo-message batch labeled-response"), now: now)
        _ = connection.received(line(":s 001 ada :Welcome"), now: now)
        return connection
    }

    /// Quitting sends the listener's reason, or none: the others hear "ada quit", not the
    /// client's name.
    @Test func quitSendsTheReasonGivenOrNone() {
        let connection = registered()
        #expect(sent(connection.quit()) == ["QUIT"])
        #expect(sent(connection.quit("off to lunch")) == ["QUIT :off to lunch"])
    }

    /// A channel one was kicked from is not rejoined on the next connection; another is.
    @Test func aKickIsNotUndoneByTheNextConnection() {
        var connection = registered(channels: ["#x", "#y"])
        _ = connection.received(line(":ada!u@h JOIN #x"), now: now)
        _ = connection.received(line(":ada!u@h JOIN #y"), now: now)
        _ = connection.received(line(":kim!u@h KICK #x ada :out"), now: now)
        #expect(connection.channels == ["#y"])
        _ = connection.connectionClosed()
        _ = connection.connectionOpened()
        let joins = sent(connection.received(line(":s 001 ada :Welcome back"), now: now)).filter {
            $0.hasPrefix("JOIN")
        }
        #expect(joins == ["JOIN #y"], "\(joins)")
    }

    @Test func registersWithCapLS302AndRequestsOnlyWhatIsOffered() {
        var connection = IRCConnection(configuration: .init(nick: "ada", channels: ["#x", "#y"]))
        #expect(sent(connection.connectionOpened()) == ["CAP LS 302", "NICK ada", "USER ada 0 * :Earshot user"])
        #expect(sent(connection.received(line(":s CAP * LS * :message-tags server-time sasl=PLAIN"), now: now)) == [])
        #expect(
            sent(connection.received(line(":s CAP * LS :echo-message batch labeled-response multi-prefix"), now: now))
                == ["CAP REQ :message-tags server-time echo-message batch labeled-response multi-prefix"])
        #expect(sent(connection.received(line(":s CAP ada ACK :message-tags server-time"), now: now)) == ["CAP END"])
        #expect(connection.capabilities == ["message-tags", "server-time"])
        let welcome = connection.received(line(":s 001 ada :Welcome"), now: now)
        #expect(sent(welcome) == ["JOIN #x", "JOIN #y", "PING earshot-sync-1"])
        #expect(events(welcome) == [.registered(nick: "ada", again: false)])
        #expect(events(connection.received(line(":s PONG s earshot-sync-1"), now: now)) == [.synced])
        #expect(connection.isSynced)
    }

    @Test func saslPlain() {
        let credentials = SASLCredentials(account: "ada", password: "secret")
        var connection = IRCConnection(configuration: .init(nick: "ada", credentials: credentials))
        _ = connection.connectionOpened()
        #expect(sent(connection.received(line(":s CAP * LS :sasl"), now: now)) == ["CAP REQ sasl"])
        #expect(sent(connection.received(line(":s CAP ada ACK :sasl"), now: now)) == ["AUTHENTICATE PLAIN"])
        #expect(sent(connection.received(line("AUTHENTICATE +"), now: now)) == ["AUTHENTICATE YWRhAGFkYQBzZWNyZXQ="])
        #expect(sent(connection.received(line(":s 903 ada :SASL authentication successful"), now: now)) == ["CAP END"])
    }

    @Test func saslFailureStillRegisters() {
        let credentials = SASLCredentials(account: "ada", password: "wrong")
        var connection = IRCConnection(
            configuration: .init(nick: "ada", credentials: credentials, requiresAuthentication: false))
        _ = connection.connectionOpened()
        _ = connection.received(line(":s CAP * LS :sasl"), now: now)
        _ = connection.received(line(":s CAP ada ACK :sasl"), now: now)
        let failed = connection.received(line(":s 904 ada :SASL authentication failed"), now: now)
        #expect(sent(failed) == ["CAP END"])
        #expect(
            events(failed) == [
                .authenticationFailed(
                    account: "ada", reason: .credentialsRefused, continuing: true)
            ])
    }

    @Test func noSaslWithoutCredentials() {
        var connection = IRCConnection(configuration: .init(nick: "ada"))
        _ = connection.connectionOpened()
        #expect(sent(connection.received(line(":s CAP * LS :sasl"), now: now)) == ["CAP END"])
    }

    @Test func nickInUseTriesAnother() {
        var connection = IRCConnection(configuration: .init(nick: "ada"))
        _ = connection.connectionOpened()
        #expect(sent(connection.received(line(":s 433 * ada :Nickname is already in use"), now: now)) == ["NICK ada_"])
        #expect(sent(connection.received(line(":s 433 * ada_ :Nickname is already in use"), now: now)) == ["NICK ada2"])
        _ = connection.received(line(":s 001 ada2 :Welcome"), now: now)
        #expect(connection.nick == "ada2")
    }

    @Test func pingPong() {
        var connection = registered()
        #expect(sent(connection.received(line("PING :abc"), now: now)) == ["PONG abc"])
    }

    @Test func channelMessagesActionsNoticesAndDirectMessages() {
        var connection = registered()
        let message = events(
            connection.received(
                line("@time=2026-11-21T05:42:28.443Z;msgid=m1;+draft/reply=m0 :bob!b@h PRIVMSG #x :hi \u{1B}[2Jthere"),
                now: now))
        #expect(
            message == [
                .message(
                    IRCIncomingMessage(
                        channel: "#x", author: "bob", text: "hi \u{241B}there",
                        time: ServerTime.parse("2026-11-21T05:42:28.443Z"),
                        msgid: "m1", replyTo: "m0"))
            ])
        let action = events(connection.received(line(":bob!b@h PRIVMSG #x :\u{1}ACTION waves\u{1}"), now: now))
        #expect(action == [.message(IRCIncomingMessage(channel: "#x", author: "bob", text: "waves", kind: .action))])
        let direct = events(connection.received(line(":bob!b@h NOTICE ada :psst"), now: now))
        #expect(
            direct == [
                .message(IRCIncomingMessage(channel: "bob", isDirect: true, author: "bob", text: "psst", kind: .notice))
            ])
        let echo = events(connection.received(line("@label=L1 :ada!a@h PRIVMSG bob :hello"), now: now))
        #expect(
            echo == [
                .message(
                    IRCIncomingMessage(
                        channel: "bob", isDirect: true, author: "ada", text: "hello", label: "L1", isEcho: true))
            ])
        #expect(events(connection.received(line(":bob!b@h PRIVMSG #x :\u{1}VERSION\u{1}"), now: now)).isEmpty)
    }

    @Test func reactionsAndTyping() {
        var connection = registered()
        let reaction = events(connection.received(line("@+draft/react=👍;+draft/reply=m1 :bob!b@h TAGMSG #x"), now: now))
        #expect(reaction == [.reaction(IRCReaction(channel: "#x", author: "bob", emoji: "👍", target: "m1"))])
        let typing = events(connection.received(line("@+typing=active :bob!b@h TAGMSG :#x"), now: now))
        #expect(typing == [.typing(channel: "#x", nick: "bob", state: .active)])
    }

    /// Typing is told only to a channel one is in, and no more to one that refused a line: a
    /// channel that will not take our notices is not asked again on every key.
    @Test func typingGoesOnlyWhereItIsTaken() {
        var connection = registered()
        #expect(sent(connection.typed(in: "#x", now: now)).isEmpty, "not joined yet")
        _ = connection.received(line(":ada!u@h JOIN #x"), now: now)
        #expect(sent(connection.typed(in: "#x", now: now)) == ["@+typing=active;label=earshot-typing TAGMSG #x"])
        let refused = events(connection.received(line(":s 404 ada #x :Cannot send to channel (+m)"), now: now))
        #expect(
            refused == [
                .refused(IRCRefusal(.cannotSendToChannel, target: "#x", serverText: "#x Cannot send to channel (+m)"))
            ])
        #expect(sent(connection.typed(in: "#x", now: now + 10)).isEmpty, "refused once: no more notices")
        _ = connection.received(line(":ada!u@h PART #x"), now: now)
        _ = connection.received(line(":ada!u@h JOIN #x"), now: now)
        #expect(
            sent(connection.typed(in: "#x", now: now + 20)) == ["@+typing=active;label=earshot-typing TAGMSG #x"],
            "joined again")
        _ = connection.received(line(":ada!u@h PART #x"), now: now)
        #expect(sent(connection.typed(in: "#x", now: now + 30)).isEmpty, "left")
        #expect(
            sent(connection.typed(in: "kim", now: now + 30)) == ["@+typing=active;label=earshot-typing TAGMSG kim"],
            "a nick")
        // A refusal labelled as a typing notice's answer is never the listener's news.
        _ = connection.received(line(":ada!u@h JOIN #y"), now: now)
        _ = connection.typed(in: "#y", now: now + 40)
        #expect(
            events(connection.received(line("@label=earshot-typing :s 404 ada #y :Cannot send (+m)"), now: now)).isEmpty
        )
        #expect(sent(connection.typed(in: "#y", now: now + 50)).isEmpty, "and no more notices go there")
    }

    /// A server's refusals come typed, with their target; the server's own words only as a log.
    @Test(arguments: [
        (":s 471 ada #x :Cannot join channel (+l)", IRCRefusal.Reason.channelFull, "#x"),
        (":s 473 ada #x :Cannot join channel (+i)", .inviteOnly, "#x"),
        (":s 474 ada #x :Cannot join channel (+b)", .banned, "#x"),
        (":s 475 ada #x :Cannot join channel (+k)", .needsKey, "#x"),
        (":s 482 ada #x :You're not channel operator", .needsOperator, "#x"),
        (":s 442 ada #x :You're not on that channel", .notOnChannel, "#x"),
        (":s 403 ada #gone :No such channel", .noSuchChannel, "#gone"),
        (":s 421 ada FOO :Unknown command", .unknownCommand("FOO"), "FOO"),
        (":s 441 ada kim #x :They aren't on that channel", .theyAreNotOnChannel(nick: "kim"), "#x"),
        (":s 433 ada kim :Nickname is already in use", .nickInUse, "kim"),
        (":s 477 ada #x :You need to be identified", .needsAccount, "#x"),
        (":s 489 ada #x :Cannot join channel (+z)", .needsSecureConnection, "#x"),
        (
            ":s FAIL CHATHISTORY INVALID_TARGET #x :Messages could not be retrieved",
            .standardReply(.failure, command: "CHATHISTORY", code: "INVALID_TARGET"), "#x"
        ),
    ])
    func aRefusalIsTyped(raw: String, reason: IRCRefusal.Reason, target: String) {
        var connection = registered()
        let got = events(connection.received(line(raw), now: now))
        guard case .refused(let refusal)? = got.first else {
            Issue.record("\(raw): \(got)")
            return
        }
        #expect(refusal.reason == reason)
        #expect(refusal.target == target)
        #expect(!refusal.serverText.isEmpty)
    }

    @Test func sendsTagsOnlyWhenNegotiated() {
        var connection = registered()
        #expect(
            sent(connection.say("hi", to: "#x", replyTo: "m1", label: "L1"))
                == ["@+draft/reply=m1;+reply=m1;label=L1 PRIVMSG #x hi"])
        #expect(sent(connection.say("waves", to: "#x", kind: .action)) == ["PRIVMSG #x :\u{1}ACTION waves\u{1}"])
        #expect(
            sent(connection.react("🎉", to: "m1", in: "#x")) == ["@+draft/react=🎉;+draft/reply=m1;+reply=m1 TAGMSG #x"])
        _ = connection.received(line(":ada!u@h JOIN #x"), now: now)
        #expect(sent(connection.typed(in: "#x", now: now)) == ["@+typing=active;label=earshot-typing TAGMSG #x"])
        #expect(sent(connection.typed(in: "#x", now: now + 2)) == [])
        #expect(sent(connection.typed(in: "#x", now: now + 3)) == ["@+typing=active;label=earshot-typing TAGMSG #x"])
        #expect(sent(connection.stoppedTyping(in: "#x")) == ["@+typing=done;label=earshot-typing TAGMSG #x"])

        var plain = IRCConnection(configuration: .init(nick: "ada"))
        _ = plain.connectionOpened()
        _ = plain.received(line(":s 001 ada :Welcome"), now: now)
        #expect(sent(plain.say("hi", to: "#x", replyTo: "m1", label: "L1")) == ["PRIVMSG #x hi"])
        #expect(sent(plain.react("🎉", to: "m1", in: "#x")) == [])
        #expect(sent(plain.typed(in: "#x", now: now)) == [])
    }

    @Test func historyBatchesAreMarked() {
        var connection = registered()
        _ = connection.received(line(":s BATCH +1 chathistory :#x"), now: now)
        let replayed = events(connection.received(line("@batch=1;msgid=m9 :bob!b@h PRIVMSG #x :old"), now: now))
        #expect(
            replayed == [
                .message(IRCIncomingMessage(channel: "#x", author: "bob", text: "old", msgid: "m9", isHistory: true))
            ])
        _ = connection.received(line(":s BATCH -1"), now: now)
        let live = events(connection.received(line("@batch=1;msgid=m10 :bob!b@h PRIVMSG #x :new"), now: now))
        #expect(live == [.message(IRCIncomingMessage(channel: "#x", author: "bob", text: "new", msgid: "m10"))])
    }

    @Test func joinsNamesTopicsAndRejoinAfterReconnect() {
        var connection = registered(channels: [])
        #expect(sent(connection.join("#y")) == ["JOIN #y"])
        #expect(
            events(connection.received(line(":ada!a@h JOIN #y"), now: now)) == [
                .joined(channel: "#y", nick: "ada", isSelf: true)
            ])
        _ = connection.received(line(":s 332 ada #y :the \u{03}4topic"), now: now)
        _ = connection.received(line(":s 353 ada = #y :@ada +bob carol"), now: now)
        #expect(
            events(connection.received(line(":s 366 ada #y :End"), now: now)) == [
                .memberRanks(channel: "#y", ranks: ["ada": "@", "bob": "+"]),
                .members(channel: "#y", nicks: ["ada", "bob", "carol"]),
            ])
        #expect(
            events(connection.received(line(":bob!b@h TOPIC #y :new topic"), now: now)) == [
                .topic(channel: "#y", topic: "new topic", setBy: "bob")
            ])
        #expect(
            events(connection.received(line(":bob!b@h NICK robert"), now: now)) == [
                .nickChanged(from: "bob", to: "robert", isSelf: false)
            ])
        connection.connectionClosed()
        #expect(connection.joinedChannels.isEmpty)
        _ = connection.connectionOpened()
        #expect(sent(connection.received(line(":s 001 ada :Welcome"), now: now)) == ["JOIN #y", "PING earshot-sync-2"])
        _ = connection.part("#y")
        connection.connectionClosed()
        _ = connection.connectionOpened()
        #expect(sent(connection.received(line(":s 001 ada :Welcome"), now: now)) == ["PING earshot-sync-3"])
    }

    /// userhost-in-names: each member comes as `nick!user@host`; the nick is the name.
    @Test func namesWithUserAndHostGiveTheNicks() {
        var connection = registered(channels: [])
        _ = connection.join("#y")
        _ = connection.received(line(":s 353 ada = #y :@ada!a@h.example +bob!b@10.0.0.2 carol!c@h"), now: now)
        #expect(
            events(connection.received(line(":s 366 ada #y :End"), now: now)) == [
                .memberRanks(channel: "#y", ranks: ["ada": "@", "bob": "+"]),
                .members(channel: "#y", nicks: ["ada", "bob", "carol"]),
            ])
    }

    /// Kicks, channel modes, WHOIS answers and WARN/NOTE become events with words in them; a
    /// WHOIS nobody asked for is not news, and our own user modes are not either.
    @Test func kicksModesWhoisAndStandardRepliesAreEvents() {
        var connection = registered()
        #expect(
            events(connection.received(line(":op!o@h KICK #x bob :spam"), now: now)) == [
                .kicked(channel: "#x", nick: "bob", by: "op", reason: "spam", isSelf: false)
            ])
        #expect(
            events(connection.received(line(":op!o@h KICK #x ada"), now: now)) == [
                .kicked(channel: "#x", nick: "ada", by: "op", reason: "", isSelf: true)
            ])
        #expect(!connection.joinedChannels.contains("#x"))
        #expect(
            events(connection.received(line(":op!o@h MODE #x +o kim"), now: now)) == [
                .modeChanged(channel: "#x", change: "+o kim", by: "op")
            ])
        #expect(events(connection.received(line(":ada MODE ada :+i"), now: now)).isEmpty)
        #expect(
            events(connection.received(line(":s 311 ada kim k host.example * :Kim Lee"), now: now)).isEmpty,
            "nobody asked")
        #expect(sent(connection.whois("kim")) == ["WHOIS kim"])
        _ = connection.received(line(":s 311 ada kim k host.example * :Kim Lee"), now: now)
        _ = connection.received(line(":s 319 ada kim :@#x #y"), now: now)
        _ = connection.received(line(":s 312 ada kim irc.example :A server"), now: now)
        _ = connection.received(line(":s 317 ada kim 300 1700000000 :seconds idle, signon time"), now: now)
        #expect(
            events(connection.received(line(":s 318 ada kim :End of /WHOIS list."), now: now)) == [
                .whois(
                    nick: "kim",
                    facts: [
                        .identity(realName: "Kim Lee", host: "host.example"), .channels(["#x", "#y"]),
                        .server("irc.example"), .idle(seconds: 300),
                    ])
            ])
        #expect(events(connection.received(line(":s 318 ada kim :End of /WHOIS list."), now: now)).isEmpty)
        #expect(
            events(connection.received(line(":s 401 ada nobody :No such nick"), now: now)) == [
                .refused(IRCRefusal(.noSuchNick, target: "nobody", serverText: "nobody No such nick"))
            ])
        #expect(
            events(connection.received(line(":s WARN REHASH CERTS_EXPIRED :Certificate [xyz] has expired"), now: now))
                == [
                    .note("Certificate [xyz] has expired", isWarning: true)
                ])
        #expect(
            events(connection.received(line(":s NOTE * OPER_MESSAGE :The server is restarting soon"), now: now)) == [
                .note("The server is restarting soon", isWarning: false)
            ])
    }

    @Test func aReconnectStartsFromNothingTheLastConnectionLearned() {
        var connection = registered()
        _ = connection.received(line(":s 005 ada PREFIX=(qo)~@ :are supported"), now: now)
        _ = connection.received(line(":s 353 ada = #x :~kim @bob"), now: now)
        _ = connection.whois("kim")
        _ = connection.received(line(":s BATCH +h chathistory #x"), now: now)
        connection.connectionClosed()
        #expect(connection.capabilities.isEmpty && connection.joinedChannels.isEmpty && !connection.isSynced)
        _ = connection.connectionOpened()
        _ = connection.received(line(":s CAP * LS :batch"), now: now)
        _ = connection.received(line(":s CAP ada ACK :batch"), now: now)
        let welcome = connection.received(line(":s 001 ada :Welcome"), now: now)
        #expect(events(welcome) == [.registered(nick: "ada", again: true)])
        #expect(sent(welcome).last == "PING earshot-sync-2")
        // The half-gathered NAMES, the old PREFIX, the WHOIS asked before and the open batch
        // are gone: "~" is no rank on this server now, and 318 answers nothing.
        _ = connection.received(line(":s 353 ada = #x :~kim"), now: now)
        #expect(
            events(connection.received(line(":s 366 ada #x :End"), now: now)).contains(
                .members(channel: "#x", nicks: ["kim"])))
        #expect(events(connection.received(line(":s 318 ada kim :End of WHOIS"), now: now)) == [])
        let said = events(connection.received(line("@batch=h :bob!b@h PRIVMSG #x :hi"), now: now))
        guard case .message(let message) = said.first else {
            Issue.record("no message in \(said)")
            return
        }
        #expect(!message.isHistory)
    }

    @Test func aServerPasswordGoesFirstAndARefusalStopsTheConnection() {
        var connection = IRCConnection(configuration: .init(nick: "ada", serverPassword: "ada/test:secret"))
        #expect(sent(connection.connectionOpened()).first == "PASS ada/test:secret")
        let refused = connection.received(line(":irc.znc.in 464 ada :Password required"), now: now)
        #expect(sent(refused) == ["QUIT :Password refused"])
        #expect(events(refused) == [.passwordRefused(given: true)])
        #expect(connection.isRefused)
        // Nothing more is read, and the refusal outlives the closed socket (no reconnect).
        #expect(connection.received(line(":s 001 ada :Welcome"), now: now).isEmpty)
        connection.connectionClosed()
        #expect(connection.isRefused)

        var without = IRCConnection(configuration: .init(nick: "ada"))
        _ = without.connectionOpened()
        #expect(
            events(without.received(line(":irc.znc.in 464 ada :Password required"), now: now)) == [
                .passwordRefused(given: false)
            ])
    }

    @Test func aLineStampedBeforeRegistrationIsHistoryAndSoIsABouncerPlayback() {
        var connection = registered()
        let before = ServerTime.format(now.addingTimeInterval(-60))
        let replayed = events(connection.received(line("@time=\(before) :bob!b@h PRIVMSG #x :old"), now: now))
        let played = events(
            connection.received(line(":s BATCH +p znc.in/playback #x"), now: now)
                + connection.received(line("@batch=p :bob!b@h PRIVMSG #x :buffered"), now: now))
        let fresh = events(connection.received(line(":bob!b@h PRIVMSG #x :new"), now: now))
        let history = (replayed + played + fresh).compactMap { event -> Bool? in
            if case .message(let message) = event { message.isHistory } else { nil }
        }
        #expect(history == [true, true, false])
        // ZNC without a batch: its markers are dropped, and what is between them is history.
        let marked = events(
            connection.received(line(":***!znc@znc.in PRIVMSG #x :Buffer Playback..."), now: now)
                + connection.received(line(":bob!b@h PRIVMSG #x :[12:00:00] buffered"), now: now)
                + connection.received(line(":***!znc@znc.in PRIVMSG #x :Playback Complete."), now: now)
                + connection.received(line(":bob!b@h PRIVMSG #x :live"), now: now))
        #expect(
            marked.map { event -> Bool in if case .message(let message) = event { message.isHistory } else { false } }
                == [true, false])
    }

    @Test func capabilitiesAreAskedForOnlyWhenOffered() {
        var connection = IRCConnection(configuration: .init(nick: "ada"))
        _ = connection.connectionOpened()
        let asked = sent(
            connection.received(
                line(":irc.znc.in CAP * LS :away-notify server-time znc.in/self-message unknown-cap sasl"), now: now))
        #expect(asked == ["CAP REQ :server-time away-notify znc.in/self-message"])
    }

    @Test func monitorFollowsConfiguredNicksOnceTheServerSaysItTakesIt() {
        var connection = IRCConnection(configuration: .init(nick: "ada", monitor: ["kim", "bob"]))
        _ = connection.connectionOpened()
        _ = connection.received(line(":s CAP * LS :server-time"), now: now)
        _ = connection.received(line(":s CAP ada ACK :server-time"), now: now)
        _ = connection.received(line(":s 001 ada :Welcome"), now: now)
        _ = connection.received(line(":s 005 ada MONITOR=100 :are supported"), now: now)
        #expect(sent(connection.received(line(":s 376 ada :End of MOTD"), now: now)) == ["MONITOR + kim,bob"])
        // The first answer about each, then only changes.
        #expect(
            events(connection.received(line(":s 730 ada :kim!k@h"), now: now)) == [
                .presence(nick: "kim", online: true, change: false)
            ])
        #expect(
            events(connection.received(line(":s 731 ada :bob"), now: now)) == [
                .presence(nick: "bob", online: false, change: false)
            ])
        #expect(events(connection.received(line(":s 730 ada :kim!k@h"), now: now)) == [])
        #expect(
            events(connection.received(line(":s 731 ada :kim"), now: now)) == [
                .presence(nick: "kim", online: false, change: true)
            ])
        // After a reconnect, what was known stays known: no news, no words.
        connection.connectionClosed()
        _ = connection.connectionOpened()
        _ = connection.received(line(":s 001 ada :Welcome"), now: now)
        _ = connection.received(line(":s 005 ada MONITOR :are supported"), now: now)
        #expect(sent(connection.received(line(":s 422 ada :No MOTD"), now: now)) == ["MONITOR + kim,bob"])
        #expect(events(connection.received(line(":s 731 ada :kim,bob"), now: now)) == [])
        #expect(sent(connection.follow(["zoe"])) == ["MONITOR + zoe"])
        #expect(sent(connection.unfollow(["bob"])) == ["MONITOR - bob"])
    }

    @Test func withoutMonitorNothingIsSentAndTheShellCanSaySo() {
        var connection = registered()
        #expect(!connection.supportsMonitor)
        #expect(sent(connection.follow(["kim"])) == [])
        #expect(sent(connection.received(line(":s 376 ada :End of MOTD"), now: now)) == [])
    }

    @Test func awayInviteAndTheQuietCapabilitiesBecomeEventsOrNothing() {
        var connection = registered()
        #expect(
            events(connection.received(line(":kim!k@h AWAY :lunch"), now: now)) == [.away(nick: "kim", reason: "lunch")]
        )
        #expect(events(connection.received(line(":kim!k@h AWAY"), now: now)) == [.away(nick: "kim", reason: nil)])
        #expect(
            events(connection.received(line(":bob!b@h INVITE ada #secret"), now: now))
                == [.invited(channel: "#secret", nick: "ada", by: "bob", isSelf: true)])
        #expect(
            events(connection.received(line(":bob!b@h INVITE kim #x"), now: now))
                == [.invited(channel: "#x", nick: "kim", by: "bob", isSelf: false)])
        // chghost and setname change nothing a listener hears (account-notify: IRCNamesTests).
        for quiet in [":kim!k@h CHGHOST kim new.host", ":kim!k@h SETNAME :Kim K"] {
            #expect(connection.received(line(quiet), now: now).isEmpty)
        }
        // extended-join's form: the channel is the first parameter as before (the account is
        // read only where the capability was acknowledged: IRCNamesTests).
        #expect(
            events(connection.received(line(":kim!k@h JOIN #x kimacct :Kim K"), now: now))
                == [.joined(channel: "#x", nick: "kim", isSelf: false)])
    }

    @Test func capabilitiesOfferedLaterAreAskedFor() {
        var connection = registered()
        let asked = sent(
            connection.received(line(":irc.znc.in CAP ada NEW :away-notify account-notify unknown"), now: now))
        #expect(asked == ["CAP REQ :away-notify account-notify"])
        _ = connection.received(line(":irc.znc.in CAP ada ACK :away-notify account-notify"), now: now)
        #expect(connection.capabilities.contains(.awayNotify))
        #expect(sent(connection.received(line(":irc.znc.in CAP ada NEW :away-notify"), now: now)).isEmpty)
    }
}
