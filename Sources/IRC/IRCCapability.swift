/// An IRCv3 capability, by its name on the wire (`CAP LS`, `CAP REQ`, `CAP ACK`).
///
/// The ones Earshot knows are named here once; a server may offer any other.
///
/// ```swift
/// connection.capabilities.contains(.messageTags)
/// ```
public struct IRCCapability: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    /// Client tags (`+draft/react`, `+draft/reply`, `+typing`) and TAGMSG.
    public static let messageTags: IRCCapability = "message-tags"
    /// A `time` tag on every message: when it was said, not when it arrived.
    public static let serverTime: IRCCapability = "server-time"
    /// Our own messages come back, so a written line is known delivered.
    public static let echoMessage: IRCCapability = "echo-message"
    /// Replies grouped as batches (chathistory, a bouncer's playback).
    public static let batch: IRCCapability = "batch"
    /// Our `label` comes back on the echo, so a line is matched to the one we sent.
    public static let labeledResponse: IRCCapability = "labeled-response"
    /// Every rank of a member in NAMES (`@+kim`), not only the highest.
    public static let multiPrefix: IRCCapability = "multi-prefix"
    /// SASL sign-in (PLAIN with a password, EXTERNAL with a client certificate).
    public static let sasl: IRCCapability = "sasl"
    /// AWAY lines when someone in a shared channel goes away or comes back.
    public static let awayNotify: IRCCapability = "away-notify"
    /// ACCOUNT lines when someone in a shared channel signs in or out.
    public static let accountNotify: IRCCapability = "account-notify"
    /// JOIN carries the account and real name.
    public static let extendedJoin: IRCCapability = "extended-join"
    /// CHGHOST instead of a quit and rejoin when someone's host changes.
    public static let chghost: IRCCapability = "chghost"
    /// SETNAME when someone changes their real name.
    public static let setname: IRCCapability = "setname"
    /// INVITE lines for invitations to others in a channel we are in.
    public static let inviteNotify: IRCCapability = "invite-notify"
    /// Strict Transport Security: the server's policy to use TLS (never requested).
    public static let sts: IRCCapability = "sts"
    /// ZNC: lines we sent from another client of the same bouncer user.
    public static let zncSelfMessage: IRCCapability = "znc.in/self-message"
    /// History on request (`CHATHISTORY`): what was missed is fetched on joining.
    public static let chathistory: IRCCapability = "draft/chathistory"

    /// Read state kept by the server (`MARKREAD`), shared by every client of the account.
    public static let readMarker: IRCCapability = "draft/read-marker"

    /// A message of several lines sent and received whole, as a batch.
    public static let multiline: IRCCapability = "draft/multiline"

    /// NAMES gives each member as `nick!user@host`.
    public static let userhostInNames: IRCCapability = "userhost-in-names"
    /// MONITOR also tells of a followed nick going away or back, signing in or out (AWAY,
    /// ACCOUNT), as for someone in a shared channel.
    public static let extendedMonitor: IRCCapability = "extended-monitor"

    /// What Earshot asks for when a server offers it, in this order (sasl only with an account).
    public static let wanted: [IRCCapability] = [
        .messageTags, .serverTime, .echoMessage, .batch, .labeledResponse, .multiPrefix, .sasl,
        .awayNotify, .accountNotify, .extendedJoin, .chghost, .setname, .inviteNotify, .zncSelfMessage, .chathistory,
        .readMarker, .multiline, .userhostInNames, .extendedMonitor,
    ]
}
