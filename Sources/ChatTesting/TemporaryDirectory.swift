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
