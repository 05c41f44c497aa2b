import Foundation

/// Joins, parts and nick changes.
extension IRCConnection {
    // MARK: Channel events

    mutating func receivedJoin(_ message: IRCMessage) -> [Action] {
        guard let channel = message.parameter(0), let who = message.sourceNick else { return [] }
        let isSelf = caseMapping.equal(who, session.nick)
        if isSelf {
            session.joinedChannels.insert(caseMapping.fold(channel))
            session.typingRefused.remove(caseMapping.fold(channel))
        }
        return [.emit(.joined(channel: clean(channel), nick: clean(who), isSelf: isSelf))] + joinedAccount(message)
    }

    mutating func receivedPart(_ message: IRCMessage) -> [Action] {
        guard let channel = message.parameter(0), let who = message.sourceNick else { return [] }
        let isSelf = caseMapping.equal(who, session.nick)
        if isSelf {
            session.joinedChannels.remove(caseMapping.fold(channel))
            _ = session.typingThrottle.stopped(in: channel, names: caseMapping)
        }
        return [
            .emit(
                .parted(
                    channel: clean(channel), nick: clean(who), isSelf: isSelf, reason: clean(message.parameter(1) ?? "")
                ))
        ]
    }

    mutating func receivedNick(_ message: IRCMessage) -> [Action] {
        guard let who = message.sourceNick, let newNick = message.parameter(0) else { return [] }
        let isSelf = caseMapping.equal(who, session.nick)
        if isSelf { session.nick = newNick }
        return [.emit(.nickChanged(from: clean(who), to: clean(newNick), isSelf: isSelf))]
    }
}
