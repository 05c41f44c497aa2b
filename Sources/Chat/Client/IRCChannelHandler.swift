import NIOCore
import NIOSSL
import Synchronization

/// The NIO end of the connection: frames lines and hands them, one read at a time, to an
/// `AsyncStream` that ``IRCClient`` consumes.
final class IRCChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var framer = IRCLineFramer()
    private var lines: [[UInt8]] = []
    private let continuation: AsyncStream<[[UInt8]]>.Continuation
    private let failure: ConnectionFailure

    init(continuation: AsyncStream<[[UInt8]]>.Continuation, failure: ConnectionFailure = ConnectionFailure()) {
        self.continuation = continuation
        self.failure = failure
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        buffer.withUnsafeReadableBytes { bytes in framer.append(bytes, into: &lines) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if !lines.isEmpty {
            continuation.yield(lines)
            lines = []
        }
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !lines.isEmpty {
            continuation.yield(lines)
            lines = []
        }
        continuation.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        failure.record(error)
        continuation.finish()
        context.close(promise: nil)
    }
}

/// Why a connection ended, in words, when it ended with an error (a TLS handshake that
/// failed, a reset); read by ``IRCClient`` for the reason it announces.
final class ConnectionFailure: Sendable {
    private let reason = Mutex<DisconnectReason?>(nil)
    private let certificateRejected = Mutex(false)

    /// Why the connection failed, once an error was caught.
    var recorded: DisconnectReason? { reason.withLock { $0 } }

    /// BoringSSL's verification rejected a certificate of the server's chain (``CertificateWatch``).
    func noteRejectedCertificate() { certificateRejected.withLock { $0 = true } }

    /// Records `error`'s reason; a handshake that failed after a certificate was rejected is an
    /// untrusted certificate.
    func record(_ error: any Error) {
        if case NIOSSLError.handshakeFailed = error, certificateRejected.withLock({ $0 }) {
            record(.certificateNotTrusted)
        } else {
            record(DisconnectReason(error))
        }
    }

    func record(_ typed: DisconnectReason) {
        reason.withLock { if $0 == nil { $0 = typed } }
    }
}
