import Foundation

/// What the user asks of the connection: join, part, messages, reactions, typing, MONITOR, WHOIS;
/// each becomes the lines to send, or a refusal.
extension IRCConnection {
    // MARK: Commands from the user

    /// Join `channel` now (if registered) and after every reconnect.
    /// Joins `channel` now (with its `key`, if it has one) and after every reconnect.
    public mutating func join(_ channel: String, key: String? = nil) -> [Action] {
        if !wantedChannels.contains(where: { caseMapping.equal($0, channel) }) {
            wantedChannels.append(channel)
        }
        guard state == .registered else { return [] }
        return [.send(IRCMessage(command: "JOIN", [channel] + (key.map { [$0] } ?? [])))] + historyRequest(channel)
    }

    /// Leave `channel` and stop rejoining it.
    public mutating func part(_ channel: String, reason: String = "") -> [Action] {
        wantedChannels.removeAll { caseMapping.equal($0, channel) }
        guard state == .registered else { return [] }
        return [.send(IRCMessage(command: "PART", reason.isEmpty ? [channel] : [channel, reason]))]
    }

    /// Set the topic of `channel`.
    public func setTopic(_ topic: String, in channel: String) -> [Action] {
        state == .registered ? [.send(IRCMessage(command: "TOPIC", [channel, topic]))] : []
    }

    /// Ask for the member list of `channel`.
    public func requestNames(_ channel: String) -> [Action] {
        state == .registered ? [.send(IRCMessage(command: "NAMES", [channel]))] : []
    }

    /// Ask who `nick` is; the answer comes as one ``IRCEvent/whois(nick:lines:)``.
    public mutating func whois(_ nick: String) -> [Action] {
        guard state == .registered else { return [] }
        if session.pendingWhois.count >= 8 { session.pendingWhois.removeAll() }
        session.pendingWhois[caseMapping.fold(nick)] = []
        return [.send(IRCMessage(command: "WHOIS", [nick]))]
    }

    /// Follow `nicks` with MONITOR now (where the server takes it) and after every reconnect.
    public mutating func follow(_ nicks: [String]) -> [Action] {
        let new = nicks.filter { nick in !followed.contains { caseMapping.equal($0, nick) } }
        followed += new
        // A nick asked for again is answered again.
        for nick in nicks { presence.removeValue(forKey: caseMapping.fold(nick)) }
        return state == .registered ? monitorLines(adding: nicks) : []
    }

    /// Stop following `nicks`.
    public mutating func unfollow(_ nicks: [String]) -> [Action] {
        followed.removeAll { nick in nicks.contains { caseMapping.equal($0, nick) } }
        for nick in nicks { presence.removeValue(forKey: caseMapping.fold(nick)) }
        guard state == .registered, supportsMonitor, !nicks.isEmpty else { return [] }
        return [.send(IRCMessage(command: "MONITOR", ["-", nicks.joined(separator: ",")]))]
    }

    /// `MONITOR + a,b` lines for `nicks`, within the server's limit and a line's length.
    func monitorLines(adding nicks: [String]) -> [Action] {
        guard let limit = session.monitorLimit, !nicks.isEmpty else { return [] }
        var lines: [Action] = []
        var batch: [String] = []
        for nick in nicks.prefix(limit) {
            if (batch + [nick]).joined(separator: ",").utf8.count > 400 {
                lines.append(.send(IRCMessage(command: "MONITOR", ["+", batch.joined(separator: ",")])))
                batch = []
            }
            batch.append(nick)
        }
        if !batch.isEmpty { lines.append(.send(IRCMessage(command: "MONITOR", ["+", batch.joined(separator: ",")]))) }
        return lines
    }

    /// RPL_MONONLINE (730, `nick!user@host,…`) and RPL_MONOFFLINE (731, `nick,…`): each
    /// followed nick whose state is new or changed.
    mutating func receivedPresence(_ message: IRCMessage) -> [Action] {
        let online = message.command == "730"
        var actions: [Action] = []
        for target in (message.parameters.last ?? "").split(separator: ",") {
            let nick = String(target.prefix { $0 != "!" })
            guard !nick.isEmpty else { continue }
            let key = caseMapping.fold(nick)
            let before = presence[key]
            presence[key] = online
            if before != online {
                actions.append(.emit(.presence(nick: clean(nick), online: online, change: before != nil)))
            }
        }
        return actions
    }

    /// Ask for a new nick.
    public func changeNick(_ newNick: String) -> [Action] {
        isOpen ? [.send(IRCMessage(command: "NICK", [newNick]))] : []
    }

    /// Leave the network, with the listener's reason or none: the others hear "ada quit", not
    /// the name of a client they did not ask about.
    public func quit(_ reason: String = "") -> [Action] {
        isOpen ? [.send(IRCMessage(command: "QUIT", reason.isEmpty ? [] : [reason]))] : []
    }

    /// Whether there is a connection to write to.
    var isOpen: Bool { state != .disconnected && state != .refused }

    /// The line that carries one piece of text (already split to fit, see ``IRCLineSplitter``)
    /// to a channel or nick: what ``say(_:to:kind:replyTo:label:)`` sends, and what the shell
    /// checks can be written before it stores anything.
    ///
    /// `label` identifies our echo when labeled-response is on; `replyTo` adds the reply tags
    /// when message-tags is on (and always with `allTags`, to check the longest form).
    public func line(
        _ text: String, to target: String, kind: MessageKind = .message, replyTo: String? = nil, label: String? = nil,
        allTags: Bool = false
    ) -> IRCMessage {
        var tags: [String: String] = [:]
        if let label, allTags || session.capabilities.contains(.labeledResponse) { tags["label"] = label }
        if let replyTo, allTags || session.capabilities.contains(.messageTags) {
            tags.merge(IRCTags.reply(to: replyTo)) { _, new in new }
        }
        switch kind {
        case .action: return IRCMessage(command: "PRIVMSG", [target, "\u{1}ACTION \(text)\u{1}"], tags: tags)
        case .notice: return IRCMessage(command: "NOTICE", [target, text], tags: tags)
        case .message, .system: return IRCMessage(command: "PRIVMSG", [target, text], tags: tags)
        }
    }

