/// Why a connection to a server ended or could not be made, as a listener is told it: a typed
/// reason the core words, never an error's own description.
///
/// ```swift
/// DisconnectReason(error)   // .refused, for ECONNREFUSED
/// ```
public enum DisconnectReason: Hashable, Sendable {
    /// Nothing listens on that port (ECONNREFUSED).
    case refused
    /// No answer in time.
    case timedOut
    /// The host name has no address.
    case nameNotFound
    /// No route to the host, or the network is down.
    case unreachable
    /// The server's certificate is not signed by an authority this system (or `ca_file`) trusts.
    case certificateNotTrusted
    /// The server's certificate is trusted but names another host than the one connected to.
    case certificateForAnotherName
    /// The server's certificate is not the one `tls_fingerprint` pins; `seen` is the SHA-256 of
    /// the one it showed (64 hex digits), for the user to check.
    case certificateNotPinned(seen: String)
    /// The secure (TLS) connection could not be set up otherwise.
    case tlsFailed
    /// The connection was reset.
    case reset
    /// The server closed the connection.
    case closedByServer
    /// It accepted the connection but did not welcome us as an IRC server does, in time.
    case notWelcomed
    /// Something else went wrong.
    case other
}
