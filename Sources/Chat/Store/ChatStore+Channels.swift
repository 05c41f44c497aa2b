import Foundation
import GRDB
import IRC

extension ChatStore {
    /// The network called `name`, created with these details if new (details of an existing
    /// one are updated when given).
    @_spi(StoreWriting)
    public func network(
        named name: String, host: String = "", port: Int = 6697, usesTLS: Bool = true, nick: String = ""
    )
        throws -> ChatNetwork
    {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO network(name, host, port, tls, nick) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(name) DO UPDATE SET host = excluded.host, port = excluded.port,
                        tls = excluded.tls, nick = CASE WHEN excluded.nick = '' THEN nick ELSE excluded.nick END
                    """, arguments: [name, host, port, usesTLS, nick])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM network WHERE name = ?", arguments: [name]) else {
                throw ChatError(.store(.saveNetwork(name), .database("no row")))
            }
            return Self.network(row)
        }
    }

    /// The newest message stored of each channel and direct conversation of `network` (by
    /// folded name), what history from the server is fetched after.
    public func historyAnchors(network: Int64) throws -> [String: HistoryAnchor] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT c.folded AS folded, m.msgid AS msgid, m.time AS time FROM channel c
                    JOIN message m ON m.id = (
                        SELECT id FROM message WHERE channelID = c.id AND pending = 0 ORDER BY time DESC, id DESC LIMIT 1)
                    WHERE c.networkID = ?
                    """, arguments: [network])
            var anchors: [String: HistoryAnchor] = [:]
            for row in rows {
                let milliseconds: Int64 = row["time"]
                anchors[row["folded"]] = HistoryAnchor(
                    msgid: row["msgid"], time: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            }
            return anchors
        }
    }

    /// All networks, in creation order.
    public func networks() throws -> [ChatNetwork] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM network ORDER BY id").map(Self.network) }
    }

    /// The channel (or direct conversation) `name` on `network`, created if new.
    @_spi(StoreWriting)
    public func channel(named name: String, network: Int64, isDirect: Bool = false) throws -> ChatChannel {
        try write { db in try Self.channel(named: name, network: network, isDirect: isDirect, db: db) }
    }

    static func channel(named name: String, network: Int64, isDirect: Bool, db: Database) throws -> ChatChannel {
        let folded = try caseMapping(network: network, db: db).fold(name)
        if let row = try Row.fetchOne(
            db, sql: "SELECT * FROM channel WHERE networkID = ? AND folded = ?", arguments: [network, folded])
        {
            return channel(row)
        }
        try db.execute(
            sql: "INSERT INTO channel(networkID, name, folded, isDirect) VALUES (?, ?, ?, ?)",
            arguments: [network, name, folded, isDirect])
        return ChatChannel(id: db.lastInsertedRowID, networkID: network, name: name, isDirect: isDirect)
    }

    /// Channels and direct conversations of `network`, channels first, by name.
    public func channels(network: Int64) throws -> [ChatChannel] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM channel WHERE networkID = ? ORDER BY isDirect, folded", arguments: [network]
            ).map(Self.channel)
        }
    }

    /// The channel with row id `id`.
    public func channel(id: Int64) throws -> ChatChannel? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM channel WHERE id = ?", arguments: [id]).map(Self.channel)
        }
    }

    /// Sets the topic of a channel.
    @_spi(StoreWriting)
    public func setTopic(_ topic: String, channel: Int64) throws {
        try write { db in try db.execute(sql: "UPDATE channel SET topic = ? WHERE id = ?", arguments: [topic, channel])
        }
    }

    /// Replaces the member list of a channel.
    @_spi(StoreWriting)
    public func setMembers(_ members: [String], channel: Int64) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE channel SET members = ? WHERE id = ?",
                arguments: [members.joined(separator: " "), channel])
        }
    }

    /// Adds or removes one member.
    @_spi(StoreWriting)
    public func updateMember(_ nick: String, present: Bool, channel: Int64) throws {
        try write { db in
            let current =
                try String.fetchOne(db, sql: "SELECT members FROM channel WHERE id = ?", arguments: [channel]) ?? ""
            let names = try Self.caseMapping(channel: channel, db: db)
            var members = current.split(separator: " ").map(String.init).filter { !names.equal($0, nick) }
            if present { members.append(nick) }
            try db.execute(
                sql: "UPDATE channel SET members = ? WHERE id = ?",
                arguments: [members.joined(separator: " "), channel])
        }
    }

    /// `old` is now called `new` on `network`: every channel that lists `old` lists `new` in
    /// its place (so Tab completes the name in use), and a direct conversation with `old`
    /// becomes the conversation with `new`, its history kept, unless `new` has one already.
    /// Returns that conversation when it was renamed.
    @discardableResult
    @_spi(StoreWriting)
    public func renameNick(_ old: String, to new: String, network: Int64) throws -> ChatChannel? {
        try write { db in
            let names = try Self.caseMapping(network: network, db: db)
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, members FROM channel WHERE networkID = ?", arguments: [network])
            for row in rows {
                let members = (row["members"] as String? ?? "").split(separator: " ").map(String.init)
                guard members.contains(where: { names.equal($0, old) }) else { continue }
                let renamed = members.filter { !names.equal($0, new) }.map { names.equal($0, old) ? new : $0 }
                try db.execute(
                    sql: "UPDATE channel SET members = ? WHERE id = ?",
                    arguments: [renamed.joined(separator: " "), row["id"] as Int64])
            }
            let (oldFolded, newFolded) = (names.fold(old), names.fold(new))
            guard
                let direct = try Row.fetchOne(
                    db, sql: "SELECT * FROM channel WHERE networkID = ? AND folded = ? AND isDirect",
                    arguments: [network, oldFolded])
            else { return nil }
            if oldFolded != newFolded {
                let taken = try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM channel WHERE networkID = ? AND folded = ?",
                    arguments: [network, newFolded])
                if taken == true { return nil }
            }
            let id: Int64 = direct["id"]
            try db.execute(
                sql: "UPDATE channel SET name = ?, folded = ? WHERE id = ?", arguments: [new, newFolded, id])
            return try Row.fetchOne(db, sql: "SELECT * FROM channel WHERE id = ?", arguments: [id]).map(Self.channel)
        }
    }

    /// Mutes or unmutes a channel.
    @_spi(StoreWriting)
    public func setMuted(_ muted: Bool, channel: Int64) throws {
        try write { db in try db.execute(sql: "UPDATE channel SET muted = ? WHERE id = ?", arguments: [muted, channel])
        }
    }

    /// Saves the composer's draft for a channel ("" clears it).
    @_spi(StoreWriting)
    public func saveDraft(_ draft: String, channel: Int64) throws {
        try write { db in try db.execute(sql: "UPDATE channel SET draft = ? WHERE id = ?", arguments: [draft, channel])
        }
    }

    /// We are in `channel` (our own JOIN) at `time`: the first time is kept, so that what a
    /// replay brings from after it counts as news even before the channel has a read marker.
    @_spi(StoreWriting)
    public func markPresent(channel: Int64, at time: Date) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE channel SET presentSince = ? WHERE id = ? AND presentSince IS NULL",
                arguments: [Int64((time.timeIntervalSince1970 * 1000).rounded()), channel])
        }
    }

    /// Whether `channel` is joined again on the next start: yes once the user joined it (/join),
    /// no once they leave it or are thrown out.
    @_spi(StoreWriting)
    public func setRejoins(_ rejoins: Bool, channel: Int64) throws {
        try write { db in
            try db.execute(sql: "UPDATE channel SET rejoins = ? WHERE id = ?", arguments: [rejoins, channel])
        }
    }

    /// The channels of `network` the user joined last time and did not leave.
    public func channelsToRejoin(network: Int64) throws -> [String] {
        try read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM channel WHERE networkID = ? AND rejoins = 1 ORDER BY folded",
                arguments: [network])
        }
    }

    /// Sets the read marker at `messageID` (forward or back) with the count still unread after it.
    @_spi(StoreWriting)
    public func setReadMarker(channel: Int64, at messageID: Int64, unread: Int) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE channel SET lastReadMessageID = ?, unread = ? WHERE id = ?",
                arguments: [messageID, max(0, unread), channel])
        }
    }

    /// `messageID` was heard in full ahead of the read marker: read, with the count still
    /// unread in its channel.
    @_spi(StoreWriting)
    public func markHeard(_ messageID: Int64, channel: Int64, unread: Int) throws {
        try write { db in
            try db.execute(sql: "UPDATE message SET heard = 1 WHERE id = ?", arguments: [messageID])
            try db.execute(sql: "UPDATE channel SET unread = ? WHERE id = ?", arguments: [max(0, unread), channel])
        }
    }

    /// The server says `channel` was read up to `time` (on this client or another of the
    /// account): kept, so what history brings from before it is not news, and the read marker
    /// moves forward to the newest stored message not after it (unless ours is at that very
    /// time already). Returns where the marker now is
    /// and what is still unread (others' lines after it), or nil when it did not move.
    @_spi(StoreWriting)
    public func markReadElsewhere(
        channel: Int64, at time: Date, ownNick: String
    ) throws -> (upTo: Int64, unread: Int)? {
        let milliseconds = Int64((time.timeIntervalSince1970 * 1000).rounded(.down))
        return try write { db in
            try db.execute(
                sql: "UPDATE channel SET readElsewhere = max(coalesce(readElsewhere, 0), ?) WHERE id = ?",
                arguments: [milliseconds, channel])
            let current =
                try Int64.fetchOne(
                    db, sql: "SELECT coalesce(lastReadMessageID, 0) FROM channel WHERE id = ?", arguments: [channel])
                ?? 0
            // The server's marker is a time, and lines of one burst can share a millisecond: a
            // marker at the time of the line ours is at (our own MARKREAD answered) leaves the
            // lines beside it that share its time unread.
            let currentTime = try Int64.fetchOne(
                db, sql: "SELECT time FROM message WHERE id = ?", arguments: [current])
            guard currentTime != milliseconds,
                let newest = try Int64.fetchOne(
                    db, sql: "SELECT max(id) FROM message WHERE channelID = ? AND time <= ?",
                    arguments: [channel, milliseconds]),
                newest > current
            else { return nil }
            let unread =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM message WHERE channelID = ? AND id > ? AND kind != ?
                        AND lower(author) != lower(?)
                        """,
                    arguments: [channel, newest, MessageKind.system.rawValue, ownNick]) ?? 0
            try db.execute(
                sql: "UPDATE channel SET lastReadMessageID = ?, unread = ? WHERE id = ?",
                arguments: [newest, unread, channel])
            return (newest, unread)
        }
    }

    /// When the message the channel's read marker is at was said, if it has one.
    public func readMarkerTime(channel: Int64) throws -> Date? {
        try read { db in
            try Int64.fetchOne(
                db, sql: "SELECT m.time FROM channel c JOIN message m ON m.id = c.lastReadMessageID WHERE c.id = ?",
                arguments: [channel]
            ).map { Date(timeIntervalSince1970: Double($0) / 1000) }
        }
    }

    static func network(_ row: Row) -> ChatNetwork {
        var network = ChatNetwork(
            id: row["id"], name: row["name"], host: row["host"], port: row["port"], usesTLS: row["tls"],
            nick: row["nick"])
        network.caseMapping = (row["caseMapping"] as String?).flatMap(IRCCaseMapping.init(rawValue:)) ?? .rfc1459
        return network
    }

    static func channel(_ row: Row) -> ChatChannel {
        let members: String = row["members"]
        return ChatChannel(
            id: row["id"], networkID: row["networkID"], name: row["name"], topic: row["topic"],
            // Split as bytes: a channel of 500 is read on every refresh of every channel list.
            members: members.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) },
            unread: row["unread"],
            lastReadMessageID: row["lastReadMessageID"], muted: row["muted"], isDirect: row["isDirect"],
            draft: row["draft"])
    }
}

extension ChatStore {
    /// How `network` compares names (RFC 1459's until its server names another).
    public func caseMapping(network: Int64) throws -> IRCCaseMapping {
        try read { db in try Self.caseMapping(network: network, db: db) }
    }

    /// The server of `network` named how it compares names: kept, and every channel and
    /// conversation folded again by it, so each is found by the name the server means. (Where
    /// two stored names become one, the older keeps the name; the other keeps its old key.)
    @_spi(StoreWriting)
    public func setCaseMapping(_ mapping: IRCCaseMapping, network: Int64) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE network SET caseMapping = ? WHERE id = ?", arguments: [mapping.rawValue, network])
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, name FROM channel WHERE networkID = ? ORDER BY id", arguments: [network])
            for row in rows {
                try db.execute(
                    sql: "UPDATE OR IGNORE channel SET folded = ? WHERE id = ?",
                    arguments: [mapping.fold(row["name"] as String), row["id"] as Int64])
            }
        }
    }

    static func caseMapping(network: Int64, db: Database) throws -> IRCCaseMapping {
        let named = try String.fetchOne(db, sql: "SELECT caseMapping FROM network WHERE id = ?", arguments: [network])
        return named.flatMap(IRCCaseMapping.init(rawValue:)) ?? .rfc1459
    }

    static func caseMapping(channel: Int64, db: Database) throws -> IRCCaseMapping {
        let named = try String.fetchOne(
            db, sql: "SELECT n.caseMapping FROM channel c JOIN network n ON n.id = c.networkID WHERE c.id = ?",
            arguments: [channel])
        return named.flatMap(IRCCaseMapping.init(rawValue:)) ?? .rfc1459
    }
}
