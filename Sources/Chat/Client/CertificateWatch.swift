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
enum CertificateWatch {
    static func handler(
        context: NIOSSLContext, serverHostname: String?, failure: ConnectionFailure
    ) throws -> NIOSSLClientHandler {
        try watched(DeprecatedWatch.self, context: context, serverHostname: serverHostname, failure: failure)
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
