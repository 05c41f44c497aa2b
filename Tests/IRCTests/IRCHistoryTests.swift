import Foundation
import Testing

@testable import IRC

/// `draft/chathistory`: what was missed is asked for on joining, after the newest message
/// known, page after page while pages come full; never without the capability.
@Suite struct IRCHistoryTests {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let helper = IRCConnectionTests()

    /// A connection that has the capability, registered, with `anchors` known.
    func connection(anchors: [String: HistoryAnchor] = [:], chathistory: Bool = true) -> (IRCConnection, [String]) {
        var connection = IRCConnection(configuration: .init(nick: "ada", channels: ["#a", "#b"]))
        connection.historyAnchors = anchors
        _ = connection.connectionOpened()
        let caps = "message-tags server-time batch" + (chathistory ? " draft/chathistory" : "")
        _ = connection.received(helper.line(":s CAP * LS :\(caps)"), now: now)
        _ = connection.received(helper.line(":s CAP ada ACK :\(caps)"), now: now)
        let sent = helper.sent(connection.received(helper.line(":s 001 ada :Welcome"), now: now))
        return (connection, sent)
    }

    @Test func joiningAsksForWhatWasMissedBeforeTheSyncPing() {
        let (_, sent) = connection(anchors: [
            "#a": HistoryAnchor(msgid: "m41", time: ServerTime.parse("1970-01-12T13:40:00.000Z"))
        ])
        #expect(
            sent == [
                "JOIN #a", "CHATHISTORY AFTER #a msgid=m41 100", "JOIN #b", "CHATHISTORY LATEST #b * 100",
                // Direct conversations since the newest message known.
                "CHATHISTORY TARGETS timestamp=1970-01-12T13:40:00.000Z timestamp=1970-01-12T13:47:40.000Z 50",
                "PING earshot-sync-1",
            ], "\(sent)")
    }

    /// A server that forgot every msgid (Ergo keeps history in memory, and was restarted)
    /// answers an empty batch after one: what was missed is asked for again from its time,
    /// once; an empty answer then is nothing missed.
    @Test func nothingAfterAMsgidIsAskedAgainFromItsTime() {
        var (connection, _) = connection(anchors: [
            "#a": HistoryAnchor(msgid: "m41", time: ServerTime.parse("1970-01-12T13:40:00.000Z"))
        ])
        _ = connection.received(helper.line(":s BATCH +e1 chathistory #a"), now: now)
        let again = helper.sent(connection.received(helper.line(":s BATCH -e1"), now: now))
        #expect(again == ["CHATHISTORY AFTER #a timestamp=1970-01-12T13:40:00.000Z 100"], "\(again)")
        _ = connection.received(helper.line(":s BATCH +e2 chathistory #a"), now: now)
        let then = helper.sent(connection.received(helper.line(":s BATCH -e2"), now: now))
        #expect(then.isEmpty, "asked again once: \(then)")
        // A page that came after the msgid is not asked for again.
        var (other, _) = self.connection(anchors: [
            "#a": HistoryAnchor(msgid: "m41", time: ServerTime.parse("1970-01-12T13:40:00.000Z"))
        ])
        _ = other.received(helper.line(":s BATCH +f1 chathistory #a"), now: now)
        _ = other.received(
            helper.line("@batch=f1;msgid=m42;time=1970-01-12T13:41:00.000Z :kim!u@h PRIVMSG #a :missed"), now: now)
        #expect(helper.sent(other.received(helper.line(":s BATCH -f1"), now: now)).isEmpty)
    }

    @Test func aDirectConversationNamedByTargetsIsFetchedOnce() {
        var (connection, _) = connection(anchors: ["kim": HistoryAnchor(msgid: "d7", time: nil)])
        let lines = [
            ":s BATCH +t draft/chathistory-targets",
            "@batch=t :s CHATHISTORY TARGETS #a timestamp=1970-01-12T13:40:00.000Z",
            "@batch=t :s CHATHISTORY TARGETS kim timestamp=1970-01-12T13:40:00.000Z",
            "@batch=t :s CHATHISTORY TARGETS kim timestamp=1970-01-12T13:41:00.000Z",
            ":s BATCH -t",
        ]
        let sent = lines.flatMap { helper.sent(connection.received(helper.line($0), now: now)) }
        #expect(sent == ["CHATHISTORY AFTER kim msgid=d7 100"], "\(sent)")
    }

    @Test func reviewingBackAsksForThePageBeforeAndSaysHowManyCame() {
        var (connection, _) = connection()
        let asked = helper.sent(connection.fetchOlder("#a", before: HistoryAnchor(msgid: "m1", time: nil)))
        #expect(asked == ["CHATHISTORY BEFORE #a msgid=m1 50"])
        // Asked once while it is on its way.
        #expect(connection.fetchOlder("#a", before: HistoryAnchor(msgid: "m1", time: nil)).isEmpty)
        var events: [IRCEvent] = []
        for text in [
            ":s BATCH +o chathistory #a", "@batch=o;msgid=m0 :kim!k@h PRIVMSG #a :older", ":s BATCH -o",
        ] {
            for case .emit(let event) in connection.received(helper.line(text), now: now) { events.append(event) }
        }
        #expect(events.last == .olderHistory(target: "#a", count: 1), "\(events)")
        #expect(events.contains { if case .message(let m) = $0 { m.isHistory && m.text == "older" } else { false } })
    }

    @Test func withoutTheCapabilityNothingIsAskedFor() {
        let (_, sent) = connection(chathistory: false)
        #expect(!sent.contains { $0.hasPrefix("CHATHISTORY") }, "\(sent)")
    }

    @Test func theNewestMessageMovesTheAnchorAndAJoinLaterAsksAfterIt() {
        var (connection, _) = connection()
        _ = connection.received(
            helper.line("@msgid=x1;time=2026-11-29T10:00:00.000Z :kim!u@h PRIVMSG #c :hello"), now: now)
        #expect(connection.historyAnchors["#c"]?.msgid == "x1")
        // An older line (history of another page) does not move it back.
        _ = connection.received(
            helper.line("@msgid=x0;time=2026-11-29T09:00:00.000Z :kim!u@h PRIVMSG #c :earlier"), now: now)
        #expect(connection.historyAnchors["#c"]?.msgid == "x1")
        let sent = helper.sent(connection.join("#c"))
        #expect(sent == ["JOIN #c", "CHATHISTORY AFTER #c msgid=x1 100"], "\(sent)")
    }

    @Test func aFullPageAsksForTheNextAndAShortOneEnds() {
        var (connection, _) = connection()
        _ = connection.received(helper.line(":s BATCH +h1 chathistory #a"), now: now)
        for index in 0..<IRCConnection.historyPage {
            let stamp = String(format: "%02d", index % 60)
            _ = connection.received(
                helper.line(
                    "@batch=h1;msgid=p\(index);time=2026-11-29T10:\(String(format: "%02d", index / 60)):\(stamp).000Z :kim!u@h PRIVMSG #a :line \(index)"
                ), now: now)
        }
        let next = helper.sent(connection.received(helper.line(":s BATCH -h1"), now: now))
        #expect(next == ["CHATHISTORY AFTER #a msgid=p99 100"], "\(next)")
        _ = connection.received(helper.line(":s BATCH +h2 chathistory #a"), now: now)
        _ = connection.received(
            helper.line("@batch=h2;msgid=q1;time=2026-11-29T11:00:00.000Z :kim!u@h PRIVMSG #a :the last"), now: now)
        let after = helper.sent(connection.received(helper.line(":s BATCH -h2"), now: now))
        #expect(after.isEmpty, "\(after)")
    }

    /// Ergo's HistServ lines in a history batch ("kim joined the channel") are its words, not
    /// the conversation: dropped, and they do not move the anchor.
    @Test func histServLinesInHistoryAreNotConversation() {
        var (connection, _) = connection()
        _ = connection.received(helper.line(":s BATCH +h1 chathistory #a"), now: now)
        let events = helper.events(
            connection.received(
                helper.line(
                    "@batch=h1;msgid=_x;time=2026-11-29T10:00:00.000Z :HistServ!HistServ@localhost PRIVMSG #a :kim joined the channel"
                ),
                now: now))
        #expect(events.isEmpty, "\(events)")
        #expect(connection.historyAnchors["#a"] == nil)
    }
}
