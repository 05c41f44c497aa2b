import Foundation
import IRC
import NIOCore
import NIOPosix
import NIOSSL

/// Lines from the server through the connection machine into chat events and the store, and
/// what the machine asks to send back.
extension IRCClient {
    // MARK: Incoming

    func handle(_ batch: [[UInt8]]) {
        let now = Date()
        for bytes in batch {
            guard let message = IRCMessage(parsing: bytes) else { continue }
            for action in connection.received(message, now: now) {
                switch action {
                case .send(let line):
                    do {
                        try write(line)
                    } catch {
                        emit(.error(ChatError(.notSendable(error.code))))
                    }
                case .emit(let event): apply(event, now: now)
                }
            }
            if connection.isRefused { break }
        }
        flushBuffered()
        channel?.flush()
        if connection.isRefused { channel?.close(promise: nil) }
    }

    func apply(_ event: IRCEvent, now: Date) {
        if case .message(let incoming) = event, !(incoming.isEcho && !incoming.isHistory) {
            do {
                let channelID = try channelID(for: incoming.channel, isDirect: incoming.isDirect)
                buffered.append(
                    NewMessage(
                        channelID: channelID, msgid: incoming.msgid, author: incoming.author, text: incoming.text,
                        time: incoming.time ?? now, kind: incoming.kind, replyTo: incoming.replyTo,
                        // Replayed history is history: stored, not news, not unread.
                        countsAsUnread: !incoming.isEcho && !incoming.isHistory, isReplay: incoming.isHistory))
            } catch {
                report(error)
            }
            return
        }
        flushBuffered()
        do {
            switch event {
            case .message(let echo):
                try receivedEcho(echo, now: now)
            case .registered:
                emit(.server(event, channelID: nil))
            case .synced:
                try carryOut(
                    outbox.synced(
                        stored: store.pendingMessages(network: network.id).map(\.outboxLine),
                        reactions: store.pendingReactions(network: network.id),
                        echoes: connection.capabilities.contains(.echoMessage),
                        messageTags: connection.capabilities.contains(.messageTags)))
                emit(.server(event, channelID: nil))
            case .joined(let name, let nick, let isSelf):
                let id = try channelID(for: name, isDirect: false)
                try store.updateMember(nick, present: true, channel: id)
                if isSelf {
                    try store.markPresent(channel: id, at: now)
                    // Joined with /join (not from the settings): joined again on the next start.
                    if !server.channels.contains(where: { connection.caseMapping.equal($0, name) }) {
                        try store.setRejoins(true, channel: id)
                    }
                }
                emit(.server(event, channelID: id))
            case .parted(let name, let nick, let isSelf, _):
                let id = try channelID(for: name, isDirect: false)
                try store.updateMember(nick, present: false, channel: id)
                if isSelf { try store.setRejoins(false, channel: id) }
                emit(.server(event, channelID: id))
            case .quit(let nick, _):
                for id in channelIDs.values { try store.updateMember(nick, present: false, channel: id) }
                emit(.server(event, channelID: nil))
            case .nickChanged(let from, let to, _):
                if let renamed = try store.renameNick(from, to: to, network: network.id) {
                    channelIDs[connection.caseMapping.fold(from)] = nil
                    channelIDs[connection.caseMapping.fold(to)] = renamed.id
                }
                emit(.server(event, channelID: nil))
            case .topic(let name, let topic, _):
                let id = try channelID(for: name, isDirect: false)
                try store.setTopic(topic, channel: id)
                emit(.server(event, channelID: id))
            case .members(let name, let nicks):
                let id = try channelID(for: name, isDirect: false)
                try store.setMembers(nicks, channel: id)
                emit(.server(event, channelID: id))
            case .memberRanks(let name, _), .modeChanged(let name, _, _):
                emit(.server(event, channelID: try channelID(for: name, isDirect: false)))
            case .kicked(let name, let nick, _, _, let isSelf):
                let id = try channelID(for: name, isDirect: false)
                try store.updateMember(nick, present: false, channel: id)
                if isSelf { try store.setRejoins(false, channel: id) }
                emit(.server(event, channelID: id))
            case .whois, .note, .authenticationFailed, .passwordRefused, .presence, .away, .accounts, .invited:
                emit(.server(event, channelID: nil))
            case .reaction(let reaction) where reaction.isRemoval:
                let id = try channelID(for: reaction.channel, isDirect: reaction.isDirect)
                try store.removeReaction(reaction.emoji, from: reaction.target, by: reaction.author, channel: id)
                emit(.reaction(channelID: id, target: reaction.target, emoji: reaction.emoji, author: reaction.author))
            case .reaction(let reaction):
                let id = try channelID(for: reaction.channel, isDirect: reaction.isDirect)
                if try store.addReaction(reaction.emoji, to: reaction.target, by: reaction.author, channel: id) {
                    emit(
                        .reaction(
                            channelID: id, target: reaction.target, emoji: reaction.emoji, author: reaction.author))
                    if let line = try reactedLine(reaction, channel: id) {
                        emit(.reactedToYours(line, emoji: reaction.emoji, author: reaction.author))
                    }
                }
            case .typing(let name, _, _):
                emit(.server(event, channelID: try channelID(for: name, isDirect: !IRCConnection.isChannelName(name))))
            case .secureConnectionRequired(let port):
                upgradeToTLS = port
                channel?.close(promise: nil)
            case .securityPolicy(let duration):
                policyDuration = duration > 0 ? duration : nil
                try store.setSecurityPolicy(host: server.host, port: endpoint.port, duration: duration)
            case .caseMapping(let mapping):
                // Names are compared as this server compares them from now on: the store's
                // channels are found by the new fold, and what was found by the old is asked again.
                try store.setCaseMapping(mapping, network: network.id)
                channelIDs = [:]
                connection.historyAnchors = try store.historyAnchors(network: network.id)
                emit(.server(event, channelID: nil))
            case .olderHistory(let target, let count):
                let id = try channelID(for: target, isDirect: !IRCConnection.isChannelName(target))
                emit(.olderHistory(channelID: id, count: count))
            case .readMarker(let target, let time):
                let id = try channelID(for: target, isDirect: !IRCConnection.isChannelName(target))
                if let moved = try store.markReadElsewhere(channel: id, at: time, ownNick: connection.nick) {
                    emit(.readElsewhere(channelID: id, upTo: moved.upTo, unread: moved.unread))
                } else if let ours = try store.readMarkerTime(channel: id), ours > time {
                    // Read here while the server did not know (offline, or before it kept
                    // markers): it learns ours, so the other clients do too.
                    try perform(connection.markRead(target, at: ours))
                }
            case .refused(let refusal):
                // A line of ours the server would not take is withdrawn: out of the outbox and
                // the history, never sent later; the app puts its words back in the field.
                if let label = refusal.label, let withdrawn = try store.withdraw(label: label) {
                    outbox.echoed(label: label)
                    emit(.lineRefused(refusal, withdrawn))
                } else {
                    emit(.server(event, channelID: nil))
                }
            }
        } catch {
            report(error)
        }
    }

