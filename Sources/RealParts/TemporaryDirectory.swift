import Foundation

/// A fresh directory under /tmp, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "earshot-chat-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

extension TemporaryDirectory {
    /// `body`'s result; when it throws, the directory is removed first, so that a fixture that
    /// fails to start leaves nothing behind.
    public func removed<T>(ifThrowing body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            remove()
            throw error
        }
    }

    /// A new directory and a free port on 127.0.0.1 for a server whose files `prepare` writes
    /// there (its path, the port); nothing is left behind when it throws.
    public static func forServer(_ prepare: (String, Int) throws -> Void) throws -> (TemporaryDirectory, port: Int) {
        let directory = try TemporaryDirectory()
        let port = try directory.removed(ifThrowing: {
            let port = try InspIRCdFixture.freePort()
            try prepare(directory.path, port)
            return port
        })
        return (directory, port)
    }
}
