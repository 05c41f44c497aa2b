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
    mutating func historyRequest(_ channel: String) -> [Action] {
        guard session.capabilities.contains(.chathistory) else { return [] }
        let key = caseMapping.fold(channel)
        session.historyOutstanding.insert(key)
        let page = String(Self.historyPage)
        if let anchor = historyAnchors[key] {
            if let msgid = anchor.msgid {
                session.historyFromTime[key] = anchor.time
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
        let key = caseMapping.fold(target)
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
    mutating func targetsRequest(since: Date, now: Date) -> [Action] {
        guard session.capabilities.contains(.chathistory) else { return [] }
        session.historyOutstanding.insert(Self.targetsKey)
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
            Sanitizer.identifier(target) == target, !caseMapping.equal(target, session.nick)
        else { return [] }
        let key = caseMapping.fold(target)
        guard session.historyPages[key] == nil else { return [] }
        session.historyPages[key] = 0
        return historyRequest(target)
    }

    /// A message of `channel` went by: the newest known moves to it, if it is newer.
    mutating func noteNewest(in channel: String, msgid: String?, time: Date?) {
        guard msgid != nil || time != nil else { return }
        let key = caseMapping.fold(channel)
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
        // Nothing after a msgid may be a server that does not know it (Ergo keeps history in
        // memory, and a restart forgets every msgid; it answers with an empty batch): asked
        // again from its time, once. What was stored already comes again and is not kept twice.
        if let time = session.historyFromTime.removeValue(forKey: channel), count == 0, pages == 1,
            let name = wantedChannelName(channel)
        {
            return [
                .send(
                    IRCMessage(
                        command: "CHATHISTORY",
                        ["AFTER", name, "timestamp=" + ServerTime.format(time), String(Self.historyPage)]))
            ]
        }
        guard count >= Self.historyPage, pages < Self.historyPagesAtMost,
            let name = wantedChannelName(channel)
        else {
            session.historyOutstanding.remove(channel)
            return releaseSync()
        }
        return historyRequest(name)
    }

    /// What stands for the TARGETS request among the outstanding ones.
    static let targetsKey = "\u{0}targets"

    /// The sync point waits for every page of history asked for (a page asked for after the
    /// sync PING would come after it, and be summed up apart, its count partial): "synced"
    /// once the last one has come. A server that never answers one is not waited for past
    /// ``syncWaitAtMost``.
    mutating func releaseSync(now: Date? = nil) -> [Action] {
        guard session.syncHeld != nil else { return [] }
        if let now, let held = session.syncHeld, now.timeIntervalSince(held) > Self.syncWaitAtMost {
            session.historyOutstanding.removeAll()
        }
        guard session.historyOutstanding.isEmpty else { return [] }
        session.syncHeld = nil
        session.isSynced = true
        return [.emit(.synced)]
    }

    /// How long the sync point waits for history asked for.
    static let syncWaitAtMost: TimeInterval = 15

    /// The channel's name as it was asked for, from its folded form.
    func wantedChannelName(_ folded: String) -> String? {
        channels.first { caseMapping.fold($0) == folded }
    }
}
