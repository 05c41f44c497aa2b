import Foundation
import GRDB

extension ChatStore {
    /// Writes a message the user is sending, as pending, before it goes out.
    ///
    /// Returns the outbox entry with a fresh `label`. Call ``markDelivered(label:msgid:)`` when
    /// the server echoes it.
    @_spi(StoreWriting)
    public func enqueue(
        _ text: String, kind: MessageKind = .message, replyTo: String? = nil, channel: Int64, author: String,
        time: Date = Date()
    ) throws -> PendingMessage {
        try write { db in
            let label = UUID().uuidString.lowercased()
            let milliseconds = Self.milliseconds(time)
            try db.execute(
                sql: """
                    INSERT INTO message(channelID, author, text, time, kind, replyTo, pending, label)
                    VALUES (?, ?, ?, ?, ?, ?, 1, ?)
                    """, arguments: [channel, author, text, milliseconds, kind.rawValue, replyTo, label])
            let id = db.lastInsertedRowID
            let target =
                try String.fetchOne(db, sql: "SELECT name FROM channel WHERE id = ?", arguments: [channel]) ?? ""
            return PendingMessage(
                message: ChatMessage(
                    id: id, channelID: channel, author: author, text: ChatMessage.shown(text),
                    time: Date(timeIntervalSince1970: Double(milliseconds) / 1000), kind: kind, replyTo: replyTo,
                    pending: true),
                label: label, target: target, attempts: 0, text: text)
        }
    }

    /// Notes that a pending message was written to a connection once more.
    @_spi(StoreWriting)
    public func markAttempted(_ messageID: Int64) throws {
        try write { db in
            try db.execute(sql: "UPDATE message SET attempts = attempts + 1 WHERE id = ?", arguments: [messageID])
        }
    }

    /// The server echoed our labelled message: it is delivered and gets the server's msgid.
    @discardableResult
    @_spi(StoreWriting)
    public func markDelivered(label: String, msgid: String?) throws -> ChatMessage? {
        try write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, channelID FROM message WHERE label = ? AND pending = 1", arguments: [label])
            else { return nil }
            return try Self.deliver(id: row["id"], channel: row["channelID"], msgid: msgid, db: db)
        }
    }

    /// The server refused our labelled message: it is taken out of the outbox and the history
    /// (it was never delivered, and must not go out later), and returned.
    @_spi(StoreWriting)
    public func withdraw(label: String) throws -> ChatMessage? {
        try write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM message WHERE label = ? AND pending = 1", arguments: [label]),
                let message = try Self.messages([row], channel: row["channelID"], db: db).first
            else { return nil }
            try db.execute(sql: "DELETE FROM message WHERE id = ?", arguments: [message.id])
            return message
        }
    }

    /// Forgets the direct conversation `id` if nothing is in it: a /msg to a nick the server
    /// does not know made it, and its line was withdrawn. Whether it did.
    @discardableResult
    @_spi(StoreWriting)
    public func forgetEmptyConversation(_ id: Int64) throws -> Bool {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT isDirect FROM channel WHERE id = ?", arguments: [id]) == true,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message WHERE channelID = ?", arguments: [id]) == 0
            else { return false }
            try db.execute(sql: "DELETE FROM channel WHERE id = ?", arguments: [id])
            return true
        }
    }

    /// The server echoed an unlabelled message of ours: the oldest pending one with that text
    /// in the channel is delivered.
    @discardableResult
    @_spi(StoreWriting)
    public func markDelivered(channel: Int64, text: String, msgid: String?) throws -> ChatMessage? {
        try write { db in try Self.deliverMatching(channel: channel, text: text, msgid: msgid, db: db) }
    }

    /// Outbox entries of `network`, oldest first.
    public func pendingMessages(network: Int64) throws -> [PendingMessage] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT message.*, channel.name AS target FROM message JOIN channel ON channel.id = message.channelID
                    WHERE message.pending = 1 AND channel.networkID = ? ORDER BY message.id
                    """, arguments: [network])
            return try rows.map { row in
                let message = try Self.messages([row], channel: row["channelID"], db: db)[0]
                return PendingMessage(
                    message: message, label: row["label"] ?? "", target: row["target"], attempts: row["attempts"],
                    text: row["text"])
            }
        }
    }

    static func deliverMatching(channel: Int64, text: String, msgid: String?, db: Database) throws -> ChatMessage? {
        guard
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM message WHERE pending = 1 AND channelID = ? AND text = ? ORDER BY id LIMIT 1",
                arguments: [channel, text])
        else { return nil }
        return try deliver(id: id, channel: channel, msgid: msgid, db: db)
    }

    static func deliver(id: Int64, channel: Int64, msgid: String?, db: Database) throws -> ChatMessage? {
        if let msgid,
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM message WHERE channelID = ? AND msgid = ? AND id != ?",
                arguments: [channel, msgid, id])
                == true
        {
            // The same message is stored already (it was replayed before its echo): drop the copy.
            try db.execute(sql: "DELETE FROM message WHERE id = ?", arguments: [id])
            return nil
        }
        try db.execute(
            sql: "UPDATE message SET pending = 0, msgid = coalesce(?, msgid) WHERE id = ?", arguments: [msgid, id])
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM message WHERE id = ?", arguments: [id]) else {
            return nil
        }
        return try messages([row], channel: channel, db: db).first
    }

    // MARK: Reactions made offline

    /// Keeps a reaction made while disconnected, to send on the next sync.
    @_spi(StoreWriting)
    public func enqueueReaction(_ emoji: String, to target: String, channel: Int64) throws {
        try write { db in
            try db.execute(
                sql: "INSERT INTO reaction_outbox(channelID, target, emoji) VALUES (?, ?, ?)",
                arguments: [channel, target, emoji])
        }
    }

    /// Reactions waiting to be sent on `network`, oldest first, with their channel's name.
    public func pendingReactions(network: Int64) throws -> [IRCOutbox.Reaction] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT reaction_outbox.*, channel.name AS channelName FROM reaction_outbox
                    JOIN channel ON channel.id = reaction_outbox.channelID
                    WHERE channel.networkID = ? ORDER BY reaction_outbox.id
                    """, arguments: [network]
            ).map {
                IRCOutbox.Reaction(id: $0["id"], emoji: $0["emoji"], msgid: $0["target"], target: $0["channelName"])
            }
        }
    }

    /// A reaction was sent (or refused aloud): it leaves the outbox.
    @_spi(StoreWriting)
    public func removePendingReaction(_ id: Int64) throws {
        try write { db in try db.execute(sql: "DELETE FROM reaction_outbox WHERE id = ?", arguments: [id]) }
    }
}