    /// Our own message came back (echo-message): mark it delivered, or store it if another
    /// client of ours sent it.
    func receivedEcho(_ echo: IRCIncomingMessage, now: Date) throws {
        let id = try channelID(for: echo.channel, isDirect: echo.isDirect)
        var delivered: ChatMessage?
        if let label = echo.label {
            delivered = try store.markDelivered(label: label, msgid: echo.msgid)
            outbox.echoed(label: label)
        } else {
            delivered = try store.markDelivered(channel: id, text: echo.text, msgid: echo.msgid)
        }
        if let delivered {
            emit(.delivered(delivered))
            return
        }
        if echo.label != nil { return }  // labelled but already delivered (replay came first)
        let result = try store.insert([
            NewMessage(
                channelID: id, msgid: echo.msgid, author: echo.author, text: echo.text, time: echo.time ?? now,
                kind: echo.kind, replyTo: echo.replyTo, countsAsUnread: false)
        ])
        if !result.inserted.isEmpty { emit(.messages(result.inserted)) }
    }

    func flushBuffered() {
        guard !buffered.isEmpty else { return }
        let batch = buffered
        buffered = []
        do {
            let result = try store.insert(batch, ownNick: connection.nick)
            for message in result.delivered { emit(.delivered(message)) }
            if !result.replayed.isEmpty { emit(.history(result.replayed, news: result.news)) }
            if !result.inserted.isEmpty { emit(.messages(try markingAnswers(result.inserted))) }
        } catch {
            report(error)
        }
    }

