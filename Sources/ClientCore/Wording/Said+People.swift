import Accessibility

/// What people did in a channel or to the listener: joins, parts, kicks, invitations, presence.
/// Reasons, topics and notes are their words, marked as such here.
enum PeopleFact: Hashable, Sendable {
    /// The listener's /join was answered.
    case youJoined(String)
    /// The listener left a channel.
    case youLeft(String)
    case joined(nick: String, channel: String)
    case left(nick: String, channel: String, reason: String)
    case quit(nick: String, reason: String)
    /// A quit the server gave the reason for (no "Quit: " before it): a lost connection, a
    /// netsplit. `reason` is the server's text, said in plain words where it is known.
    case dropped(nick: String, serverReason: String)
    /// The listener's nick changed (the `on` prefix names the network when there are several).
    case youAreNow(String)
    /// The same, as shown: the nick as written.
    case youAreNowShown(String)
    /// Someone's nick changed; `status` is what moved after a bar ("kim|away").
    case renamed(from: String, to: String, status: NickStatus?)
    /// Only a status after a bar moved ("kim" became "kim|away"): said by the name heard.
    case marked(String, NickStatus)
    /// A nick change as shown: both names as written.
    case renamedShown(from: String, to: String)
    case kickedYou(channel: String, by: String, reason: String)
    case kicked(nick: String, by: String, reason: String)
    /// A channel's topic, or who set it and to what (nil: the listener).
    case topic(String)
    case topicSet(by: String?, topic: String)
    /// A server's note or warning (its words: what it announces is content).
    case serverNote(String, warning: Bool)
    /// WHOIS as shown: the answer already worded.
    case whoisShown(nick: String, answer: String)
    case online(String)
    case wentOffline(String)
    case offline(String)
    case away(String, reason: String?)
    case invitesYou(by: String, channel: String)
    case invited(by: String, nick: String)
    /// Someone's messages are now said from every channel (`speech.follow`), or no longer.
    case followed(String)
    case unfollowed(String)
    /// Joins, parts, quits and nick changes together (``MemberRun``): how many of each, and who.
    case run(joined: Int, left: Int, renamed: Int, nicks: [String], unlisted: Int)
    /// A run listed event by event, or gathered into one again.
    case runExpanded(Int)
    case runGathered
    /// Events of a run beyond those it keeps to list.
    case runMore(Int)
}

/// A status a nick carries after a bar ("kim|away").
enum NickStatus: Hashable, Sendable {
    case nowMarked(String)
    case noLongerMarked(String)
}

extension Wording {
    static func sentence(_ fact: PeopleFact) -> String {
        switch fact {
        case .youJoined(let channel): "Joined \(channel)"
        case .youLeft(let channel): "Left \(channel)"
        case .joined(let nick, let channel): "\(nick) joined \(channel)"
        case .left(let nick, let channel, let reason): "\(nick) left \(channel)" + theirReason(reason)
        case .quit(let nick, let reason): "\(nick) quit" + theirReason(reason)
        case .dropped(let nick, let reason): serverQuit(nick, reason)
        case .youAreNow(let nick): "You are now " + spelledNick(nick)
        case .youAreNowShown(let nick): "You are now \(nick)"
        case .renamed(let old, let new, let status):
            "\(SpokenText.verbatim(old)) is now \(SpokenText.verbatim(new))"
                + (status.map {
                    if case .nowMarked(let word) = $0 { ", marked " + SpokenText.verbatim(word) } else { "" }
                }
                    ?? "")
        case .marked(let nick, let status): SpokenText.verbatim(nick) + " " + words(status)
        case .renamedShown(let old, let new): "\(old) is now \(new)"
        case .kickedYou(let channel, let by, let reason):
            "You were kicked from \(channel) by \(SpokenText.verbatim(by))" + theirReason(reason)
        case .kicked(let nick, let by, let reason): "\(nick) was kicked by \(by)" + theirReason(reason)
        case .topic(let topic): "Topic: \(topic)"
        case .topicSet(let by, let topic):
            (by.map(SpokenText.verbatim) ?? "You") + " set the topic: " + SpokenText.verbatim(topic)
        case .serverNote(let text, let warning): (warning ? "Warning: " : "") + SpokenText.verbatim(text)
        case .whoisShown(let nick, let answer): "Whois \(nick): " + answer
        case .online(let nick): "\(SpokenText.verbatim(nick)) is online"
        case .wentOffline(let nick): "\(SpokenText.verbatim(nick)) went offline"
        case .offline(let nick): "\(SpokenText.verbatim(nick)) is offline"
        case .away(let nick, let reason): reason.map { "\(nick) is away" + theirReason($0) } ?? "\(nick) is back"
        case .invitesYou(let by, let channel):
            "\(SpokenText.verbatim(by)) invites you to \(channel). To accept, type /join \(channel)"
        case .invited(let by, let nick): "\(by) invited \(nick)"
        case .followed(let nick): "\(nick)'s messages will be said from every channel"
        case .unfollowed(let nick): "\(nick)'s messages are said as their channel's are again"
        case .run(let joined, let left, let renamed, let nicks, let unlisted):
            // The first count says who ("3 people joined"), the rest only how many ("2 left").
            [(joined, "joined"), (left, "left"), (renamed, "changed nick")].filter { $0.0 > 0 }.enumerated()
                .map { index, part in
                    (index > 0 ? "\(part.0)" : part.0 == 1 ? "1 person" : "\(part.0) people") + " " + part.1
                }
                .joined(separator: ", ") + ": " + people(nicks, more: unlisted)
        case .runExpanded(let count): "Expanded, \(count) follow"
        case .runGathered: "Collapsed"
        case .runMore(let count): "and \(count) more, not listed"
        }
    }

