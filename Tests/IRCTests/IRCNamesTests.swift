import Foundation
import Testing

@testable import IRC

/// Who is who: the server's case mapping decides which names are one (ISUPPORT CASEMAPPING),
/// and WHOX, account-notify and extended-join say who is signed in as whom.
@Suite struct IRCNamesTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func line(_ text: String) -> IRCMessage { IRCMessage(parsing: Array(text.utf8)) ?? IRCMessage(command: "INVALID") }

    func sent(_ actions: [IRCConnection.Action]) -> [String] {
        actions.compactMap { if case .send(let m) = $0 { try? m.serialized() } else { nil } }
    }

    func events(_ actions: [IRCConnection.Action]) -> [IRCEvent] {
        actions.compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    /// Registered as `nick` with the capabilities given and the ISUPPORT tokens given.
    func connected(nick: String = "ada", caps: String = "", isupport: String = "") -> IRCConnection {
        var connection = IRCConnection(configuration: .init(nick: nick, channels: ["#a"]))
        _ = connection.connectionOpened()
        _ = connection.received(line(":s CAP * LS :\(caps)"), now: now)
        if !caps.isEmpty { _ = connection.received(line(":s CAP \(nick) ACK :\(caps)"), now: now) }
        _ = connection.received(line(":s 001 \(nick) :Welcome"), now: now)
        if !isupport.isEmpty { _ = connection.received(line(":s 005 \(nick) \(isupport) :are supported"), now: now) }
        return connection
    }

    @Test func anASCIIServerKeepsBracketsAndBracesApart() {
        var rfc = connected(nick: "kim[m]")
        let joinedRFC = events(rfc.received(line(":kim{m}!k@h JOIN #a"), now: now))
        #expect(joinedRFC == [.joined(channel: "#a", nick: "kim{m}", isSelf: true)], "RFC 1459: the same nick")

        var ascii = connected(nick: "kim[m]")
        let named = events(ascii.received(line(":s 005 kim[m] CASEMAPPING=ascii CHANTYPES=# :are supported"), now: now))
        #expect(named == [.caseMapping(.ascii)])
        #expect(ascii.caseMapping == .ascii)
        _ = ascii.received(line(":kim[m]!k@h JOIN #a"), now: now)
        let joined = events(ascii.received(line(":kim{m}!k@h JOIN #a"), now: now))
        #expect(joined == [.joined(channel: "#a", nick: "kim{m}", isSelf: false)])
        let said = events(ascii.received(line(":kim{m}!k@h PRIVMSG #a :hello"), now: now))
        guard case .message(let message)? = said.first else {
            Issue.record("not a message: \(said)")
            return
        }
        #expect(message.author == "kim{m}")
        #expect(!message.isEcho, "someone else's line, not our echo")
        // The same mapping named again changes nothing.
        #expect(events(ascii.received(line(":s 005 kim[m] CASEMAPPING=ascii :are supported"), now: now)).isEmpty)
    }

    @Test func whoxAsksOnceForAChannelWeJoinedAndTheAnswerIsItsAccounts() {
        var connection = connected(isupport: "WHOX MONITOR=100")
        _ = connection.received(line(":ada!a@h JOIN #a"), now: now)
        _ = connection.received(line(":s 353 ada = #a :ada @kim bob"), now: now)
        let names = connection.received(line(":s 366 ada #a :End of NAMES"), now: now)
        #expect(sent(names) == ["WHO #a %tna,152"])
        // A NAMES of a channel we are not in (/names #b) asks nothing.
        _ = connection.received(line(":s 353 ada = #b :zed"), now: now)
        #expect(sent(connection.received(line(":s 366 ada #b :End of NAMES"), now: now)).isEmpty)

        var answered: [IRCConnection.Action] = []
        for text in [
            ":s 354 ada 152 ada ada", ":s 354 ada 152 kim kimberly", ":s 354 ada 152 bob 0",
            // Someone else's WHO (another token) is not ours.
            ":s 354 ada 999 eve eve", ":s 315 ada #a :End of WHO",
        ] {
            answered += connection.received(line(text), now: now)
        }
        #expect(events(answered) == [.accounts(["ada": "ada", "kim": "kimberly", "bob": ""])])
        // A later WHO with no answer of ours ends with nothing.
        #expect(events(connection.received(line(":s 315 ada #b :End of WHO"), now: now)).isEmpty)
    }

    @Test func noWHOXNoQuestion() {
        var connection = connected()
        _ = connection.received(line(":ada!a@h JOIN #a"), now: now)
        #expect(sent(connection.received(line(":s 366 ada #a :End of NAMES"), now: now)).isEmpty)
    }

    @Test func accountNotifyAndExtendedJoinKeepAccountsCurrent() {
        var connection = connected(caps: "account-notify extended-join")
        #expect(
            events(connection.received(line(":kim!k@h ACCOUNT kimberly"), now: now)) == [.accounts(["kim": "kimberly"])]
        )
        #expect(events(connection.received(line(":kim!k@h ACCOUNT *"), now: now)) == [.accounts(["kim": ""])])
        let joined = events(connection.received(line(":bob!b@h JOIN #a bobby :Bob B"), now: now))
        #expect(joined == [.joined(channel: "#a", nick: "bob", isSelf: false), .accounts(["bob": "bobby"])])
        let anonymous = events(connection.received(line(":eve!e@h JOIN #a * :Eve"), now: now))
        #expect(anonymous.last == .accounts(["eve": ""]))
        // An account name cannot carry control characters to the screen.
        let hostile = events(connection.received(line(":mal!m@h ACCOUNT \u{1B}[2Jx"), now: now))
        guard case .accounts(let accounts)? = hostile.first, let account = accounts["mal"] else {
            Issue.record("\(hostile)")
            return
        }
        #expect(!account.unicodeScalars.contains { $0.value < 0x20 }, "\(account)")
    }
}