    /// `messages`, each that replies to a line of the user's marked ``ChatMessage/answersYou``.
    func markingAnswers(_ messages: [ChatMessage]) throws -> [ChatMessage] {
        try messages.map { message in
            guard let parent = message.replyTo,
                !connection.caseMapping.equal(message.author, connection.nick),
                let answered = try store.message(msgid: parent, channel: message.channelID),
                connection.caseMapping.equal(answered.author, connection.nick)
            else { return message }
            var marked = message
            marked.answersYou = true
            return marked
        }
    }

    /// Someone else reacted to a line of the user's: that line, for the news.
    func reactedLine(_ reaction: IRCReaction, channel: Int64) throws -> ChatMessage? {
        guard !reaction.isEcho, !connection.caseMapping.equal(reaction.author, connection.nick),
            let line = try store.message(msgid: reaction.target, channel: channel),
            connection.caseMapping.equal(line.author, connection.nick)
        else { return nil }
        return line
    }

    // MARK: Outgoing

    /// Carries out the actions in order; throws before any is carried out when one of the
    /// lines cannot be written.
    func perform(_ actions: [IRCConnection.Action]) throws(IRCSerializationError) {
        for case .send(let line) in actions { _ = try line.serialized() }
        for action in actions {
            switch action {
            case .send(let line): try write(line)
            case .emit(let event): apply(event, now: Date())
            }
        }
        channel?.flush()
    }

    /// Writes one line with CR LF; throws, writing nothing, when it cannot be written.
    func write(_ line: IRCMessage) throws(IRCSerializationError) {
        let text = try line.serialized()
        guard let channel else { return }
        var buffer = channel.allocator.buffer(capacity: 128)
        buffer.writeString(text)
        buffer.writeStaticString("\r\n")
        channel.write(buffer, promise: nil)
    }

    /// Throws unless `name` can be written as one middle parameter (a channel or nick).
    static func checkTarget(_ name: String) throws(IRCSerializationError) {
        _ = try IRCMessage(command: "PRIVMSG", [name, "x"]).serialized()
    }

    /// Throws when `line` cannot be written as it means.
    static func check(
        _ line: IRCMessage, maximumBytes: Int = IRCMessage.maximumLineBytes
    )
        throws(IRCSerializationError)
    {
        _ = try line.serialized(maximumBytes: maximumBytes)
    }

    // MARK: Helpers

    func channelID(for name: String, isDirect: Bool) throws -> Int64 {
        let key = connection.caseMapping.fold(name)
        if let id = channelIDs[key], forgotten.withLock({ $0.remove(id) }) == nil { return id }
        let channel = try store.channel(named: name, network: network.id, isDirect: isDirect)
        channelIDs[key] = channel.id
        // Before anything in it: the App learns the channel from here, never by asking the store.
        emit(.channel(channel))
        return channel.id
    }

    func emit(_ event: ChatEvent) {
        eventContinuation.yield(event)
    }

    func report(_ error: any Error) {
        if let chat = error as? ChatError { return emit(.error(chat)) }
        emit(.failed(FailureReason(error)))
    }
}
