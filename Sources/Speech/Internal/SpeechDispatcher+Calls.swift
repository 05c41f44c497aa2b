#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CSpeechd
import Synchronization

/// Every call into libspeechd: one at a time, with SIGPIPE blocked, on the open connection, and
/// never from the thread that delivers its events.
extension SpeechDispatcher {
    /// One libspeechd call at a time, process-wide: `spd_set_voice_rate`, `spd_set_voice_pitch`
    /// and `spd_set_volume` format their command into a static buffer before taking the
    /// connection's lock, and `spd_say` sets the priority through another.
    static let library = Mutex<Void>(())

    /// Runs `body` under ``library`` with SIGPIPE held off.
    static func call<R: Sendable>(_ body: () -> R) -> R {
        library.withLock { _ in withSIGPIPEBlocked(body) }
    }

    /// Runs `body` on the open connection, or returns `fallback` when it is closed or when called
    /// from the handler (the reply would have to be read by the very thread that waits for it).
    func perform<R: Sendable>(
        orElse fallback: R, _ body: (UnsafeMutablePointer<SPDConnection>, inout Session) -> R
    ) -> R {
        guard !Registry.isDelivering(on: pthread_self()) else { return fallback }
        return session.withLock { session in
            guard let connection = session.handle?.connection else { return fallback }
            return Self.call { body(connection, &session) }
        }
    }

    /// Runs `body` with SIGPIPE blocked on this thread, then drops a SIGPIPE it raised.
    ///
    /// libspeechd writes with `write`, not `send(MSG_NOSIGNAL)`: a command written in the moment
    /// the daemon dies would otherwise end the client. Left alone when the caller already blocks
    /// SIGPIPE (it then handles its own).
    static func withSIGPIPEBlocked<R>(_ body: () -> R) -> R {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        defer {
            if sigismember(&previous, SIGPIPE) == 0 {
                var zero = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipe, nil, &zero)
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            }
        }
        return body()
    }

    /// Something to run on a thread of its own.
    final class Job {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread; false if none could be made (then it does not run:
    /// the connection stays open rather than join its own thread).
    static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { pointer in
                // pthread_create passes back the job it was given, never nil.
                guard let pointer else { return nil }
                let job = Unmanaged<Job>.fromOpaque(pointer).takeRetainedValue()
                job.body()
                return nil
            }, job)
        guard created == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
