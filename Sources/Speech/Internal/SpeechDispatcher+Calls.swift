import CSpeechd
import Synchronization

/// Every call into libspeechd: one at a time, with SIGPIPE blocked, on the open connection, and
/// never from the thread that delivers its events.
extension SpeechDispatcher {
    /// One libspeechd call at a time, process-wide: `spd_set_voice_rate`, `spd_set_voice_pitch`
    /// and `spd_set_volume` format their command into a static buffer before taking the
    /// connection's lock, and `spd_say` sets the priority through another.
    static let library = Mutex<Void>(())

    /// Runs `body` under ``library`` with SIGPIPE held off: libspeechd writes with `write`, not
    /// `send(MSG_NOSIGNAL)`, and a command written in the moment the daemon dies would otherwise
    /// end the client.
    static func call<R: Sendable>(_ body: () -> R) -> R {
        library.withLock { _ in Libc.withBrokenPipeBlocked(body) }
    }

    /// Runs `body` on the open connection, or returns `fallback` when it is closed or when called
    /// from the handler (the reply would have to be read by the very thread that waits for it).
    func perform<R: Sendable>(
        orElse fallback: R, _ body: (UnsafeMutablePointer<SPDConnection>, inout Session) -> R
    ) -> R {
        guard !Registry.isDelivering(on: Libc.currentThread()) else { return fallback }
        return session.withLock { session in
            guard let connection = session.handle?.connection else { return fallback }
            return Self.call { body(connection, &session) }
        }
    }
}