    /// One line of text to a channel or nick (see ``line(_:to:kind:replyTo:label:allTags:)``).
    public mutating func say(
        _ text: String, to target: String, kind: MessageKind = .message, replyTo: String? = nil, label: String? = nil
    ) -> [Action] {
        guard state == .registered else { return [] }
        // The message itself ends typing for the receiver; the next keystroke says active again.
        _ = session.typingThrottle.stopped(in: target, names: caseMapping)
        if text.contains("\n") {
            return lines(ofSeveral: text, to: target, kind: kind, replyTo: replyTo, label: label).map { .send($0) }
        }
        return [.send(line(text, to: target, kind: kind, replyTo: replyTo, label: label))]
    }

    /// The TAGMSG that reacts to the message `msgid` in `target` with `emoji`.
    public static func reactionLine(_ emoji: String, to msgid: String, in target: String) -> IRCMessage {
        IRCMessage(command: "TAGMSG", [target], tags: IRCTags.reaction(emoji, to: msgid))
    }

    /// React to the message `msgid` in `target` with `emoji` (only where message-tags is on).
    public func react(_ emoji: String, to msgid: String, in target: String) -> [Action] {
        guard state == .registered, session.capabilities.contains(.messageTags) else { return [] }
        return [.send(Self.reactionLine(emoji, to: msgid, in: target))]
    }

    /// Take back our reaction `emoji` to `msgid` in `target` (only where message-tags is on).
    public func unreact(_ emoji: String, to msgid: String, in target: String) -> [Action] {
        guard state == .registered, session.capabilities.contains(.messageTags) else { return [] }
        return [.send(IRCMessage(command: "TAGMSG", [target], tags: IRCTags.unreaction(emoji, to: msgid)))]
    }

    /// The user typed in the composer for `target`; sends `+typing=active` at most every 3 s.
    public mutating func typed(in target: String, now: Date) -> [Action] {
        guard state == .registered, session.capabilities.contains(.messageTags), mayTellTyping(to: target),
            let typing = session.typingThrottle.typed(in: target, now: now, names: caseMapping)
        else { return [] }
        return [.send(IRCMessage(command: "TAGMSG", [target], tags: typingTags(typing)))]
    }

    /// A typing notice's tags; with labeled-response, labelled so a refusal of it is known as
    /// one and never said to the listener (only a line they sent is worth a word).
    func typingTags(_ typing: TypingState) -> [String: String] {
        var tags = IRCTags.typing(typing)
        if session.capabilities.contains(.labeledResponse) { tags["label"] = Self.typingLabel }
        return tags
    }

    static let typingLabel = "earshot-typing"

    /// The user cleared the composer for `target`: `+typing=done` if we had said active.
    public mutating func stoppedTyping(in target: String) -> [Action] {
        guard state == .registered, session.capabilities.contains(.messageTags),
            let typing = session.typingThrottle.stopped(in: target, names: caseMapping)
        else { return [] }
        return [.send(IRCMessage(command: "TAGMSG", [target], tags: typingTags(typing)))]
    }

    /// The refusals whose first parameter after our nick is a channel.
    static let channelRefusals: [String: IRCRefusal.Reason] = [
        "403": .noSuchChannel, "404": .cannotSendToChannel, "405": .tooManyChannels, "442": .notOnChannel,
        "471": .channelFull, "473": .inviteOnly, "474": .banned, "475": .needsKey, "476": .badChannelName,
        "477": .needsAccount, "482": .needsOperator, "489": .needsSecureConnection,
    ]

    /// A numeric's refusal: its target is the parameter after our nick (unless told), and the
    /// server's words are kept for a log.
    func refusal(_ reason: IRCRefusal.Reason, _ message: IRCMessage, target: String?? = .none) -> IRCRefusal {
        let named = target ?? message.parameter(1)
        return IRCRefusal(reason, target: named.map(clean), serverText: text(message), label: message.tags["label"])
    }

    /// What a numeric's server wrote after our nick, cleaned, for a log.
    func text(_ message: IRCMessage) -> String {
        clean(message.parameters.dropFirst().joined(separator: " "))
    }

    /// A refusal for `target`: typing notices stop there, and one said active is forgotten.
    mutating func refusedTyping(to target: String) {
        session.typingRefused.insert(caseMapping.fold(target))
        _ = session.typingThrottle.stopped(in: target, names: caseMapping)
    }

    /// Whether typing notices may go to `target`: a channel we are in that has not refused us,
    /// or a nick that has not.
    func mayTellTyping(to target: String) -> Bool {
        let key = caseMapping.fold(target)
        guard !session.typingRefused.contains(key) else { return false }
        return !Self.isChannel(target) || session.joinedChannels.contains(key)
    }

    static func isChannel(_ target: String) -> Bool { target.first == "#" || target.first == "&" }

    /// `key=value,key` (an STS policy) as a dictionary.
    static func keys(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if let key = parts.first { result[String(key)] = parts.count == 2 ? String(parts[1]) : "" }
        }
        return result
    }

    /// Whether `name` is a channel (rather than a nick).
    public static func isChannelName(_ name: String) -> Bool {
        guard let first = name.first else { return false }
        return "#&+!".contains(first)
    }
}
