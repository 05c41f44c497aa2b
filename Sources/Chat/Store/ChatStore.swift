import Foundation
import GRDB

/// Everything Earshot remembers about chat: networks, channels, messages, reactions, drafts,
/// unread state and the outbox, in one SQLite database (WAL mode) through GRDB.
///
/// The default file is `$XDG_DATA_HOME/earshot/earshot.sqlite` (`~/.local/share/earshot/`).
/// Reads page through an index on (channel, time, id), so a channel of a million messages opens
/// by reading one page. Messages the user sends are written as pending before they go out and
/// marked delivered when the server echoes them (see `ChatStore+Outbox.swift`).
///
/// ```swift
/// let store = try ChatStore.openDefault()
/// let local = try store.network(named: "local")
/// let welcome = try store.channel(named: "#welcome", network: local.id)
/// let page = try store.newestPage(in: welcome.id, limit: 50)
/// ```
public final class ChatStore: Sendable {
    /// Path of the database file.
    public let path: String
    let database: DatabasePool

    /// Opens (creating if needed) the database at `path` and migrates it.
    public init(path: String) throws {
        self.path = path
        do {
            try Self.makePrivateFolder(path)
            var configuration = Configuration()
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // 256 KiB of pages a connection, not SQLite's 2 MB: a page of 50 messages reads
                // a few dozen, and a burst appends at the right edge of each index.
                try db.execute(sql: "PRAGMA cache_size = -256")
            }
            configuration.busyMode = .timeout(5)
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
            Self.makePrivateFiles(path)
        } catch let error as ChatError {
            throw error
        } catch {
            throw Self.typed(error, .open(path: path))
        }
    }

    /// A store error with its fault (disk full, read-only, SQLite's code) and what the store
    /// was `doing`, never the error's own description.
    static func typed(_ error: any Error, _ doing: ChatProblem.StoreAction) -> ChatError {
        switch FailureReason(error) {
        case .diskFull: ChatError(.store(doing, .diskFull))
        case .readOnly: ChatError(.store(doing, .readOnly))
        default: ChatError(.store(doing, .database(Self.code(of: error))))
        }
    }

    /// SQLite's code for what went wrong, for a report: the extended code where it says more
    /// ("SQLite error 10, 4874": an I/O error, and which one).
    static func code(of error: any Error) -> String {
        guard let error = error as? DatabaseError else { return "unknown" }
        let primary = error.resultCode.rawValue
        let extended = error.extendedResultCode.rawValue
        return extended == primary ? "SQLite error \(primary)" : "SQLite error \(primary), \(extended)"
    }

    /// History is private, as irssi's logs are: the folder Earshot makes for it is owner-only
    /// (0700), as is an existing folder of Earshot's own ("earshot"), so nobody else reaches
    /// the database even while SQLite creates it.
    static func makePrivateFolder(_ path: String) throws {
        let files = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            if !files.fileExists(atPath: directory) {
                try files.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } else if (directory as NSString).lastPathComponent == "earshot" {
                try? files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
            }
        }
    }

    /// The database and its WAL and shared-memory files are owner-only (0600), new or old.
    static func makePrivateFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { chmod(path + suffix, 0o600) }
    }

    /// `$XDG_DATA_HOME/earshot/earshot.sqlite`, or `~/.local/share/earshot/earshot.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = home + "/.local/share"
        }
        return base + "/earshot/earshot.sqlite"
    }

    /// Opens the store at ``defaultPath(environment:)``.
    public static func openDefault() throws -> ChatStore {
        try ChatStore(path: defaultPath())
    }

    /// Runs SQLite's integrity checks on the tables and on the full-text index.
    public func integrityCheck() throws -> Bool {
        try database.writeWithoutTransaction { db in
            let result = try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? ""
            guard result == "ok" else { return false }
            try db.execute(sql: "INSERT INTO message_fts(message_fts, rank) VALUES('integrity-check', 1)")
            return true
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.write(body)
        } catch let error as ChatError {
            throw error
        } catch {
            throw Self.typed(error, .write)
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch {
            throw Self.typed(error, .read)
        }
    }
}
