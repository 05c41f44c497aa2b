import Foundation
import GRDB

extension ChatStore {
    /// The TLS port a host's STS policy names, while the policy holds at `now`.
    public func securityPolicy(host: String, now: Date = Date()) throws -> Int? {
        try read { db in
            try Int.fetchOne(
                db, sql: "SELECT port FROM sts_policy WHERE host = ? AND expires > ?",
                arguments: [host.lowercased(), Int64(now.timeIntervalSince1970)])
        }
    }

    /// Keeps a host's STS policy: TLS on `port` for `duration` seconds from `now` (each TLS
    /// connection that advertises it starts the duration again); 0 forgets it.
    @_spi(StoreWriting)
    public func setSecurityPolicy(host: String, port: Int, duration: Int, now: Date = Date()) throws {
        try write { db in
            if duration <= 0 {
                try db.execute(sql: "DELETE FROM sts_policy WHERE host = ?", arguments: [host.lowercased()])
            } else {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO sts_policy (host, port, expires) VALUES (?, ?, ?)",
                    arguments: [host.lowercased(), port, Int64(now.timeIntervalSince1970) + Int64(duration)])
            }
        }
    }
}
