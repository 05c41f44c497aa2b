import IRC
import NIOSSL

/// The TLS handler for a connection, with BoringSSL's own verification of the server's chain
/// kept as it is and watched: when it rejects a certificate, `failure` is told, so that the
/// handshake error that follows is known as an untrusted certificate by that fact, not by
/// searching the error's text (NIOSSL keeps BoringSSL's error codes private).
///
/// The watching callback is NIOSSL's per-certificate `verificationCallback`, which NIOSSL marks
/// deprecated in favour of a custom callback that replaces the verification instead of
/// watching it; a replacement would have to verify the chain itself. The call goes through
/// ``DeprecatedWatch``'s protocol so that the build stays free of warnings; it is the one
/// place the deprecated initializer is used.
///
/// With a pinned fingerprint (`tls_fingerprint`), the certificate is the identity: the server's
/// own certificate is taken when its SHA-256 matches, whoever signed it, and refused otherwise,
/// with the fingerprint seen kept for the sentence that says so.
enum CertificateWatch {
    static func handler(
        context: NIOSSLContext, serverHostname: String?, pinned fingerprint: String? = nil,
        failure: ConnectionFailure
    ) throws -> NIOSSLClientHandler {
        guard let fingerprint else {
            return try watched(DeprecatedWatch.self, context: context, serverHostname: serverHostname, failure: failure)
        }
        return try NIOSSLClientHandler(context: context, serverHostname: serverHostname) { chain, promise in
            guard let leaf = chain.first, let der = try? leaf.toDERBytes() else {
                failure.record(.certificateNotPinned(seen: ""))
                return promise.succeed(.failed)
            }
            let seen = SHA256.hash(der).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
            if seen == fingerprint { return promise.succeed(.certificateVerified) }
            failure.record(.certificateNotPinned(seen: seen))
            promise.succeed(.failed)
        }
    }

    private static func watched<Maker: WatchingHandlerMaker>(
        _ maker: Maker.Type, context: NIOSSLContext, serverHostname: String?, failure: ConnectionFailure
    ) throws -> NIOSSLClientHandler {
        try Maker.handler(context: context, serverHostname: serverHostname) { result, _ in
            // Called on the channel's event loop inside the handshake, for each certificate of
            // the chain; `.failed` is BoringSSL's own verdict, passed on unchanged.
            if case .failed = result { failure.noteRejectedCertificate() }
            return result
        }
    }
}

protocol WatchingHandlerMaker {
    static func handler(
        context: NIOSSLContext, serverHostname: String?, watch: @escaping NIOSSLVerificationCallback
    ) throws -> NIOSSLClientHandler
}

enum DeprecatedWatch: WatchingHandlerMaker {
    @available(*, deprecated, message: "only CertificateWatch calls this")
    static func handler(
        context: NIOSSLContext, serverHostname: String?, watch: @escaping NIOSSLVerificationCallback
    ) throws -> NIOSSLClientHandler {
        try NIOSSLClientHandler(context: context, serverHostname: serverHostname, verificationCallback: watch)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
