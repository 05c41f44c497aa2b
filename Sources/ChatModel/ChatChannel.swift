/// A channel or a direct-message conversation on one network.
///
/// A direct message is a channel whose `name` is the other person's nick and whose
/// `isDirect` is true. Unread state and the draft survive restarts because they live in the store.
///
/// ```swift
/// let welcome = try store.channel(named: "#welcome", network: local.id)
/// print(welcome.unread, welcome.topic)
/// ```
public struct ChatChannel: Sendable, Hashable, Identifiable {
    /// Row id in the store.
    public var id: Int64
    /// The network the channel belongs to.
    public var networkID: Int64
    /// Name as the server spells it (`#welcome`), or the nick for a direct message.
    public var name: String
    /// Current topic, sanitised.
    public var topic: String
    /// Nicks present, without prefixes.
    public var members: [String]
    /// Messages from others since the last read one.
    public var unread: Int
    /// The last message the user has read.
    public var lastReadMessageID: Int64?
    /// Whether the user muted the channel (no announcements).
    public var muted: Bool
    /// Whether this is a direct-message conversation.
    public var isDirect: Bool
    /// Text typed into the composer but not sent.
    public var draft: String

    public init(
        id: Int64, networkID: Int64, name: String, topic: String = "", members: [String] = [],
        unread: Int = 0, lastReadMessageID: Int64? = nil, muted: Bool = false,
        isDirect: Bool = false, draft: String = ""
    ) {
        self.id = id
        self.networkID = networkID
        self.name = name
        self.topic = topic
        self.members = members
        self.unread = unread
        self.lastReadMessageID = lastReadMessageID
        self.muted = muted
        self.isDirect = isDirect
        self.draft = draft
    }
}
