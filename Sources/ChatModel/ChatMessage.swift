import Foundation

/// One message in a channel, as stored.
///
/// `msgid` is the server's IRCv3 message id (or a local one in the workspace); replies and
/// reactions refer to messages by it. A message the user sent is `pending` until the server
/// echoes it back.
///
/// ```swift
/// let page = try store.newestPage(in: channel.id, limit: 50)
/// for message in page { print(message.author, message.text, message.reactions) }
/// ```
public struct ChatMessage: Sendable, Hashable, Identifiable {
    /// Row id in the store; grows with insertion order.
    public var id: Int64
    /// The channel it belongs to.
    public var channelID: Int64
    /// IRCv3 `msgid`, or a local id; nil when the server gave none.
    public var msgid: String?
    /// Nick of the author.
    public var author: String
    /// Sanitised text, on one line: a message of several lines (IRCv3 multiline) is stored with
    /// its lines and shown and said as one, its lines joined by spaces (``shown(_:)``).
    public var text: String
    /// Server time, or arrival time when the server gave none.
    public var time: Date
    /// Message, action, notice or system.
    public var kind: MessageKind
    /// The `msgid` of the message this one replies to.
    public var replyTo: String?
    /// Reactions: emoji → nicks, in the order they reacted.
    public var reactions: [String: [String]]
    /// Whether the text was edited after sending.
    public var edited: Bool
    /// Whether the message is waiting for the server's echo.
    public var pending: Bool
    /// Whether it answers a line of the user's (a reply to it), as the client that received it
    /// found: said as addressed to them, as a mention is. (Not stored.)
    public var answersYou = false
    /// Whether it was heard in full ahead of the read marker (said as it arrived while an
    /// older message was still unread): read, though the marker cannot pass the older one.
    public var heard = false

    public init(
        id: Int64, channelID: Int64, msgid: String? = nil, author: String, text: String,
        time: Date, kind: MessageKind = .message, replyTo: String? = nil,
        reactions: [String: [String]] = [:], edited: Bool = false, pending: Bool = false
    ) {
        self.id = id
        self.channelID = channelID
        self.msgid = msgid
        self.author = author
        self.text = text
        self.time = time
        self.kind = kind
        self.replyTo = replyTo
        self.reactions = reactions
        self.edited = edited
        self.pending = pending
    }

    /// Stored text as a message shows it: the lines of a message of several lines on one line.
    public static func shown(_ stored: String) -> String {
        stored.contains("\n") ? stored.replacingOccurrences(of: "\n", with: " ") : stored
    }
}
