/// Where the listener has read to in a network's channels, written by the one party that writes
/// that network's rows: the IRC client for its server's, the local workspace for its own.
///
/// The store has that one writer per network; the app only reads it. Its writing calls are
/// `@_spi(StoreWriting)`, which nothing but the chat layer, the benchmarks and the tests imports
/// (`Tests/Layout/purity.py` checks it).
///
/// ```swift
/// try client.moveReadMarker(channel: channel.id, to: message.id, unread: 0)
/// ```
public protocol ReadMarkers: Sendable {
    var store: ChatStore { get }
}

extension ReadMarkers {
    /// Moves the read marker to `message` (forward when heard, back for Mark unread), with the
    /// count still unread after it.
    public func moveReadMarker(channel: Int64, to message: Int64, unread: Int) throws {
        try store.setReadMarker(channel: channel, at: message, unread: unread)
    }

    /// `message`, heard in full ahead of the read marker, is read where it is, with the count
    /// still unread in its channel.
    public func markHeard(_ message: Int64, channel: Int64, unread: Int) throws {
        try store.markHeard(message, channel: channel, unread: unread)
    }
}

extension LocalWorkspace: ReadMarkers {}
extension IRCClient: ReadMarkers {}
