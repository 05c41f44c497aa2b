/// One thing a WHOIS answer says of a nick, typed: the client words it. A numeric the client does
/// not know is left out rather than read in the server's words.
///
/// ```swift
/// // :s 311 ada kim k host.example * :Kim Lee
/// WhoisFact.identity(realName: "Kim Lee", host: "host.example")
/// ```
public enum WhoisFact: Hashable, Sendable {
    /// 311: the real name and the host (not the user@host mask).
    case identity(realName: String, host: String)
    /// 312: the server they are on.
    case server(String)
    /// 313: an IRC operator.
    case ircOperator
    /// 301: away, with their words.
    case away(String)
    /// 317: idle this long.
    case idle(seconds: Int)
    /// 319: the channels they are in, without rank marks.
    case channels([String])
    /// 330: signed in to this account.
    case account(String)
    /// 671 and 276: on a secure connection.
    case secure
    /// 401 in answer to WHOIS: not on the server now.
    case notOnServer
}
