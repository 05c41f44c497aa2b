import RealParts
import Foundation
import GRDB
import TestThreads
import Testing

@_spi(StoreWriting) @testable import Chat

@Suite(.ownThreads) struct ChatStoreTests {
    let base = Date(timeIntervalSince1970: 1_700_000_000)

    func withStore(_ body: (ChatStore) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try body(ChatStore(path: directory.path + "/nested/earshot.sqlite"))
    }

    @Test func defaultPathFollowsXDG() {
        #expect(
            ChatStore.defaultPath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"])
                == "/x/data/earshot/earshot.sqlite")
        #expect(ChatStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/earshot/earshot.sqlite")
        #expect(
            ChatStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
                == "/h/.local/share/earshot/earshot.sqlite")
    }

    @Test func migratesIntoWALAndReopens() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/earshot.sqlite"
        do {
            let store = try ChatStore(path: path)
            let network = try store.network(named: "local")
            _ = try store.channel(named: "#Welcome", network: network.id)
            let mode = try store.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
        }
        let reopened = try ChatStore(path: path)
        let applied = try reopened.database.read { db in try ChatStore.migrator.appliedMigrations(db) }
        #expect(
            applied == [
                "v1", "v2: reaction outbox", "v3: STS policies", "v4: presence in channels", "v5: read elsewhere",
                "v6: case mapping", "v7: heard ahead", "v8: rejoined",
            ])
        let network = try reopened.network(named: "local")
        #expect(try reopened.channels(network: network.id).map(\.name) == ["#Welcome"])
        #expect(try reopened.channel(named: "#welcome", network: network.id).name == "#Welcome")
    }

    /// A server that names another case mapping: channels are found by its fold from then on,
    /// and it is kept for the next start.
    @Test func aNamedCaseMappingFoldsTheChannelsAgain() throws {
        try withStore { store in
            let network = try store.network(named: "ergo", host: "127.0.0.1", port: 6667, nick: "ada")
            #expect(network.caseMapping == .rfc1459)
            let brackets = try store.channel(named: "#A[b]", network: network.id)
            #expect(try store.channel(named: "#a{b}", network: network.id).id == brackets.id, "RFC 1459: one channel")
            try store.setCaseMapping(.ascii, network: network.id)
            #expect(try store.channel(named: "#a[b]", network: network.id).id == brackets.id)
            #expect(try store.channel(named: "#a{b}", network: network.id).id != brackets.id, "ascii: two channels")
            #expect(try store.networks().first { $0.id == network.id }?.caseMapping == .ascii)
        }
    }

    @Test func channelStateDraftsAndUnread() throws {
        try withStore { store in
            let network = try store.network(named: "libera", host: "irc.libera.chat", port: 6697, nick: "ada")
            let channel = try store.channel(named: "#swift", network: network.id)
            try store.setTopic("Swift talk", channel: channel.id)
            try store.setMembers(["ada", "bob"], channel: channel.id)
            try store.updateMember("carol", present: true, channel: channel.id)
            try store.updateMember("BOB", present: false, channel: channel.id)
            try store.setMuted(true, channel: channel.id)
            try store.saveDraft("half a thought", channel: channel.id)
            let result = try store.insert([
                NewMessage(channelID: channel.id, msgid: "a", author: "bob", text: "one", time: base),
                NewMessage(
                    channelID: channel.id, msgid: "b", author: "ada", text: "two", time: base + 1, countsAsUnread: false
                ),
                NewMessage(channelID: channel.id, msgid: "c", author: "bob", text: "three", time: base + 2),
            ])
            var loaded = try #require(try store.channel(id: channel.id))
            #expect(loaded.topic == "Swift talk")
            #expect(loaded.members == ["ada", "carol"])
            #expect(loaded.muted && loaded.draft == "half a thought")
            #expect(loaded.unread == 2)
            try store.setReadMarker(channel: channel.id, at: result.inserted[2].id, unread: 0)
            loaded = try #require(try store.channel(id: channel.id))
            #expect(loaded.unread == 0 && loaded.lastReadMessageID == result.inserted[2].id)
        }
    }

    /// Two lines of one burst in the same millisecond: read up to the first here, the server
    /// answers with its time, and the second stays unread; a later time moves the marker on.
    @Test func aServerMarkerAtTheTimeOfOursLeavesTheLineBesideItUnread() throws {
        try withStore { store in
            let network = try store.network(named: "ergo")
            let channel = try store.channel(named: "#a", network: network.id)
            let result = try store.insert([
                NewMessage(channelID: channel.id, msgid: "a", author: "kim", text: "drill postponed", time: base),
                NewMessage(channelID: channel.id, msgid: "b", author: "kim", text: "new time is half past", time: base),
                NewMessage(channelID: channel.id, msgid: "c", author: "kim", text: "sorry", time: base + 1),
            ])
            try store.setReadMarker(channel: channel.id, at: result.inserted[0].id, unread: 2)
            #expect(try store.markReadElsewhere(channel: channel.id, at: base, ownNick: "ada") == nil)
            var loaded = try #require(try store.channel(id: channel.id))
            #expect(loaded.lastReadMessageID == result.inserted[0].id && loaded.unread == 2)
            let moved = try #require(try store.markReadElsewhere(channel: channel.id, at: base + 1, ownNick: "ada"))
            #expect(moved.upTo == result.inserted[2].id && moved.unread == 0)
            loaded = try #require(try store.channel(id: channel.id))
            #expect(loaded.lastReadMessageID == result.inserted[2].id)
        }
    }

    @Test func deduplicatesByMsgidElseBySecondAuthorAndText() throws {
        try withStore { store in
            let network = try store.network(named: "n")
            let channel = try store.channel(named: "#x", network: network.id)
            let live = [
                NewMessage(channelID: channel.id, msgid: "m1", author: "bob", text: "hi", time: base + 0.443),
                NewMessage(channelID: channel.id, author: "carol", text: "no id", time: base + 0.7),
            ]
            #expect(try store.insert(live).inserted.count == 2)
            let replay = [
                NewMessage(channelID: channel.id, msgid: "m1", author: "bob", text: "hi", time: base, isReplay: true),
                NewMessage(channelID: channel.id, author: "carol", text: "no id", time: base, isReplay: true),
                NewMessage(
                    channelID: channel.id, msgid: "m2", author: "bob", text: "new", time: base + 2, isReplay: true),
            ]
            let result = try store.insert(replay)
            #expect(result.duplicates == 2)
            #expect(result.replayed.map(\.text) == ["new"], "history, not news")
            #expect(result.inserted.isEmpty)
            #expect(try store.messageCount(channel: channel.id) == 3)
        }
    }

    /// On a server without msgid, a paste of "}" twice in one second is two lines, both kept;
    /// a replay of the same second later carries them again and adds nothing, and a replay
    /// with a third copy adds only that one.
    @Test func twoIdenticalLinesInOneSecondAreBothKeptAndAReplayOfThemIsNot() throws {
        try withStore { store in
            let network = try store.network(named: "n")
            let channel = try store.channel(named: "#x", network: network.id)
            let line = { (time: Double, replay: Bool) in
                NewMessage(channelID: channel.id, author: "bob", text: "}", time: base + time, isReplay: replay)
            }
            #expect(try store.insert([line(0.1, false)]).inserted.count == 1)
            #expect(try store.insert([line(0.2, false)]).inserted.count == 1)
            #expect(try store.messageCount(channel: channel.id) == 2)
            let again = try store.insert([line(0, true), line(0, true)])
            #expect(again.duplicates == 2 && again.replayed.isEmpty)
            let third = try store.insert([line(0, true), line(0, true), line(0, true)])
            #expect(third.duplicates == 2 && third.replayed.count == 1)
            #expect(try store.messageCount(channel: channel.id) == 3)
        }
    }

    /// History is private: the database and its folder are owner-only, and an existing
    /// database that was readable by others is tightened when it is opened.
    @Test func theDatabaseAndItsFolderAreOwnerOnly() throws {
        let root = NSTemporaryDirectory() + "earshot-private-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/earshot"
        let path = folder + "/earshot.sqlite"
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
        }
        do {
            let store = try ChatStore(path: path)
            _ = try store.network(named: "n")
        }
        #expect(try mode(folder) == 0o700)
        #expect(try mode(path) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        _ = try ChatStore(path: path)
        #expect(try mode(path) == 0o600)
        #expect(try mode(folder) == 0o700)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            #expect(try mode(path + suffix) == 0o600)
        }
    }

    @Test func pagesThroughAChannel() throws {
        try withStore { store in
            let network = try store.network(named: "n")
            let channel = try store.channel(named: "#x", network: network.id)
            let other = try store.channel(named: "#y", network: network.id)
            let messages = (0..<250).map { index in
                NewMessage(
                    channelID: channel.id, msgid: "m\(index)", author: "bob", text: "message \(index)",
                    time: base + Double(index))
            }
            _ = try store.insert(messages)
            _ = try store.insert([NewMessage(channelID: other.id, author: "x", text: "elsewhere", time: base + 1000)])
            let newest = try store.newestPage(in: channel.id, limit: 100)
            #expect(newest.count == 100)
            #expect(newest.first?.text == "message 150" && newest.last?.text == "message 249")
            let older = try store.page(in: channel.id, before: try #require(newest.first), limit: 100)
            #expect(older.first?.text == "message 50" && older.last?.text == "message 149")
            let oldest = try store.page(in: channel.id, before: try #require(older.first), limit: 100)
            #expect(oldest.count == 50 && oldest.first?.text == "message 0")
            let plan = try store.database.read { db in
                try Row.fetchAll(
                    db,
                    sql:
                        "EXPLAIN QUERY PLAN SELECT * FROM message WHERE channelID = 1 ORDER BY time DESC, id DESC LIMIT 50"
                )
                .map { $0["detail"] as String }.joined(separator: " ")
            }
            #expect(plan.contains("message_channel_time"))
            #expect(!plan.contains("TEMP B-TREE"))
        }
    }

    @Test func reactionsAndReplies() throws {
        try withStore { store in
            let network = try store.network(named: "n")
            let channel = try store.channel(named: "#x", network: network.id)
            _ = try store.insert([
                NewMessage(channelID: channel.id, msgid: "q", author: "bob", text: "question", time: base),
                NewMessage(
                    channelID: channel.id, msgid: "r", author: "ada", text: "answer", time: base + 1, replyTo: "q"),
            ])
            #expect(try store.addReaction("👍", to: "q", by: "ada", channel: channel.id))
            #expect(try store.addReaction("👍", to: "q", by: "carol", channel: channel.id))
            #expect(try !store.addReaction("👍", to: "q", by: "ada", channel: channel.id))
            try store.addReaction("🎉", to: "q", by: "ada", channel: channel.id)
            try store.removeReaction("🎉", from: "q", by: "ada", channel: channel.id)
            let question = try #require(try store.message(msgid: "q", channel: channel.id))
            #expect(question.reactions == ["👍": ["ada", "carol"]])
            #expect(try store.replies(to: "q", channel: channel.id).map(\.text) == ["answer"])
        }
    }

    @Test func fullTextSearch() throws {
        try withStore { store in
            let network = try store.network(named: "n")
            let channel = try store.channel(named: "#x", network: network.id)
            _ = try store.insert([
                NewMessage(channelID: channel.id, author: "bob", text: "The rotor changes units", time: base),
                NewMessage(channelID: channel.id, author: "ada", text: "Café résumé", time: base + 1),
                NewMessage(channelID: channel.id, author: "carol", text: "nothing here", time: base + 2),
            ])
            #expect(try store.search("rotor").map(\.author) == ["bob"])
            #expect(try store.search("rot").map(\.author) == ["bob"])
            #expect(try store.search("cafe").map(\.author) == ["ada"])
            #expect(try store.search("carol").map(\.text) == ["nothing here"])
            #expect(try store.search("\"unbalanced AND (").isEmpty)
            #expect(try store.integrityCheck())
        }
    }

    @Test func outboxDeliversOnEchoExactlyOnce() throws {
        try withStore { store in
            let network = try store.network(named: "n")
            let channel = try store.channel(named: "#x", network: network.id)
            let first = try store.enqueue("hello", channel: channel.id, author: "ada")
            let second = try store.enqueue("again", channel: channel.id, author: "ada")
            let third = try store.enqueue("third", channel: channel.id, author: "ada")
            #expect(
                try store.pendingMessages(network: network.id).map(\.label) == [first.label, second.label, third.label])
            #expect(try store.pendingMessages(network: network.id).first?.target == "#x")
            // Labelled echo.
            let delivered = try #require(try store.markDelivered(label: first.label, msgid: "s1"))
            #expect(!delivered.pending && delivered.msgid == "s1")
            #expect(try store.markDelivered(label: first.label, msgid: "s1") == nil)
            // Unlabelled echo matches by text.
            #expect(try store.markDelivered(channel: channel.id, text: "again", msgid: "s2")?.id == second.message.id)
            // Replayed history proves the third was delivered before a crash: no new row, no resend.
            let replay = try store.insert(
                [NewMessage(channelID: channel.id, msgid: "s3", author: "ADA", text: "third", time: base)],
                ownNick: "ada")
            #expect(replay.inserted.isEmpty && replay.delivered.map(\.id) == [third.message.id])
            #expect(try store.pendingMessages(network: network.id).isEmpty)
            #expect(try store.messageCount(channel: channel.id) == 3)
            // History after delivery is a duplicate by msgid.
            #expect(
                try store.insert(
                    [NewMessage(channelID: channel.id, msgid: "s1", author: "ada", text: "hello", time: base)],
                    ownNick: "ada"
                ).duplicates == 1)
        }
    }

    // MARK: Crash safety

    static let writerEnvironment = "EARSHOT_CHAT_CRASH_WRITER_DB"
    static let batchSize = 10

    /// Acts as the writer when the crash test re-executes this binary; otherwise does nothing.
    @Test func crashWriterChild() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.writerEnvironment] else { return }
        let store = try ChatStore(path: path)
        let network = try store.network(named: "crash")
        let channel = try store.channel(named: "#crash", network: network.id)
        var counter = 0
        while true {
            let batch = (0..<Self.batchSize).map { index in
                NewMessage(
                    channelID: channel.id, msgid: "c\(counter)-\(index)", author: "writer",
                    text: "crash test message \(counter) \(index) " + String(repeating: "x", count: counter % 200),
                    time: Date())
            }
            _ = try store.insert(batch)
            if counter % 3 == 0 { _ = try store.enqueue("pending \(counter)", channel: channel.id, author: "writer") }
            counter += 1
        }
    }

    @Test func writerKilledWithSIGKILLLeavesAConsistentDatabase() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/crash.sqlite"
        for round in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            process.arguments = ["--testing-library", "swift-testing", "--filter", "crashWriterChild"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.writerEnvironment] = path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The rows committed so far (all rounds'), nil when they cannot be read yet. Read only:
            // opening a ChatStore here would migrate the database the writer is creating at the
            // same moment, and a migration that lost that race ended the writer.
            func committed() -> Int? {
                guard FileManager.default.fileExists(atPath: path + "-wal") else { return nil }
                var readOnly = Configuration()
                readOnly.readonly = true
                guard let queue = try? DatabaseQueue(path: path, configuration: readOnly) else { return nil }
                return try? queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM message") }
            }
            // Wait until the writer has committed something, then a number of rows more that
            // differs from round to round, then kill it mid-write.
            var count = 0
            let started = waitBlocking(timeout: .seconds(60), every: .milliseconds(50)) {
                count = committed() ?? count
                return count > 200 * (round + 1)
            }
            if started {
                let further = count + 100 + 50 * round
                waitBlocking(timeout: .seconds(60)) {
                    count = committed() ?? count
                    return count > further
                }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(count > 0, "the writer never wrote")

            let store = try ChatStore(path: path)
            #expect(try store.integrityCheck())
            let stats = try store.database.read { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT (SELECT count(*) FROM message WHERE pending = 0) AS delivered,
                               (SELECT count(*) FROM message_fts) AS indexed,
                               (SELECT count(*) FROM message) AS total
                        """)
            }
            let delivered: Int = stats?["delivered"] ?? -1
            let indexed: Int = stats?["indexed"] ?? -1
            let total: Int = stats?["total"] ?? -2
            // Every batch committed whole or not at all, and the FTS index matches the table.
            #expect(delivered % Self.batchSize == 0)
            #expect(indexed == total)
        }
    }
}

/// A refused line leaves the outbox and the history, so it is never sent later.
@Suite struct WithdrawTests {
    @Test func aWithdrawnLineIsGoneFromTheOutbox() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/earshot.sqlite")
        let network = try store.network(named: "n", host: "127.0.0.1", port: 6667, usesTLS: false, nick: "me")
        let channel = try store.channel(named: "#m", network: network.id)
        let pending = try store.enqueue("can I talk here", channel: channel.id, author: "me")
        #expect(try store.pendingMessages(network: network.id).count == 1)
        let withdrawn = try store.withdraw(label: pending.label)
        #expect(withdrawn?.id == pending.message.id)
        #expect(withdrawn?.text == "can I talk here")
        #expect(try store.pendingMessages(network: network.id).isEmpty)
        #expect(try store.withdraw(label: pending.label) == nil)
    }

    /// A conversation a refused /msg made is forgotten once empty; one with anything in it, or
    /// a channel, is kept.
    @Test func anEmptyConversationIsForgottenAndOneWithMessagesKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try ChatStore(path: directory.path + "/earshot.sqlite")
        let network = try store.network(named: "n", host: "127.0.0.1", port: 6667, usesTLS: false, nick: "me")
        let nobody = try store.channel(named: "nobody", network: network.id, isDirect: true)
        let pending = try store.enqueue("hi", channel: nobody.id, author: "me")
        let kim = try store.channel(named: "kim", network: network.id, isDirect: true)
        _ = try store.enqueue("see you", channel: kim.id, author: "me")
        let channel = try store.channel(named: "#m", network: network.id)
        #expect(try store.forgetEmptyConversation(nobody.id) == false, "its line is still in it")
        _ = try store.withdraw(label: pending.label)
        #expect(try store.forgetEmptyConversation(nobody.id))
        #expect(try store.forgetEmptyConversation(kim.id) == false)
        #expect(try store.forgetEmptyConversation(channel.id) == false)
        #expect(try store.channels(network: network.id).map(\.name) == ["#m", "kim"])
    }
}
