/// A message in the outbox: stored, not yet echoed by the server.
public struct PendingMessage: Sendable, Hashable {
    public var message: ChatMessage
    /// The IRCv3 `label` its echo will carry.
    public var label: String
    /// Where it goes: channel name or nick.
    public var target: String
    /// How many times it has been written to a connection.
    public var attempts: Int
    /// Its text as sent: the lines of a message of several lines apart.
    public var text: String

    /// It as the outbox machine sees it.
    public var outboxLine: IRCOutbox.Line {
        IRCOutbox.Line(
            id: message.id, label: label, target: target, text: text, kind: message.kind,
            replyTo: message.replyTo)
    }
}
