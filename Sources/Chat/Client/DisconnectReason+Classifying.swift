import NIOCore
import NIOPosix
import NIOSSL

extension DisconnectReason {
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
