import Accessibility

/// How a message arriving is said around its words. The author and the words come marked as
/// someone else's (``SpokenText/verbatim(_:)``) by whoever read them from the message.
enum MessageFact: Hashable, Sendable {
    /// "kim: hello".
    case said(author: String, words: String)
    /// A reply, which the channel shows only as a count on its thread's first message: "kim
    /// replied in a thread: done".
    case replied(author: String, words: String)
    /// In another channel: "#b, kim: hello".
    case elsewhere(channel: String, said: String)
    /// A direct message or notice not in the open conversation.
    case direct(said: String, notice: Bool)
    /// The listener was mentioned; `channel` is where, when it is not the open one.
    case mention(author: String, channel: String?, words: String)
    /// Someone replied to a line of the listener's; `channel` as for a mention.
    case answered(author: String, channel: String?, words: String)
    /// Someone reacted to a line of the listener's, shown by its first words.
    case reactedToYours(author: String, emoji: String, channel: String?, line: String)
    /// What came while the listener was away, said once after a (re)join's replay.
    case whileAway(WhileAway)
}

/// What came while the listener was away: counts, and where.
struct WhileAway: Hashable, Sendable {
    /// The channels' names with news (one, or as many as are known).
    var channels: [String]
    /// How many channels had news (a name may be unknown).
    var channelCount: Int
    var messages: Int
    var mentions: Int
    var direct: Int
    /// Who the direct messages are from.
    var senders: [String]
}

extension Wording {
    static func sentence(_ fact: MessageFact) -> String {
        switch fact {
        case .said(let author, let words): "\(author): \(words)"
        case .replied(let author, let words): "\(author) replied in a thread: \(words)"
        case .elsewhere(let channel, let said): "\(channel), \(said)"
        case .direct(let said, let notice): (notice ? "Notice from " : "Direct message from ") + said
        case .mention(let author, let channel, let words):
            "\(author) mentioned you" + (channel.map { " in \($0)" } ?? "") + ": " + words
        case .answered(let author, let channel, let words):
            "\(author) replied to you" + (channel.map { " in \($0)" } ?? "") + ": " + words
        case .reactedToYours(let author, let emoji, let channel, let line):
            "\(author) reacted with \(emoji) to your message" + (channel.map { " in \($0)" } ?? "") + ": " + line
        case .whileAway(let away): whileAway(away)
        }
    }

    /// The first words of a line, for naming it ("is anyone there", "the deploy is done and the
    /// tests…"): at most eight words.
    static func firstWords(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        return words.count <= 8 ? words.joined(separator: " ") : words.prefix(8).joined(separator: " ") + "…"
    }

    /// "#a: 12 messages while you were away, 1 mention"; for several channels, the totals.
    static func whileAway(_ away: WhileAway) -> String {
        let withMentions = away.mentions > 0 ? ", " + Plural.phrase(away.mentions, "mention") : ""
        let directPart =
            away.direct == 0 ? "" : Plural.phrase(away.direct, "direct message") + " from " + andList(away.senders)
        if away.channelCount == 1, away.direct == 0 {
            return (away.channels.first.map { $0 + ": " } ?? "")
                + "\(Plural.phrase(away.messages, "message")) while you were away"
                + withMentions
        }
        if away.channelCount == 0 { return "While you were away: " + directPart }
        let channels =
            away.channelCount == 1
            ? away.channels.first.map { "in " + $0 } ?? "in 1 channel" : "in \(away.channelCount) channels"
        return "While you were away: \(Plural.phrase(away.messages, "message")) \(channels)" + withMentions
            + (directPart.isEmpty ? "" : ", and " + directPart) + ". Alt-A goes to the next channel with new messages"
    }
}
