import Foundation

/// Messages: conversations, history and echoes told apart, tag messages, WHOIS replies.
extension IRCConnection {
    // MARK: Messages

    /// The conversation a message to `target` from `author` belongs to.
    func conversation(
        target rawTarget: String, author: String
    ) -> (channel: String, isDirect: Bool, isEcho: Bool) {
        // STATUSMSG targets (`@#channel`) belong to the channel.
        var target = Substring(rawTarget)
        while let first = target.first, "@+%~".contains(first),
            target.dropFirst().first.map({ "#&".contains($0) }) ?? false
        {
            target = target.dropFirst()
        }
        let isEcho = caseMapping.equal(author, session.nick)
        if Self.isChannelName(String(target)) { return (String(target), false, isEcho) }
        return (isEcho ? rawTarget : author, true, isEcho)
    }

    /// ZNC's words around a playback without a batch: true opens it, false closes it.
    static let playbackMarkers: [String: Bool] = ["Buffer Playback...": true, "Playback Complete.": false]

    /// The batch types that hold replayed history: IRCv3 chathistory, and ZNC's playback of a
    /// channel's buffer on connect.
    static let historyBatches: Set<String> = ["chathistory", "draft/chathistory", "znc.in/playback"]

    /// Whether a message is replayed history: in a history batch, or stamped (server-time)
    /// before this connection registered, as a server without batches or a bouncer replays
    /// (2 s allowed for clock skew).
    func isHistory(_ message: IRCMessage, time: Date?) -> Bool {
        if let batch = message.tags["batch"], let type = session.batches[batch], Self.historyBatches.contains(type) {
            return true
        }
        guard let time, let registeredAt = session.registeredAt else { return false }
        return time < registeredAt.addingTimeInterval(-2)
    }

    /// A PRIVMSG or NOTICE; `lines`: a multiline message's lines, cleaned, kept as lines.
    mutating func receivedMessage(_ message: IRCMessage, now: Date, lines: [String]? = nil) -> [Action] {
        if lines == nil, keptForMultiline(message) { return [] }
        guard let target = message.parameter(0), var text = message.parameter(1) else { return [] }
        let author = message.sourceNick ?? ""
        if let batch = message.tags["batch"], session.openHistory[batch] != nil {
            // Counted for paging, whatever it is.
            session.openHistory[batch]?.count += 1
            // Ergo, to a client without event-playback, replays joins and quits as HistServ's
            // lines ("kim joined the channel"): the server's words, not the conversation.
            if author == "HistServ" { return [] }
        }
        if author.isEmpty { return [] }
        if message.source?.contains("!") != true, message.command == "NOTICE" {
            // A server notice (no nick!user@host), to us or to a channel ("Replaying up to 50
            // lines of pre-join history"): not a conversation.
            return []
        }
        if author == "***", let marker = Self.playbackMarkers[text] {
            // ZNC's playback without a batch: "Buffer Playback..." … "Playback Complete."
            // around a channel's buffer. The markers are not conversation; what is between them is history.
            let key = caseMapping.fold(target)
            if marker { session.playback.insert(key) } else { session.playback.remove(key) }
            return []
        }
        var kind: MessageKind = message.command == "NOTICE" ? .notice : .message
        if text.hasPrefix("\u{1}") {
            var body = text.dropFirst()
            if body.hasSuffix("\u{1}") { body = body.dropLast() }
            guard body.uppercased().hasPrefix("ACTION") else { return [] }  // other CTCP: ignored
            text = String(body.dropFirst(6).drop(while: { $0 == " " }))
            kind = .action
        }
        let place = conversation(target: target, author: author)
        var time = message.tags["time"].flatMap(ServerTime.parse)
        if let batch = message.tags["batch"], let before = session.olderBatches[batch], let said = time, said >= before
        {
            time = before.addingTimeInterval(-0.001)
        }
        if !place.isDirect { noteNewest(in: place.channel, msgid: message.tags["msgid"], time: time) }
        let incoming = IRCIncomingMessage(
            channel: clean(place.channel), isDirect: place.isDirect, author: clean(author),
            text: lines?.joined(separator: "\n") ?? clean(text),
            kind: kind, time: time, msgid: Sanitizer.identifier(message.tags["msgid"]),
            replyTo: IRCTags.replyTarget(in: message.tags), label: Sanitizer.identifier(message.tags["label"]),
            isEcho: place.isEcho,
            isHistory: isHistory(message, time: time) || session.playback.contains(caseMapping.fold(target)))
        return [.emit(.message(incoming))]
    }

    mutating func receivedTagMessage(_ message: IRCMessage) -> [Action] {
        guard let target = message.parameter(0), let author = message.sourceNick else { return [] }
        let place = conversation(target: target, author: author)
        var actions: [Action] = []
        if let emoji = IRCTags.reactionEmoji(in: message.tags), let reacted = IRCTags.replyTarget(in: message.tags) {
            actions.append(
                .emit(
                    .reaction(
                        IRCReaction(
                            channel: clean(place.channel), isDirect: place.isDirect, author: clean(author),
                            emoji: clean(emoji), target: reacted, isEcho: place.isEcho))))
        }
        if let emoji = IRCTags.unreactionEmoji(in: message.tags), let reacted = IRCTags.replyTarget(in: message.tags) {
            actions.append(
                .emit(
                    .reaction(
                        IRCReaction(
                            channel: clean(place.channel), isDirect: place.isDirect, author: clean(author),
                            emoji: clean(emoji), target: reacted, isEcho: place.isEcho, isRemoval: true))))
        }
        if let typing = IRCTags.typingState(in: message.tags), !place.isEcho {
            actions.append(.emit(.typing(channel: clean(place.channel), nick: clean(author), state: typing)))
        }
        return actions
    }

    /// One line of a WHOIS answer we asked for, in words.
    mutating func receivedWhoisLine(_ message: IRCMessage) -> [Action] {
        guard let who = message.parameter(1) else { return [] }
        let key = caseMapping.fold(who)
        guard var facts = session.pendingWhois[key], facts.count < 20 else { return [] }
        let p = message.parameters.map(clean)
        let last = p.last ?? ""
        switch message.command {
        // The real name and the host, not the user@host mask ("tilde k at host" said aloud).
        case "311" where p.count >= 6: facts.append(.identity(realName: p[5], host: p[3]))
        case "312" where p.count >= 3: facts.append(.server(p[2]))
        case "313": facts.append(.ircOperator)
        case "301": facts.append(.away(last))
        case "317" where p.count >= 3: facts.append(.idle(seconds: Int(p[2]) ?? 0))
        case "319":
            // The server marks ranks ("@#b"): the list names channels.
            facts.append(.channels(last.split(separator: " ").map { String($0.drop { "@+%~".contains($0) }) }))
        case "330" where p.count >= 3: facts.append(.account(p[2]))
        case "671", "276": facts.append(.secure)
        default: break  // the server's own words for what the client does not know: left out
        }
        session.pendingWhois[key] = facts
        return []
    }

    func clean(_ text: String) -> String { Sanitizer.plainText(text) }
}
