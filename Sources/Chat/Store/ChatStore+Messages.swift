import Foundation
import GRDB

extension ChatStore {
    /// Stores a batch of messages in one transaction, skipping ones already stored.
    ///
    /// A message is a duplicate when its channel already holds its `msgid`. Without a msgid,
    /// only a replay (``NewMessage/isReplay``) can be one: the same stored message coming back,
    /// matched by author, text and second (replays round times down to the second), counted,
    /// so a replay of two identical lines over one stored keeps the second. A line arriving
    /// live is never a duplicate: two identical lines someone sent in one second are both kept. When `ownNick` is given, a message from that nick whose text matches
    /// one of our pending messages in the channel marks that message delivered instead.
    ///
    /// A replayed message counts as unread only when it is newer than the channel's read
    /// marker (it came while the user was away), or, before a first marker, newer than when we
    /// were first in the channel (``markPresent(channel:at:)``); older history does not.
    @_spi(StoreWriting)
    public func insert(_ messages: [NewMessage], ownNick: String? = nil) throws -> InsertResult {
        try write { db in try Self.insert(messages, ownNick: ownNick, db: db) }
    }

    static func insert(_ messages: [NewMessage], ownNick: String?, db: Database) throws -> InsertResult {
        var result = InsertResult()
        let insertStatement = try db.cachedStatement(
            sql:
                "INSERT OR IGNORE INTO message(channelID, msgid, author, text, time, kind, replyTo) VALUES (?, ?, ?, ?, ?, ?, ?)"
        )
        let byMsgid = try db.cachedStatement(sql: "SELECT 1 FROM message WHERE channelID = ? AND msgid = ?")
        let bySecond = try db.cachedStatement(
            sql: "SELECT COUNT(*) FROM message WHERE channelID = ? AND time BETWEEN ? AND ? AND author = ? AND text = ?"
        )
        var unread: [Int64: Int] = [:]
        // How many of each (channel, second, author, text) this replay has carried so far.
        var replayed: [String: Int] = [:]
        var insertedHere: [String: Int] = [:]
        // How each channel's network compares names (asked once per channel of the batch).
        var names: [Int64: IRCCaseMapping] = [:]
        // The time of each channel's read marker: a replayed line after it is unread news
        // ("while you were away"), one before it, or with no marker yet, is history.
        let markerTime = try db.cachedStatement(
            sql: "SELECT m.time FROM channel c JOIN message m ON m.id = c.lastReadMessageID WHERE c.id = ?")
        // Read elsewhere (the server's read marker): a replayed line up to then is read.
        let readElsewhere = try db.cachedStatement(sql: "SELECT readElsewhere FROM channel WHERE id = ?")
        var readUntil: [Int64: Int64?] = [:]
        let presence = try db.cachedStatement(sql: "SELECT presentSince, isDirect FROM channel WHERE id = ?")
        var markers: [Int64: Int64?] = [:]
        var present: [Int64: Int64?] = [:]
        let latestInSecond = try db.cachedStatement(
            sql: "SELECT max(time) FROM message WHERE channelID = ? AND time BETWEEN ? AND ?")
        for message in messages {
            var time = milliseconds(message.time)
            if ownNick != nil, names[message.channelID] == nil {
                names[message.channelID] = try caseMapping(channel: message.channelID, db: db)
            }
            let isOwn = ownNick.map { (names[message.channelID] ?? .rfc1459).equal($0, message.author) } ?? false
            if let msgid = message.msgid {
                // Others' messages rely on the unique (channel, msgid) index below; ours are checked
                // first because they may stand for a pending message.
                if isOwn, try Bool.fetchOne(byMsgid, arguments: [message.channelID, msgid]) == true {
                    result.duplicates += 1
                    continue
                }
            } else if message.isReplay {
                let second = time - ((time % 1000) + 1000) % 1000
                let key = "\(message.channelID) \(second) \(message.author)\u{0} \(message.text)"
                replayed[key, default: 0] += 1
                let stored =
                    try Int.fetchOne(
                        bySecond, arguments: [message.channelID, second, second + 999, message.author, message.text])
                    ?? 0
                // What is stored includes what this batch inserted: compare with what came before.
                if replayed[key, default: 0] <= stored - insertedHere[key, default: 0] {
                    result.duplicates += 1
                    continue
                }
                insertedHere[key, default: 0] += 1
            }
            // A replay's time is whole seconds: a line not stored yet from a second that holds
            // stored lines came after them (it is one the user missed), so it goes after them.
            if message.isReplay, time % 1000 == 0,
                let latest = try Int64.fetchOne(latestInSecond, arguments: [message.channelID, time, time + 999]),
                latest >= time
            {
                time = min(latest + 1, time + 999)  // still its second, for a later replay to match
            }
            if isOwn,
                let delivered = try deliverMatching(
                    channel: message.channelID, text: message.text, msgid: message.msgid, db: db)
            {
                result.delivered.append(delivered)
                continue
            }
            insertStatement.setUncheckedArguments([
                message.channelID, message.msgid, message.author, message.text, time, message.kind.rawValue,
                message.replyTo,
            ])
            try insertStatement.execute()
            guard db.changesCount > 0 else {
                result.duplicates += 1
                continue
            }
            let id = db.lastInsertedRowID
            var counts = message.countsAsUnread
            if message.isReplay {
                if markers[message.channelID] == nil {
                    markers[message.channelID] = try Int64.fetchOne(markerTime, arguments: [message.channelID])
                }
                // Replays round times down to the second: a line of the marker's second that was
                // not stored already is one the user never had, so news too.
                if let marker = markers[message.channelID] ?? nil {
                    let markerSecond: Int64 = marker - ((marker % 1000) + 1000) % 1000
                    counts = time >= markerSecond
                } else {
                    // No marker yet: news if it came after we were first there; a direct
                    // message never read is news (it was written to the user).
                    if present[message.channelID] == nil {
                        let row = try Row.fetchOne(presence, arguments: [message.channelID])
                        let isDirect: Bool = row?["isDirect"] ?? false
                        present[message.channelID] = isDirect ? Int64.min : row?["presentSince"]
                    }
                    counts = (present[message.channelID] ?? nil).map { time > $0 } ?? false
                }
            }
            if message.isReplay, counts {
                if readUntil[message.channelID] == nil {
                    readUntil[message.channelID] = try Int64.fetchOne(readElsewhere, arguments: [message.channelID])
                }
                if let until = readUntil[message.channelID] ?? nil, time <= until { counts = false }
            }
            if counts {
                unread[message.channelID, default: 0] += 1
                if message.isReplay { result.news[message.channelID, default: 0] += 1 }
            } else if message.isReplay, unread[message.channelID, default: 0] == 0,
                try Int.fetchOne(db, sql: "SELECT unread FROM channel WHERE id = ?", arguments: [message.channelID])
                    == 0
            {
                // History before anything unread is read: the marker moves past it, so a
                // channel joined for the first time does not open on old lines as unread.
                try db.execute(
                    sql: "UPDATE channel SET lastReadMessageID = max(coalesce(lastReadMessageID, 0), ?) WHERE id = ?",
                    arguments: [id, message.channelID])
            }
            let stored = ChatMessage(
                id: id, channelID: message.channelID, msgid: message.msgid, author: message.author,
                text: ChatMessage.shown(message.text),
                time: Date(timeIntervalSince1970: Double(time) / 1000), kind: message.kind, replyTo: message.replyTo)
            if message.isReplay { result.replayed.append(stored) } else { result.inserted.append(stored) }
        }
        for (channel, count) in unread {
            try db.execute(sql: "UPDATE channel SET unread = unread + ? WHERE id = ?", arguments: [count, channel])
        }
        return result
    }

