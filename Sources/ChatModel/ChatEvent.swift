/// What the chat client tells the App, in order, after storing what needs storing.
///
/// ```swift
/// for await event in client.events {
///     if case .messages(let messages) = event { announce(messages) }
/// }
/// ```
public enum ChatEvent: Sendable, Hashable {
    /// Opening a connection (attempt 0 is the first).
    case connecting(attempt: Int)
    /// Registered with the server under `nick`.
    case registered(nick: String)
    /// Registered again after a lost connection.
    case reconnected
    /// Joined, rejoined and replayed: pending messages are being sent.
    case synced
    /// The connection was lost or closed.
    case disconnected(reason: DisconnectReason)
    /// Waiting `delay` before reconnect attempt `attempt`.
    case reconnecting(delay: Duration, attempt: Int)
    /// New messages stored (received, replayed or from another client of ours), in order.
    case messages([ChatMessage])
    /// Messages a server or bouncer replayed that were not stored yet: history, not news;
    /// `news` counts, per channel, those newer than its read marker (came while away).
    case history([ChatMessage], news: [Int64: Int])
    /// Our pending message was echoed by the server.
    case delivered(ChatMessage)
    case joined(channelID: Int64, channel: String, nick: String, isSelf: Bool)
    case parted(channelID: Int64, channel: String, nick: String, isSelf: Bool, reason: String = "")
    case quit(nick: String, reason: String)
    case nickChanged(from: String, to: String, isSelf: Bool)
    case topic(channelID: Int64, topic: String, setBy: String?)
    case members(channelID: Int64, nicks: [String])
    /// Members' prefixes in a channel (`"@"` operator, `"%"` half-operator, `"+"` voice).
    case memberRanks(channelID: Int64, ranks: [String: String])
    /// Someone (maybe us) was kicked from a channel.
    case kicked(channelID: Int64, channel: String, nick: String, by: String, reason: String, isSelf: Bool)
    /// A channel's modes changed ("+o kim").
    case modeChanged(channelID: Int64, change: String, by: String)
    /// The server's answer to WHOIS, as facts.
    case whois(nick: String, facts: [WhoisFact])
    /// An IRCv3 WARN or NOTE from the server.
    case note(String, isWarning: Bool)
    /// Someone reacted to the message `target` (a msgid).
    case reaction(channelID: Int64, target: String, emoji: String, author: String)
    /// Someone else reacted to `line`, one of the user's (after ``reaction(channelID:target:emoji:author:)``).
    case reactedToYours(ChatMessage, emoji: String, author: String)
    /// Someone is typing; expire `active` after 6 s (see ``TypingTracker``).
    case typing(channelID: Int64, nick: String, state: TypingState)
    /// SASL sign-in as `account` failed for `reason`: with `continuing` the client goes on
    /// without the account, else it has disconnected and does not reconnect.
    case authenticationFailed(account: String, reason: SignInFailure, continuing: Bool)
    /// The server (or bouncer) refused the connection for its password: none was `given`, or
    /// the one given is wrong. The client has stopped and does not reconnect.
    case passwordRefused(given: Bool)
    /// MONITOR: a followed nick is online or not; `change` when it was known otherwise before.
    case presence(nick: String, online: Bool, change: Bool)
    /// Someone went away (`reason`) or came back (nil).
    case away(nick: String, reason: String?)
    /// The server refused something the client asked, by kind (its words are not ours).
    case refused(IRCRefusal)
    /// The server refused a line of ours: it is withdrawn from the outbox and the history.
    case lineRefused(IRCRefusal, ChatMessage)
    /// The channel was read up to its message `upTo` on another client of the account (or
    /// before, here): the marker has moved there in the store, `unread` is left after it.
    case readElsewhere(channelID: Int64, upTo: Int64, unread: Int)
    /// The page before the oldest stored message came from the server (stored already):
    /// `count` messages, none when it keeps nothing older.
    case olderHistory(channelID: Int64, count: Int)
    /// Who is signed in to which account: nick → account, empty for none.
    case accounts([String: String])
    /// The server named how it compares nicks and channel names (ISUPPORT `CASEMAPPING`).
    case caseMapping(IRCCaseMapping)
    /// `by` invites `nick` (us when `isSelf`) to the channel named `channel`.
    case invited(channel: String, nick: String, by: String, isSelf: Bool)
    /// Something the user should hear about.
    case error(ChatError)
    /// Something failed that has no words of its own: the reason, by class.
    case failed(FailureReason)
}
