/// Why SASL sign-in failed, typed: the client words it (never the server's own sentence).
///
/// ```swift
/// // :s 904 ada :SASL authentication failed, with PLAIN offered
/// SignInFailure.credentialsRefused
/// ```
public enum SignInFailure: Hashable, Sendable {
    /// The server offers no SASL at all.
    case notOffered
    /// The server refused to start SASL (CAP NAK).
    case refusedToStart
    /// The server did not accept the client certificate (SASL EXTERNAL).
    case certificateRefused
    /// The server takes no password sign-in; it offers these mechanisms.
    case noPasswordSignIn(offered: String)
    /// The mechanism the settings name is not one the server lists.
    case mechanismNotOffered(String, offered: String)
    /// The server could not prove it knows the password (SCRAM's server signature was wrong).
    case serverNotProven
    /// The account name or password was refused (904).
    case credentialsRefused
    /// The account is tied to nicks, and this is not one of them (902).
    case nickNotAllowed
    /// The sign-in was aborted or too long (905, 906).
    case aborted
}
