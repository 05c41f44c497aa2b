import Foundation

/// What the connection does as it opens, closes and reads lines: the line dispatcher and its
/// state changes.
extension IRCConnection {
    // MARK: Connection events

    /// The socket is open (with TLS when `secure`): start registration.
    public mutating func connectionOpened(secure: Bool = false) -> [Action] {
        state = .negotiating
        session = Session(nick: configuration.nick)
        session.secure = secure
        let password = configuration.serverPassword.map { [Action.send(IRCMessage(command: "PASS", [$0]))] } ?? []
        return password + [
            .send(IRCMessage(command: "CAP", ["LS", "302"])),
            .send(IRCMessage(command: "NICK", [session.nick])),
            .send(IRCMessage(command: "USER", [configuration.user, "0", "*", configuration.realName])),
        ]
    }

    /// The socket closed. A refusal stays (the shell must not reconnect) until the next open.
    public mutating func connectionClosed() {
        if state != .refused { state = .disconnected }
        session = Session(nick: session.nick)
    }

    /// A line arrived.
    public mutating func received(_ message: IRCMessage, now: Date) -> [Action] {
        if state == .refused { return [] }
        // History that never comes does not hold the sync point for ever.
        let released = session.syncHeld != nil && message.command != "PONG" ? releaseSync(now: now) : []
        if !released.isEmpty { return released + received(message, now: now) }
        switch message.command {
        case "PING":
            return [.send(IRCMessage(command: "PONG", message.parameters.isEmpty ? [""] : [message.parameters[0]]))]
        case "PONG":
            if let token = session.syncToken, message.parameters.last == token {
                session.syncToken = nil
                session.syncHeld = now
                return releaseSync()
            }
            return []
        case "464":
            return passwordRefused()
        case "CAP": return receivedCap(message)
        case "AUTHENTICATE": return receivedAuthenticate(message)
        case "900", "901", "902", "903", "904", "905", "906", "907", "908": return receivedSASLReply(message)
        case "001": return receivedWelcome(message, now: now)
        case "005":
            if let prefix = message.parameters.first(where: { $0.hasPrefix("PREFIX=") }),
                let close = prefix.firstIndex(of: ")")
            {
                session.memberPrefixes = Set(prefix[prefix.index(after: close)...])
            }
            if let token = message.parameters.dropFirst().first(where: { $0 == "MONITOR" || $0.hasPrefix("MONITOR=") })
            {
                session.monitorLimit = Int(token.dropFirst("MONITOR=".count)) ?? 100
            }
            if message.parameters.dropFirst().contains("WHOX") { session.whox = true }
            if let token = message.parameters.dropFirst().first(where: { $0.hasPrefix("CASEMAPPING=") }),
                let named = IRCCaseMapping(isupport: String(token.dropFirst("CASEMAPPING=".count))),
                named != caseMapping
            {
                return compareNames(by: named)
            }
            return []
        case "376", "422":
            // The end of the MOTD (or none): ISUPPORT is known, so follow who is wanted.
            return monitorLines(adding: followed)
        case "730", "731":
            return receivedPresence(message)
        case "734":
            // The server's list is full: the nicks after the limit are not followed.
            return [.emit(.refused(refusal(.followListFull, message, target: nil)))]
        case "AWAY":
            // away-notify: someone in a shared channel went away (with a reason) or came back.
            guard let who = message.sourceNick else { return [] }
            return [.emit(.away(nick: clean(who), reason: message.parameter(0).map(clean)))]
        case "INVITE":
            guard let invited = message.parameter(0), let channel = message.parameter(1), let by = message.sourceNick
            else { return [] }
            return [
                .emit(
                    .invited(
                        channel: clean(channel), nick: clean(invited), by: clean(by),
                        isSelf: caseMapping.equal(invited, session.nick)))
            ]
        case "432", "433", "436": return receivedNickInUse(message)
        case "JOIN": return receivedJoin(message)
        case "PART": return receivedPart(message)
        case "KICK":
            guard let channel = message.parameter(0), let kicked = message.parameter(1) else { return [] }
            let isSelf = caseMapping.equal(kicked, session.nick)
            if isSelf {
                session.joinedChannels.remove(caseMapping.fold(channel))
                // Thrown out is not to be walked back into on the next connection: /join goes back.
                wantedChannels.removeAll { caseMapping.equal($0, channel) }
            }
            return [
                .emit(
                    .kicked(
                        channel: clean(channel), nick: clean(kicked), by: clean(message.sourceNick ?? "the server"),
                        reason: clean(message.parameter(2) ?? ""), isSelf: isSelf))
            ]
        case "MODE":
            // A channel's modes; our own user modes are not news.
            guard let channel = message.parameter(0), Self.isChannelName(channel), message.parameters.count > 1 else {
                return []
            }
            let change = message.parameters.dropFirst().joined(separator: " ")
            return [
                .emit(
                    .modeChanged(
                        channel: clean(channel), change: clean(change), by: clean(message.sourceNick ?? "the server")))
            ]
        case "311", "312", "313", "301", "317", "319", "330", "338", "671", "276":
            return receivedWhoisLine(message)
        case "318":
            guard let who = message.parameter(1) else { return [] }
            let key = caseMapping.fold(who)
            guard let facts = session.pendingWhois.removeValue(forKey: key) else { return [] }
            return [.emit(.whois(nick: clean(who), facts: facts))]
        case "401", "402":
            // No such nick or server: an answer to WHOIS, or to a message that went nowhere.
            guard let who = message.parameter(1) else { return [] }
            if session.pendingWhois.removeValue(forKey: caseMapping.fold(who)) != nil {
                return [.emit(.whois(nick: clean(who), facts: [.notOnServer]))]
            }
            refusedTyping(to: who)
            return [.emit(.refused(refusal(message.command == "401" ? .noSuchNick : .noSuchServer, message)))]
        case "WARN", "NOTE":
            return [.emit(.note(clean(message.parameters.last ?? ""), isWarning: message.command == "WARN"))]
        case "QUIT":
            guard let who = message.sourceNick else { return [] }
            return [.emit(.quit(nick: clean(who), reason: clean(message.parameter(0) ?? "")))]
        case "NICK": return receivedNick(message)
        case "TOPIC":
            guard let channel = message.parameter(0) else { return [] }
            return [
                .emit(
                    .topic(
                        channel: clean(channel), topic: clean(message.parameter(1) ?? ""),
                        setBy: message.sourceNick.map(clean)))
            ]
        case "332":
            guard let channel = message.parameter(1) else { return [] }
            return [.emit(.topic(channel: clean(channel), topic: clean(message.parameter(2) ?? ""), setBy: nil))]
        case "353":
            guard message.parameters.count >= 4 else { return [] }
            let key = caseMapping.fold(message.parameters[2])
            for entry in message.parameters[3].split(separator: " ") {
                let prefix = String(entry.prefix(while: { session.memberPrefixes.contains($0) }))
                // userhost-in-names: `@kim!k@host`; the nick is what comes before `!`.
                let nick = clean(String(entry.dropFirst(prefix.count).prefix { $0 != "!" }))
                session.pendingNames[key, default: []].append(nick)
                if !prefix.isEmpty { session.pendingRanks[key, default: [:]][nick] = prefix }
            }
            return []
        case "366":
            guard let channel = message.parameter(1) else { return [] }
            let key = caseMapping.fold(channel)
            let nicks = session.pendingNames.removeValue(forKey: key) ?? []
            let ranks = session.pendingRanks.removeValue(forKey: key) ?? [:]
            return [
                .emit(.memberRanks(channel: clean(channel), ranks: ranks)),
                .emit(.members(channel: clean(channel), nicks: nicks)),
            ] + accountsRequest(channel)
        case "354", "315": return receivedWho(message)
        case "ACCOUNT": return receivedAccount(message)
        case "BATCH":
            guard let reference = message.parameter(0), reference.count > 1 else { return [] }
            let id = String(reference.dropFirst())
            if reference.hasPrefix("+") {
                session.batches[id] = message.parameter(1) ?? ""
                if message.parameter(1) == Self.multilineBatch, message.parameter(2) != nil {
                    if session.multiline.count >= Self.multilineBatchesAtMost,
                        let oldest = session.multiline.min(by: { $0.value.order < $1.value.order })?.key
                    {
                        session.multiline.removeValue(forKey: oldest)
                    }
                    session.batchCount += 1
                    session.multiline[id] = MultilineBatch(open: message, order: session.batchCount)
                    return []
                }
                if Self.historyBatches.contains(message.parameter(1) ?? ""), let target = message.parameter(2) {
                    session.openHistory[id] = (caseMapping.fold(target), 0)
                    if let before = session.olderRequests[caseMapping.fold(target)] {
                        session.olderBatches[id] = before
                    }
                }
                return []
            }
            let type = session.batches.removeValue(forKey: id)
            if session.multiline[id] != nil { return multilineEnded(id, now: now) }
            if type == "draft/chathistory-targets" {
                session.historyOutstanding.remove(Self.targetsKey)
                return releaseSync()
            }
            return historyBatchEnded(id)
        case "PRIVMSG", "NOTICE": return receivedMessage(message, now: now)
        case "TAGMSG": return receivedTagMessage(message)
        case "ERROR":
            // The server closes the connection after it ("Closing link: …"): the lost
            // connection is said once, in words, when it closes.
            return []
        case "MARKREAD":
            return receivedReadMarker(message)
        case "CHATHISTORY":
            return receivedTarget(message)
        case "FAIL":
            // FAIL <command> <code> [<context>…] :<description>
            let command = message.parameter(0) ?? ""
            // A read marker the server would not keep is nothing the listener asked for.
            if command == "MARKREAD" { return [] }
            // History it would not give: the sync point does not wait for it.
            var released: [Action] = []
            if command == "CHATHISTORY" {
                session.historyOutstanding.removeAll()
                session.olderRequests.removeAll()
                released = releaseSync()
            }
            let code = message.parameter(1) ?? ""
            let context = message.parameters.count > 3 ? message.parameter(2).map(clean) : nil
            return released + [
                .emit(
                    .refused(
                        IRCRefusal(
                            .standardReply(.failure, command: clean(command), code: clean(code)), target: context,
                            serverText: clean(message.parameters.last ?? ""))))
            ]
        case "403", "404", "405", "442", "471", "473", "474", "475", "476", "477", "482", "489":
            guard let reason = Self.channelRefusals[message.command] else { return [] }
            if let channel = message.parameter(1) { refusedTyping(to: channel) }
            // A refused typing notice: no more go there, and the listener hears nothing of it.
            if message.tags["label"] == Self.typingLabel { return [] }
            return [.emit(.refused(refusal(reason, message)))]
        case "421":
            return [.emit(.refused(refusal(.unknownCommand(clean(message.parameter(1) ?? "")), message)))]
        case "437":
            return [.emit(.refused(refusal(.temporarilyUnavailable, message)))]
        case "441", "443":
            // <nick> <channel>: the refusal is about the channel, and names the nick.
            let nick = clean(message.parameter(1) ?? "")
            let reason: IRCRefusal.Reason =
                message.command == "441" ? .theyAreNotOnChannel(nick: nick) : .alreadyOnChannel(nick: nick)
            return [
                .emit(.refused(IRCRefusal(reason, target: message.parameter(2).map(clean), serverText: text(message))))
            ]
        case "472":
            return [.emit(.refused(refusal(.unknownMode(clean(message.parameter(1) ?? "")), message, target: nil)))]
        default:
            return []
        }
    }
}
