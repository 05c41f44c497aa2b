import Foundation

/// The newest message known of a channel: what history is fetched after.
public struct HistoryAnchor: Hashable, Sendable {
    public var msgid: String?
    public var time: Date?

    public init(msgid: String?, time: Date?) {
        self.msgid = msgid
        self.time = time
    }
}

/// History from the server (IRCv3 `draft/chathistory`): on joining, what was missed since the
/// newest message known (``IRCConnection/historyAnchors``) is asked for (`AFTER` it, or the
/// `LATEST` page when nothing is known), page after page while pages come full.
///
/// ```swift
/// connection.historyAnchors["#a"] = HistoryAnchor(msgid: "m41", time: nil)
/// connection.join("#a")  // JOIN #a, CHATHISTORY AFTER #a msgid=m41 100
/// ```
extension IRCConnection {
    /// Lines asked for in one request.
    public static let historyPage = 100
    /// Pages fetched for one channel in one connection at most (a long absence is summed up,
    /// not replayed without end).
    public static let historyPagesAtMost = 10

    /// The request for what `channel` missed, when the server keeps history.
    func historyRequest(_ channel: String) -> [Action] {
        guard session.capabilities.contains(.chathistory) else { return [] }
        let key = IRCCaseMapping.fold(channel)
        let page = String(Self.historyPage)
        if let anchor = historyAnchors[key] {
            if let msgid = anchor.msgid {
                return [.send(IRCMessage(command: "CHATHISTORY", ["AFTER", channel, "msgid=" + msgid, page]))]
            }
            if let time = anchor.time {
                return [
                    .send(
                        IRCMessage(
                            command: "CHATHISTORY", ["AFTER", channel, "timestamp=" + ServerTime.format(time), page]))
                ]
            }
        }
        return [.send(IRCMessage(command: "CHATHISTORY", ["LATEST", channel, "*", page]))]
    }

    /// Lines asked for when reviewing back past the oldest stored message.
    public static let olderPage = 50

    /// Whether the server gives history on request.
    public var fetchesHistory: Bool { session.capabilities.contains(.chathistory) && state == .registered }

    /// The page before `anchor` in `target`, for a review that went past the oldest stored
    /// message; answered by ``IRCEvent/olderHistory(target:count:)``. Nothing where the server
    /// keeps no history, or while the same page is being fetched.
    public mutating func fetchOlder(_ target: String, before anchor: HistoryAnchor) -> [Action] {
        let key = IRCCaseMapping.fold(target)
        guard fetchesHistory, session.olderRequests[key] == nil else { return [] }
        let bound: String
        if let msgid = anchor.msgid {
            bound = "msgid=" + msgid
        } else if let time = anchor.time {
            bound = "timestamp=" + ServerTime.format(time)
        } else {
            return []
        }
        session.olderRequests[key] = anchor.time ?? .distantFuture
        return [.send(IRCMessage(command: "CHATHISTORY", ["BEFORE", target, bound, String(Self.olderPage)]))]
    }

    /// The conversations with something said since `since` (`CHATHISTORY TARGETS`): each
    /// direct one's history is then fetched as a channel's is, so a message sent while away
    /// to the user alone is found.
    func targetsRequest(since: Date, now: Date) -> [Action] {
        guard session.capabilities.contains(.chathistory) else { return [] }
        return [
            .send(
                IRCMessage(
                    command: "CHATHISTORY",
                    [
                        "TARGETS", "timestamp=" + ServerTime.format(since),
                        "timestamp=" + ServerTime.format(now.addingTimeInterval(60)), "50",
                    ]))
        ]
    }

    /// `CHATHISTORY TARGETS <target> <timestamp>`: a direct conversation's history is asked for.
    mutating func receivedTarget(_ message: IRCMessage) -> [Action] {
        guard message.parameter(0) == "TARGETS", let target = message.parameter(1), !Self.isChannelName(target),
            Sanitizer.identifier(target) == target, !IRCCaseMapping.equal(target, session.nick)
        else { return [] }
        let key = IRCCaseMapping.fold(target)
        guard session.historyPages[key] == nil else { return [] }
        session.historyPages[key] = 0
        return historyRequest(target)
    }

    /// A message of `channel` went by: the newest known moves to it, if it is newer.
    mutating func noteNewest(in channel: String, msgid: String?, time: Date?) {
        guard msgid != nil || time != nil else { return }
        let key = IRCCaseMapping.fold(channel)
        if let known = historyAnchors[key]?.time, let time, time < known { return }
        historyAnchors[key] = HistoryAnchor(msgid: Sanitizer.identifier(msgid), time: time)
    }

    /// A history batch closed: a full page means more may wait, so the next is asked for.
    mutating func historyBatchEnded(_ id: String) -> [Action] {
        guard let (channel, count) = session.openHistory.removeValue(forKey: id) else { return [] }
        if session.olderBatches.removeValue(forKey: id) != nil {
            session.olderRequests.removeValue(forKey: channel)
            return [.emit(.olderHistory(target: channel, count: count))]
        }
        let pages = (session.historyPages[channel] ?? 0) + 1
        session.historyPages[channel] = pages
        guard count >= Self.historyPage, pages < Self.historyPagesAtMost,
            let name = wantedChannelName(channel)
        else { return [] }
        return historyRequest(name)
    }

    /// The channel's name as it was asked for, from its folded form.
    func wantedChannelName(_ folded: String) -> String? {
        channels.first { IRCCaseMapping.fold($0) == folded }
    }
}
