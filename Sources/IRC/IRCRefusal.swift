/// A server's refusal of something the client asked, by kind.
///
/// The error numerics a client can get for its own commands (401–405, 421, 432–437, 441–443,
/// 471–477, 482, 489, 734) and IRCv3's standard replies (FAIL, WARN, NOTE) come as one of these.
/// What the server wrote (`serverText`) is kept for a log and never spoken: the client words
/// every refusal itself, from the reason and its target.
///
/// ```swift
/// // :irc 404 me #b :You cannot send external messages to this channel whilst the +n …
/// IRCRefusal(.cannotSendToChannel, target: "#b", serverText: "You cannot send …")
/// ```
public struct IRCRefusal: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// 401: no one by that nick is on the server.
        case noSuchNick
        /// 402: no such server.
        case noSuchServer
        /// 403: no channel by that name.
        case noSuchChannel
        /// 404: the channel takes messages only from its members, or not from us now.
        case cannotSendToChannel
        /// 405: we are in as many channels as the server allows.
        case tooManyChannels
        /// 421: the server does not know the command.
        case unknownCommand(String)
        /// 432: the nick has characters a nick may not.
        case erroneousNick
        /// 433 and 436: someone has the nick.
        case nickInUse
        /// 437: the nick (or channel) is held for now.
        case temporarilyUnavailable
        /// 441: `nick` is not in the channel.
        case theyAreNotOnChannel(nick: String)
        /// 442: we are not in the channel.
        case notOnChannel
        /// 443: `nick` is in the channel already.
        case alreadyOnChannel(nick: String)
        /// 471: the channel is full.
        case channelFull
        /// 472: the server does not know that mode letter.
        case unknownMode(String)
        /// 473: the channel is invite only.
        case inviteOnly
        /// 474: we are banned from the channel.
        case banned
        /// 475: the channel needs a key.
        case needsKey
        /// 476: not a good channel name.
        case badChannelName
        /// 477: the channel (or the message) needs a signed-in account.
        case needsAccount
        /// 482: only the channel's operators may.
        case needsOperator
        /// 489: the channel needs a secure connection.
        case needsSecureConnection
        /// 734: MONITOR's list is full.
        case followListFull
        /// An IRCv3 standard reply: FAIL, WARN or NOTE, for `command`, with its `code`.
        case standardReply(Severity, command: String, code: String)
    }

    /// How much a standard reply matters, as IRCv3 ranks them.
    public enum Severity: Hashable, Sendable {
        case failure, warning, note
    }

    public var reason: Reason
    /// The channel or nick the refusal is about, where the reply names one.
    public var target: String?
    /// What the server wrote, for a log: never a sentence the client says.
    public var serverText: String
    /// The label of the line it answers (labeled-response), when the server gave one: the
    /// client knows which of its lines was refused.
    public var label: String?

    public init(_ reason: Reason, target: String? = nil, serverText: String = "", label: String? = nil) {
        self.reason = reason
        self.target = target
        self.serverText = serverText
        self.label = label
    }
}
