import GRDB

extension ChatStore {
    /// Schema migrations, in order. Never edit a shipped migration: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE network (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE,
                        host TEXT NOT NULL DEFAULT '',
                        port INTEGER NOT NULL DEFAULT 6697,
                        tls INTEGER NOT NULL DEFAULT 1,
                        nick TEXT NOT NULL DEFAULT ''
                    );
                    CREATE TABLE channel (
                        id INTEGER PRIMARY KEY,
                        networkID INTEGER NOT NULL REFERENCES network(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        folded TEXT NOT NULL,
                        topic TEXT NOT NULL DEFAULT '',
                        members TEXT NOT NULL DEFAULT '',
                        unread INTEGER NOT NULL DEFAULT 0,
                        lastReadMessageID INTEGER,
                        muted INTEGER NOT NULL DEFAULT 0,
                        isDirect INTEGER NOT NULL DEFAULT 0,
                        draft TEXT NOT NULL DEFAULT '',
                        UNIQUE (networkID, folded)
                    );
                    CREATE TABLE message (
                        id INTEGER PRIMARY KEY,
                        channelID INTEGER NOT NULL REFERENCES channel(id) ON DELETE CASCADE,
                        msgid TEXT,
                        author TEXT NOT NULL,
                        text TEXT NOT NULL,
                        time INTEGER NOT NULL,
                        kind INTEGER NOT NULL DEFAULT 0,
                        replyTo TEXT,
                        edited INTEGER NOT NULL DEFAULT 0,
                        pending INTEGER NOT NULL DEFAULT 0,
                        label TEXT,
                        attempts INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX message_channel_time ON message(channelID, time, id);
                    CREATE UNIQUE INDEX message_msgid ON message(channelID, msgid) WHERE msgid IS NOT NULL;
                    CREATE UNIQUE INDEX message_label ON message(label) WHERE label IS NOT NULL;
                    CREATE INDEX message_pending ON message(pending) WHERE pending = 1;
                    CREATE INDEX message_reply ON message(channelID, replyTo) WHERE replyTo IS NOT NULL;
                    CREATE TABLE reaction (
                        channelID INTEGER NOT NULL REFERENCES channel(id) ON DELETE CASCADE,
                        target TEXT NOT NULL,
                        emoji TEXT NOT NULL,
                        author TEXT NOT NULL,
                        seq INTEGER NOT NULL,
                        PRIMARY KEY (channelID, target, emoji, author)
                    ) WITHOUT ROWID;
                    CREATE VIRTUAL TABLE message_fts USING fts5(
                        text, author, content='message', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
                    );
                    INSERT INTO message_fts(message_fts, rank) VALUES ('automerge', 8);
                    CREATE TRIGGER message_fts_insert AFTER INSERT ON message BEGIN
                        INSERT INTO message_fts(rowid, text, author) VALUES (new.id, new.text, new.author);
                    END;
                    CREATE TRIGGER message_fts_delete AFTER DELETE ON message BEGIN
                        INSERT INTO message_fts(message_fts, rowid, text, author) VALUES ('delete', old.id, old.text, old.author);
                    END;
                    CREATE TRIGGER message_fts_update AFTER UPDATE OF text, author ON message BEGIN
                        INSERT INTO message_fts(message_fts, rowid, text, author) VALUES ('delete', old.id, old.text, old.author);
                        INSERT INTO message_fts(rowid, text, author) VALUES (new.id, new.text, new.author);
                    END;
                    """)
        }
        migrator.registerMigration("v2: reaction outbox") { db in
            // Reactions made while disconnected, sent once on the next sync.
            try db.execute(
                sql: """
                    CREATE TABLE reaction_outbox (
                        id INTEGER PRIMARY KEY,
                        channelID INTEGER NOT NULL REFERENCES channel(id) ON DELETE CASCADE,
                        target TEXT NOT NULL,
                        emoji TEXT NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v3: STS policies") { db in
            // A server's Strict Transport Security policy: TLS on `port` until `expires`
            // (seconds since 1970), across restarts.
            try db.execute(
                sql: """
                    CREATE TABLE sts_policy (
                        host TEXT PRIMARY KEY,
                        port INTEGER NOT NULL,
                        expires INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v4: presence in channels") { db in
            // When we were first in a channel (our own JOIN, in milliseconds): a replayed line
            // after it came while we were there, so it is news even before the channel has a read
            // marker (a bouncer's channel that was quiet until we left).
            try db.execute(sql: "ALTER TABLE channel ADD COLUMN presentSince INTEGER")
        }
        migrator.registerMigration("v5: read elsewhere") { db in
            // The server's read marker (`draft/read-marker`, in milliseconds): read up to then on
            // some client of the account, even where those lines are not stored here yet.
            try db.execute(sql: "ALTER TABLE channel ADD COLUMN readElsewhere INTEGER")
        }
        migrator.registerMigration("v6: case mapping") { db in
            // How the network compares names (ISUPPORT CASEMAPPING): channels are found by
            // their name folded this way. RFC 1459's until the server names another.
            try db.execute(sql: "ALTER TABLE network ADD COLUMN caseMapping TEXT NOT NULL DEFAULT 'rfc1459'")
        }
        migrator.registerMigration("v7: heard ahead") { db in
            // A message heard in full while an older one was still unread: read, though the
            // channel's marker stays before the older one.
            try db.execute(sql: "ALTER TABLE message ADD COLUMN heard INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v8: rejoined") { db in
            // A channel the user joined (/join) and has not left: joined again on the next start,
            // as after a reconnect, though the settings do not name it.
            try db.execute(sql: "ALTER TABLE channel ADD COLUMN rejoins INTEGER NOT NULL DEFAULT 0")
        }
        return migrator
    }
}