    /// Up to five people by name, then how many more: "kim, bob, ada, eve, rob and 2 more"
    /// (`more` beyond `nicks`: those of events not kept); six are all named, "and 1 more" being
    /// no shorter than the name.
    static func people(_ nicks: [String], more: Int = 0) -> String {
        let named = nicks.prefix(nicks.count == 6 && more == 0 ? 6 : 5).map { SpokenText.verbatim($0) }
        let others = nicks.count - named.count + more
        return others > 0 ? named.joined(separator: ", ") + " and \(others) more" : andList(Array(named))
    }

    /// A nick said so that each of its characters is heard: letters and digits as a word,
    /// anything else by name ("ada underscore"), where "ada_" and "ada" must not sound alike.
    static func spelledNick(_ nick: String) -> String {
        var parts: [String] = []
        var word = ""
        for character in nick {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                if !word.isEmpty { parts.append(SpokenText.verbatim(word)) }
                word = ""
                parts.append(SpokenText.characterName(character))
            }
        }
        if !word.isEmpty { parts.append(SpokenText.verbatim(word)) }
        return parts.joined(separator: " ")
    }

    /// A server's note or warning as shown: "Note: …", "Warning: …".
    static func noteShown(_ text: String, warning: Bool) -> String { (warning ? "Warning: " : "Note: ") + text }

    /// "is now marked away", "is no longer marked lunch".
    static func words(_ status: NickStatus) -> String {
        switch status {
        case .nowMarked(let word): "is now marked " + SpokenText.verbatim(word)
        case .noLongerMarked(let word): "is no longer marked " + SpokenText.verbatim(word)
        }
    }

    /// A quit whose reason the server wrote, in plain words where it is a known one ("kim lost
    /// the connection, timed out" for "Ping timeout: 240 seconds"); else the server's words.
    static func serverQuit(_ nick: String, _ reason: String) -> String {
        let lower = reason.lowercased()
        let known: [(String, String)] = [
            ("ping timeout", "lost the connection, timed out"),
            ("connection reset by peer", "lost the connection"),
            ("read error", "lost the connection"),
            ("remote host closed the connection", "lost the connection"),
            ("broken pipe", "lost the connection"),
            ("connection closed", "lost the connection"),
            ("excess flood", "was disconnected for sending too fast"),
            ("max sendq exceeded", "was disconnected, too far behind"),
            ("killed", "was disconnected by the server"),
            ("k-lined", "was banned from the server"),
            ("g-lined", "was banned from the server"),
        ]
        if let words = known.first(where: { lower.contains($0.0) })?.1 {
            return "\(nick) " + words
        }
        // Two server names ("*.net *.split", "irc.a.net irc.b.net"): the servers lost each other.
        let parts = reason.split(separator: " ")
        if parts.count == 2, parts.allSatisfy({ $0.contains(".") && !$0.contains("/") && !$0.contains(":") }) {
            return "\(nick) was cut off by a netsplit"
        }
        // What servers write for a quit without a reason (Ergo, Solanum, InspIRCd, ngircd).
        if ["", "quit", "quit:", "quit: ", "client quit", "client exited"].contains(lower) {
            return "\(nick) quit"
        }
        return "\(nick) quit" + theirReason(reason)
    }

    /// Someone's reason, after a colon (brackets around it would be read aloud), or nothing.
    static func theirReason(_ reason: String) -> String {
        reason.isEmpty ? "" : ": " + SpokenText.verbatim(reason)
    }
}
