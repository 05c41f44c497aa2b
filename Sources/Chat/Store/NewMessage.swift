import Foundation

/// A message about to be stored (it has no row id yet).
///
/// ```swift
/// let new = NewMessage(channelID: welcome.id, author: "ada", text: "hello", time: Date())
/// let result = try store.insert([new])
/// ```
public struct NewMessage: Sendable, Hashable {
    public var channelID: Int64
    public var msgid: String?
    public var author: String
    public var text: String
    public var time: Date
    public var kind: MessageKind
    public var replyTo: String?
    /// Whether it raises the channel's unread count (false for our own and system lines).
    public var countsAsUnread: Bool
    /// Whether a server or bouncer replayed it (history on join), rather than it arriving now:
    /// only a replay can repeat what is stored.
    public var isReplay: Bool

    public init(
        channelID: Int64, msgid: String? = nil, author: String, text: String, time: Date,
        kind: MessageKind = .message, replyTo: String? = nil, countsAsUnread: Bool = true, isReplay: Bool = false
    ) {
        self.isReplay = isReplay
        self.channelID = channelID
        self.msgid = msgid
        self.author = author
        self.text = text
        self.time = time
        self.kind = kind
        self.replyTo = replyTo
        self.countsAsUnread = countsAsUnread
    }
}

/// What happened to a batch handed to ``ChatStore/insert(_:ownNick:)``.
public struct InsertResult: Sendable, Hashable {
    /// Newly stored messages, in input order.
    public var inserted: [ChatMessage] = []
    /// Replayed messages that were not stored yet (history, not news), in order.
    public var replayed: [ChatMessage] = []
    /// Per channel, how many replayed messages are newer than its read marker: what came
    /// while the user was away.
    public var news: [Int64: Int] = [:]
    /// Our pending messages that the batch proved delivered (replayed history after a crash).
    public var delivered: [ChatMessage] = []
    /// Messages already stored (same msgid, or same second, author and text): skipped.
    public var duplicates = 0
}
