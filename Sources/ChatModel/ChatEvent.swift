/// What the chat client tells the App, in order, after storing what needs storing.
///
/// What the server said reaches the App as the protocol typed it (``IRCEvent``, wrapped in
/// ``server(_:channelID:)`` with the store's id of the channel it is of); the cases beside it are
/// what the chat layer adds: the connection as it runs it, and what the store made of a line.
///
/// ```swift
/// for await event in client.events {
///     if case .messages(let messages) = event { announce(messages) }
///     if case .server(.joined(let channel, _, true), let id?) = event { opened(channel, id) }
/// }
/// ```
public enum ChatEvent: Sendable, Hashable {
    /// What the server said, as ``IRCEvent`` types it, once the store has it; `channelID` is
    /// the stored channel it is of (a join, a topic, typing), nil when it is of none (a quit,
    /// a nick change, WHOIS). Its message, read-marker and security-policy events come as what
    /// the store made of them instead.
    case server(IRCEvent, channelID: Int64?)
    /// Opening a connection (attempt 0 is the first).
    case connecting(attempt: Int)
    /// The connection was lost or closed.
    case disconnected(reason: DisconnectReason)
    /// Waiting `delay` before reconnect attempt `attempt`.
    case reconnecting(delay: Duration, attempt: Int)
    /// A channel (or direct conversation) as stored, the first time the connection names it: a
    /// channel joined, someone new writing. It comes before anything in it, so a message always
    /// arrives in a channel the App knows.
    case channel(ChatChannel)
    /// New messages stored (received, replayed or from another client of ours), in order.
    case messages([ChatMessage])
    /// Messages a server or bouncer replayed that were not stored yet: history, not news;
    /// `news` counts, per channel, those newer than its read marker (came while away).
    case history([ChatMessage], news: [Int64: Int])
    /// Our pending message was echoed by the server.
    case delivered(ChatMessage)
    /// A stored reaction to the message `target` (a msgid) changed: added or taken back, by
    /// someone else or by us.
    case reaction(channelID: Int64, target: String, emoji: String, author: String)
    /// Someone else reacted to `line`, one of the user's (after ``reaction(channelID:target:emoji:author:)``).
    case reactedToYours(ChatMessage, emoji: String, author: String)
    /// The server refused a line of ours: it is withdrawn from the outbox and the history.
    case lineRefused(IRCRefusal, ChatMessage)
    /// A direct conversation left empty by a refused /msg (to a nick the server does not know)
    /// is no longer stored: the client's answer to the App's asking it to forget it.
    case conversationForgotten(channelID: Int64)
    /// The channel was read up to its message `upTo` on another client of the account (or
    /// before, here): the marker has moved there in the store, `unread` is left after it.
    case readElsewhere(channelID: Int64, upTo: Int64, unread: Int)
    /// The page before the oldest stored message came (stored already): `count` messages,
    /// none when the server keeps nothing older or cannot be asked.
    case olderHistory(channelID: Int64, count: Int)
    /// Something the user should hear about.
    case error(ChatError)
    /// Something failed that has no words of its own: the reason, by class.
    case failed(FailureReason)
}