    /// How many messages the network's channels hold.
    public func messageCount(network: Int64) throws -> Int {
        try read { db in
            try Int.fetchOne(
                db,
                sql:
                    "SELECT count(*) FROM message JOIN channel ON channel.id = message.channelID WHERE channel.networkID = ?",
                arguments: [network]) ?? 0
        }
    }

    /// The newest `limit` messages of a channel, oldest first.
    public func newestPage(in channel: Int64, limit: Int = 50) throws -> [ChatMessage] {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM message WHERE channelID = ? ORDER BY time DESC, id DESC LIMIT ?",
                arguments: [channel, limit])
            return try Self.messages(rows.reversed(), channel: channel, db: db)
        }
    }

    /// The `limit` messages just before `message` (older), oldest first.
    public func page(in channel: Int64, before message: ChatMessage, limit: Int = 50) throws -> [ChatMessage] {
        try read { db in
            let time = Self.milliseconds(message.time)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM message WHERE channelID = ? AND (time < ? OR (time = ? AND id < ?))
                    ORDER BY time DESC, id DESC LIMIT ?
                    """, arguments: [channel, time, time, message.id, limit])
            return try Self.messages(rows.reversed(), channel: channel, db: db)
        }
    }

    /// The message with row id `id`.
    public func message(id: Int64) throws -> ChatMessage? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM message WHERE id = ?", arguments: [id]) else {
                return nil
            }
            return try Self.messages([row], channel: row["channelID"], db: db).first
        }
    }

    /// The message with `msgid` in a channel.
    public func message(msgid: String, channel: Int64) throws -> ChatMessage? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM message WHERE channelID = ? AND msgid = ?", arguments: [channel, msgid])
            else { return nil }
            return try Self.messages([row], channel: channel, db: db).first
        }
    }

    /// Replies to the message `msgid` (its thread, replies to its replies too), oldest first.
    public func replies(to msgid: String, channel: Int64) throws -> [ChatMessage] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    WITH RECURSIVE thread(msgid) AS (
                        SELECT ? UNION
                        SELECT m.msgid FROM message m JOIN thread t ON m.replyTo = t.msgid
                        WHERE m.channelID = ? AND m.msgid IS NOT NULL)
                    SELECT * FROM message WHERE channelID = ? AND replyTo IN (SELECT msgid FROM thread)
                    ORDER BY time, id
                    """,
                arguments: [msgid, channel, channel])
            return try Self.messages(rows, channel: channel, db: db)
        }
    }

    /// Number of messages in a channel.
    public func messageCount(channel: Int64) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM message WHERE channelID = ?", arguments: [channel]) ?? 0
        }
    }

    /// Records a reaction; returns false when it was already there.
    @discardableResult
    @_spi(StoreWriting)
    public func addReaction(_ emoji: String, to target: String, by author: String, channel: Int64) throws -> Bool {
        try write { db in
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO reaction(channelID, target, emoji, author, seq)
                    VALUES (?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM reaction WHERE channelID = ? AND target = ?))
                    """, arguments: [channel, target, emoji, author, channel, target])
            return db.changesCount > 0
        }
    }

    /// Removes a reaction.
    @_spi(StoreWriting)
    public func removeReaction(_ emoji: String, from target: String, by author: String, channel: Int64) throws {
        try write { db in
            try db.execute(
                sql: "DELETE FROM reaction WHERE channelID = ? AND target = ? AND emoji = ? AND author = ?",
                arguments: [channel, target, emoji, author])
        }
    }

    /// Full-text search over message text and authors (FTS5): the `limit` most recently stored
    /// matches, newest first.
    ///
    /// Each word of `query` must match (prefix match on the last one); FTS syntax in the query is
    /// treated as plain text.
    public func search(_ query: String, channel: Int64? = nil, limit: Int = 50) throws -> [ChatMessage] {
        let words = query.split(whereSeparator: { $0.isWhitespace }).map { word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        guard !words.isEmpty else { return [] }
        let pattern = words.joined(separator: " ") + "*"
        return try read { db in
            // In the index's own order, newest stored first, so LIMIT stops early instead of
            // sorting every match (a common word matches every message); the page is then put
            // in time order.
            var sql = """
                SELECT message.* FROM message_fts JOIN message ON message.id = message_fts.rowid
                WHERE message_fts MATCH ?
                """
            var arguments: StatementArguments = [pattern]
            if let channel {
                sql += " AND message.channelID = ?"
                arguments += [channel]
            }
            sql += " ORDER BY message_fts.rowid DESC LIMIT ?"
            arguments += [limit]
            let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
            let found = try rows.map { row in try Self.messages([row], channel: row["channelID"], db: db)[0] }
            return found.sorted { ($0.time, $0.id) > ($1.time, $1.id) }
        }
    }

    // MARK: Rows

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func messages(_ rows: [Row], channel: Int64, db: Database) throws -> [ChatMessage] {
        var messages = rows.map { row in
            var message = ChatMessage(
                id: row["id"], channelID: row["channelID"], msgid: row["msgid"], author: row["author"],
                text: ChatMessage.shown(row["text"]),
                time: Date(timeIntervalSince1970: Double(row["time"] as Int64) / 1000),
                kind: MessageKind(rawValue: row["kind"]) ?? .message, replyTo: row["replyTo"], edited: row["edited"],
                pending: row["pending"])
            message.heard = row["heard"] ?? false
            return message
        }
        let targets = messages.compactMap(\.msgid)
        guard !targets.isEmpty else { return messages }
        var reactions: [String: [String: [String]]] = [:]
        let placeholders = Array(repeating: "?", count: targets.count).joined(separator: ",")
        let reactionRows = try Row.fetchAll(
            db,
            sql:
                "SELECT target, emoji, author FROM reaction WHERE channelID = ? AND target IN (\(placeholders)) ORDER BY seq",
            arguments: StatementArguments([channel] + targets))
        for row in reactionRows {
            reactions[row["target"], default: [:]][row["emoji"], default: []].append(row["author"])
        }
        for index in messages.indices {
            if let msgid = messages[index].msgid, let found = reactions[msgid] { messages[index].reactions = found }
        }
        return messages
    }
}
