import Foundation
import Testing

@testable import IRC

/// Messages of several lines (`draft/multiline`): a batch that arrives is one message with its
/// lines; what is sent goes as one batch where the server takes it, within its limits.
@Suite struct IRCMultilineTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func line(_ text: String) -> IRCMessage { IRCMessage(parsing: Array(text.utf8)) ?? IRCMessage(command: "INVALID") }

    func sent(_ actions: [IRCConnection.Action]) -> [String] {
        actions.compactMap { if case .send(let m) = $0 { try? m.serialized() } else { nil } }
    }

    func messages(_ actions: [IRCConnection.Action]) -> [IRCIncomingMessage] {
        actions.compactMap { if case .emit(.message(let m)) = $0 { m } else { nil } }
    }

    /// Registered and in #a, with the capabilities the server acknowledged.
    func connected(
        _ caps: String = "batch draft/multiline message-tags labeled-response echo-message"
    )
        -> IRCConnection
    {
        var connection = IRCConnection(configuration: .init(nick: "ada", channels: ["#a"]))
        _ = connection.connectionOpened()
        _ = connection.received(
            line(
                ":s CAP * LS :\(caps.replacingOccurrences(of: "draft/multiline", with: "draft/multiline=max-bytes=40,max-lines=3"))"
            ), now: now)
        _ = connection.received(line(":s CAP ada ACK :\(caps)"), now: now)
        _ = connection.received(line(":s 001 ada :Welcome"), now: now)
        _ = connection.received(line(":ada!a@h JOIN #a"), now: now)
        return connection
    }

    @Test func aBatchThatArrivesIsOneMessageWithItsLines() {
        var connection = connected()
        var actions: [IRCConnection.Action] = []
        for text in [
            "@msgid=m1;time=2026-11-29T07:00:00.000Z :kim!k@h BATCH +b1 draft/multiline #a",
            "@batch=b1 :kim!k@h PRIVMSG #a :first line",
            "@batch=b1 :kim!k@h PRIVMSG #a :second, in ",
            "@batch=b1;draft/multiline-concat :kim!k@h PRIVMSG #a :two pieces",
            "@batch=b1 :kim!k@h PRIVMSG #a :\u{1B}[31mthird",
        ] {
            actions += connection.received(line(text), now: now)
        }
        #expect(messages(actions).isEmpty, "nothing before the batch ends")
        let ended = messages(connection.received(line(":kim!k@h BATCH -b1"), now: now))
        #expect(ended.count == 1)
        #expect(ended.first?.text == "first line\nsecond, in two pieces\n␛third")
        #expect(ended.first?.msgid == "m1")
        #expect(ended.first?.author == "kim")
        #expect(ended.first?.time == ServerTime.parse("2026-11-29T07:00:00.000Z"))
    }

    /// A server that floods a batch, or never closes batches, cannot make one grow without end.
    @Test func aFloodedBatchIsKeptWithinBounds() {
        var connection = connected()
        _ = connection.received(line(":kim!k@h BATCH +big draft/multiline #a"), now: now)
        for index in 0..<(IRCConnection.multilineLinesAtMost + 500) {
            _ = connection.received(line("@batch=big :kim!k@h PRIVMSG #a :line \(index)"), now: now)
        }
        let ended = messages(connection.received(line(":kim!k@h BATCH -big"), now: now))
        #expect(ended.first?.text.split(separator: "\n").count == IRCConnection.multilineLinesAtMost)
        for index in 0..<40 {
            _ = connection.received(line(":kim!k@h BATCH +open\(index) draft/multiline #a"), now: now)
        }
        // The newest open batch still ends as a message; the oldest were given up.
        _ = connection.received(line("@batch=open39 :kim!k@h PRIVMSG #a :last"), now: now)
        #expect(messages(connection.received(line(":kim!k@h BATCH -open39"), now: now)).first?.text == "last")
        #expect(messages(connection.received(line(":kim!k@h BATCH -open0"), now: now)).isEmpty)
    }

    @Test func aBatchInsideHistoryIsHistory() {
        var connection = connected("batch draft/multiline draft/chathistory")
        _ = connection.received(line(":s BATCH +h1 chathistory #a"), now: now)
        _ = connection.received(line("@batch=h1;msgid=m2 :kim!k@h BATCH +b2 draft/multiline #a"), now: now)
        _ = connection.received(line("@batch=b2 :kim!k@h PRIVMSG #a :one"), now: now)
        _ = connection.received(line("@batch=b2 :kim!k@h PRIVMSG #a :two"), now: now)
        let ended = messages(connection.received(line(":kim!k@h BATCH -b2"), now: now))
        #expect(ended.first?.isHistory == true)
        #expect(ended.first?.text == "one\ntwo")
    }

    @Test func severalLinesGoAsOneBatchWithTheLabel() {
        var connection = connected()
        let lines = sent(connection.say("first\n\nthird", to: "#a", label: "l1"))
        #expect(
            lines == [
                "@label=l1 BATCH +ml1 draft/multiline #a",
                "@batch=ml1 PRIVMSG #a first",
                "@batch=ml1 PRIVMSG #a :",
                "@batch=ml1 PRIVMSG #a third",
                "BATCH -ml1",
            ], "\(lines)")
    }

    @Test func withoutMultilineTheLinesGoOneByOneCarryingTheLabel() {
        var connection = connected("batch message-tags labeled-response echo-message")
        #expect(connection.multilineLimits == nil)
        let lines = sent(connection.say("first\nsecond", to: "#a", label: "l1"))
        #expect(lines == ["@label=l1 PRIVMSG #a first", "@label=l1 PRIVMSG #a second"], "\(lines)")
    }

    @Test func linesAreGroupedWithinTheServersLimits() {
        let limits = MultilineLimits(maxBytes: 20, maxLines: 3)
        // 8 bytes each with the break: two fit in 20 bytes, not three.
        #expect(
            IRCConnection.multilineGroups(["aaaaaaa", "bbbbbbb", "ccccccc"], limits: limits, budget: 400)
                == [["aaaaaaa", "bbbbbbb"], ["ccccccc"]])
        // A line too long for one IRC line counts its pieces against max-lines.
        let long = String(repeating: "x ", count: 6)
        #expect(
            IRCConnection.multilineGroups(
                ["a", long, "b"], limits: MultilineLimits(maxBytes: 100, maxLines: 3), budget: 6
            )
            .count == 2)
        #expect(connected().multilineLimits == MultilineLimits(maxBytes: 40, maxLines: 3))
    }
}
