import NIOCore
import NIOPosix
import NIOSSL

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

    /// Classifies a connection error by its type and code (NIO's connection errors, `IOError`'s
    /// errno, NIOSSL's errors); an untrusted certificate is known by ``ConnectionFailure``.
    public init(_ error: any Error) {
        switch error {
        case let failure as NIOConnectionError:
            if let first = failure.connectionErrors.first {
                self.init(first.error)
            } else if failure.dnsAError != nil || failure.dnsAAAAError != nil {
                self = .nameNotFound
            } else {
                self = .other
            }
        case let io as IOError:
            self = Self.from(errno: io.errnoCode)
        case let channel as ChannelError:
            switch channel {
            case .connectTimeout: self = .timedOut
            case .eof, .ioOnClosedChannel, .alreadyClosed: self = .closedByServer
            default: self = .other
            }
        case let extra as NIOSSLExtraError where extra == .failedToValidateHostname:
            self = .certificateForAnotherName
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            // An untrusted certificate is told apart by ``ConnectionFailure``, which saw
            // BoringSSL reject it; NIOSSL's errors do not carry BoringSSL's codes.
            self = .tlsFailed
        case is SocketAddressError:
            self = .nameNotFound
        default:
            self = .other
        }
    }

    static func from(errno code: Int32) -> DisconnectReason { Libc.disconnectReason(errno: code) }
}
