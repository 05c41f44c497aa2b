import CSpeechd
import Synchronization

/// A connection to speech-dispatcher through libspeechd: the engine's second synthesiser, the
/// one the user's own screen reader setup already speaks with.
///
/// Every call into libspeechd goes through here, the way ``Espeak`` wraps libespeak-ng. The
/// connection is threaded (`SPD_MODE_THREADED`): libspeechd reads the socket on a thread of its
/// own, which hands replies to the calling thread and calls the ``setHandler(_:)`` handler for
/// begin, end and cancel events.
///
/// Any thread may call any method. Calls run one at a time, process-wide: libspeechd writes some
/// commands into static buffers shared by all connections, and a reply is read for one caller at
/// a time. A call normally takes well under a millisecond (``voices()`` takes about half a
/// second). ``cancel()`` called while ``say(_:priority:language:)`` is in flight on another
/// thread waits for it, then cancels the message it sent.
///
/// The handler runs on libspeechd's reader thread and must return quickly without waiting on a
/// lock that a caller of this class may hold. From the handler, calls are refused (they would
/// wait for a reply that only that thread can read): `say` returns nil, setters and `cancel` do
/// nothing, and ``close()`` happens shortly after on a thread of its own.
///
/// ```swift
/// let dispatcher = try SpeechDispatcher.connect()
/// dispatcher.setHandler { messageID, event in events.send((messageID, event)) }  // hand off; return
/// dispatcher.setRate(350)
/// let id = dispatcher.say("Connected to irc.libera.chat", priority: .default, language: "en")
/// ```
final class SpeechDispatcher: Sendable {
    /// A voice that speech-dispatcher's output modules offer (`LIST SYNTHESIS_VOICES`).
    struct Voice: Sendable, Hashable {
        /// The voice's name, as `SET SELF SYNTHESIS_VOICE` takes it (`English (America)`).
        var name: String
        /// Its language tag (`en-US`).
        var language: String
        /// The module's variant (`Alex`), or nil where it reports `none`.
        var variant: String?
    }

    /// What speech-dispatcher reports about a message this connection sent.
    enum Event: Sendable, Hashable {
        /// It started to sound.
        case begin
        /// It finished sounding.
        case end
        /// It was cancelled or dropped (by ``cancel()``, or by a message of higher priority).
        case cancel
    }

    /// Called with the message ID that ``say(_:priority:language:)`` returned and what happened.
    typealias Handler = @Sendable (_ messageID: Int, _ event: Event) -> Void

    /// libspeechd's connection and a duplicate of its socket, watched by ``isAlive``.
    ///
    /// Unchecked because of the C pointer: libspeechd calls on it run only under ``library``,
    /// ``isAlive`` reads the stream field atomically, and once ``closeNow()`` has taken the handle
    /// out of ``session`` and ``liveness`` one thread alone releases it.
    struct Handle: @unchecked Sendable {
        let connection: UnsafeMutablePointer<SPDConnection>
        let descriptor: Int32
    }

    /// SSIP values this client speaks with; nil where unknown.
    struct Settings: Sendable, Equatable {
        var language: String?
        var rate: Int?
        var pitch: Int?
        var volume: Int?
    }

    /// The open connection (nil once closed), the user's settings read at connect, and the
    /// settings last sent, so that a call sends only what changed.
    struct Session: Sendable {
        var handle: Handle?
        let defaults: Settings
        var applied: Settings
    }

    /// What ``connect(clientName:)`` found.
    private struct Opened: Sendable {
        let handle: Handle
        let clientID: Int
        let defaults: Settings
    }

    /// Held for a whole call, so that the settings sent and the connection closed stay in step.
    let session: Mutex<Session>
    /// The same handle, held only briefly, so that ``isAlive`` answers while a call blocks.
    private let liveness: Mutex<Handle?>
    /// speech-dispatcher's number for this connection, which its events carry.
    let clientID: Int

    private init(_ opened: Opened) {
        clientID = opened.clientID
        session = Mutex(Session(handle: opened.handle, defaults: opened.defaults, applied: opened.defaults))
        liveness = Mutex(opened.handle)
        let owner = ObjectIdentifier(self)
        Registry.state.withLock { $0.entries[opened.clientID] = Registry.Entry(owner: owner, handler: nil) }
    }

    deinit { closeNow() }

    // MARK: Connecting

    /// Opens a connection to speech-dispatcher at libspeechd's default address and turns on its
    /// begin, end and cancel events.
    ///
    /// The address is libspeechd's own choice (`spd_open2` given no address calls
    /// `spd_get_default_address`): `SPEECHD_ADDRESS` when set (`unix_socket:/path/speechd.sock`
    /// or `inet_socket:host:port`), else `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`. Only in
    /// the second case may libspeechd start a daemon (autospawn, `speech-dispatcher --spawn`,
    /// which can take a second): an address given is one to use, not one to create, and a test
    /// that points `SPEECHD_ADDRESS` at a private socket must never get a system daemon started.
    ///
    /// The corresponding C function is `spd_open2`, in `SPD_MODE_THREADED`.
    ///
    /// - Throws: ``SpeechError/Code/engineFailure`` when no daemon answers, with libspeechd's
    ///   reason: "speech-dispatcher does not answer (Can't connect to unix socket …)."
    /// `spawn`: whether libspeechd may start a daemon when none answers (by default only when
    /// `SPEECHD_ADDRESS` is not set: a named address is one the user runs themselves).
    static func connect(clientName: String = "earshot", spawn: Bool? = nil) throws(SpeechError) -> SpeechDispatcher {
        let opened = call { openConnection(clientName: clientName, spawn: spawn) }
        return try SpeechDispatcher(opened.get())
    }

    /// Opens, watches and queries the connection; runs under ``library``.
    private static func openConnection(clientName: String, spawn: Bool?) -> Result<Opened, SpeechError> {
        let autospawn: Int32 = (spawn ?? (Libc.environment("SPEECHD_ADDRESS") == nil)) ? 1 : 0
        let spd: LibSpeechd
        switch libspeechd {
        case .functions(let functions): spd = functions
        case .problem(let problem):
            return .failure(SpeechError(.engineFailure, "speech-dispatcher does not answer (\(problem))."))
        }
        var failure: UnsafeMutablePointer<CChar>? = nil
        let opened = clientName.withCString {
            spd.open2($0, nil, nil, SPD_MODE_THREADED, nil, autospawn, &failure)
        }
        // libspeechd leaves the reason unset when socket() itself fails.
        let reason = failure.map { cleaned(String(cString: $0)) } ?? "no reason given"
        Libc.free(failure)
        guard let connection = opened else {
            return .failure(SpeechError(.engineFailure, "speech-dispatcher does not answer (\(reason))."))
        }

        func fail(_ reason: String) -> Result<Opened, SpeechError> {
            spd.close(connection)
            return .failure(SpeechError(.engineFailure, "speech-dispatcher does not answer (\(reason))."))
        }

        // Our own descriptor for the socket: libspeechd closes its one when the daemon goes, and
        // the number may then be reused by any file the process opens.
        let descriptor = Libc.duplicateClosingOnExec(earshot_spd_socket(connection))
        guard descriptor >= 0 else { return fail("cannot watch its socket: \(Libc.reason)") }
        let handle = Handle(connection: connection, descriptor: descriptor)

        earshot_spd_set_callbacks(connection) { messageID, clientID, type in
            SpeechDispatcher.receive(messageID: messageID, clientID: clientID, type: type)
        }
        let events = SPDNotification(rawValue: SPD_BEGIN.rawValue | SPD_END.rawValue | SPD_CANCEL.rawValue)
        guard spd.setNotificationOn(connection, events) == 0,
            let clientID = query(connection, "HISTORY GET CLIENT_ID")?.first.flatMap({ Int($0) })
        else {
            Libc.close(descriptor)
            return fail("it accepted the connection but does not reply")
        }
        let defaults = Settings(
            language: query(connection, "GET LANGUAGE")?.first,
            rate: query(connection, "GET RATE")?.first.flatMap { Int($0) },
            pitch: query(connection, "GET PITCH")?.first.flatMap { Int($0) },
            volume: query(connection, "GET VOLUME")?.first.flatMap { Int($0) })
        return .success(Opened(handle: handle, clientID: clientID, defaults: defaults))
    }

    /// libspeechd's reason without its "Error: " prefix and trailing space.
    private static func cleaned(_ reason: String) -> String {
        var text = Substring(reason)
        if text.hasPrefix("Error: ") { text = text.dropFirst(7) }
        while let last = text.last, last.isWhitespace || last == "." { text = text.dropLast() }
        return String(text)
    }

    // MARK: Events

    /// Sets the function that receives this connection's begin, end and cancel events; replaces
    /// the previous one. Events that arrive before a handler is set are dropped.
    ///
    /// It runs on libspeechd's reader thread: see the type's discussion for what it may do.
    func setHandler(_ handler: @escaping Handler) {
        let owner = ObjectIdentifier(self)
        Registry.state.withLock { state in
            guard state.entries[clientID]?.owner == owner else { return }
            state.entries[clientID]?.handler = handler
        }
    }

    /// Routes libspeechd's events to handlers by client ID: its callbacks carry no user pointer.
    ///
    /// One connection at a time is the normal case. Several are routed by the client ID that each
    /// event carries; two connections with one ID (to two daemons) cannot be told apart, and then
    /// the latest wins.
    enum Registry {
        struct Entry: Sendable {
            let owner: ObjectIdentifier
            var handler: Handler?
        }

        struct State: Sendable {
            var entries: [Int: Entry] = [:]
            /// Reader threads that are inside a handler now.
            var delivering: Set<Libc.Thread> = []
        }

        static let state = Mutex(State())

        /// Whether `thread` is a libspeechd reader thread inside a handler.
        static func isDelivering(on thread: Libc.Thread) -> Bool {
            state.withLock { $0.delivering.contains(thread) }
        }

        /// Forgets `clientID` if `owner` still holds it.
        static func remove(clientID: Int, owner: ObjectIdentifier) {
            state.withLock { state in
                if state.entries[clientID]?.owner == owner { state.entries[clientID] = nil }
            }
        }
    }

    /// The one callback libspeechd calls, on a connection's reader thread.
    ///
    /// `spd_close` stops that thread with `pthread_cancel`; cancellation is held off while the
    /// handler runs, so that it never unwinds through Swift frames (and a held lock).
    private static func receive(messageID: Int, clientID: Int, type: SPDNotificationType) {
        Libc.withCancellationDisabled {
            let event: Event
            switch type {
            case SPD_EVENT_BEGIN: event = .begin
            case SPD_EVENT_END: event = .end
            case SPD_EVENT_CANCEL: event = .cancel
            default: return
            }
            let thread = Libc.currentThread()
            let handler = Registry.state.withLock { state -> Handler? in
                guard let handler = state.entries[clientID]?.handler else { return nil }
                state.delivering.insert(thread)
                return handler
            }
            guard let handler else { return }
            handler(messageID, event)
            Registry.state.withLock { _ = $0.delivering.remove(thread) }
        }
    }

    // MARK: Speaking

    /// Speaks `text` and returns speech-dispatcher's ID for the message, which the handler's
    /// events carry; nil when the daemon refused it or is gone.
    ///
    /// `language` (a tag such as `en` or `pt-BR`) is sent with `SET SELF LANGUAGE` when it differs
    /// from the last one sent; nil goes back to the language the user's configuration gave this
    /// connection (read with `GET LANGUAGE` at connect, since libspeechd cannot unset it). A tag
    /// that is not letters, digits, `-` and `_` counts as nil. Priorities map to SSIP's:
    /// ``SpeechPriority/high`` to `important` (never interrupted), ``SpeechPriority/default`` to
    /// `text` (each one replaces the last), ``SpeechPriority/low`` to `message` (queued; it
    /// cancels `text` that is speaking).
    ///
    /// Empty text (NULs removed) is not sent: libspeechd would leave the daemon waiting for data,
    /// and every later call on the connection would hang.
    ///
    /// The corresponding C functions are `spd_set_language` and `spd_say`.
    func say(_ text: String, priority: SpeechPriority, language: String?) -> Int? {
        let spoken = text.utf8.contains(0) ? String(decoding: text.utf8.filter { $0 != 0 }, as: UTF8.self) : text
        guard !spoken.isEmpty else { return nil }
        return perform(orElse: nil) { connection, session -> Int? in
            if let wanted = language.flatMap(Self.languageTag) ?? session.defaults.language,
                wanted != session.applied.language,
                wanted.withCString({ libspeechd.functions?.setLanguage(connection, $0) }) == 0
            {
                session.applied.language = wanted
            }
            let id = spoken.withCString { libspeechd.functions?.say(connection, Self.ssipPriority(priority), $0) ?? -1 }
            return id > 0 ? Int(id) : nil
        }
    }

    /// Stops this client's speech now: the message sounding and those queued (`CANCEL SELF`).
    /// Each gets a cancel event.
    ///
    /// The corresponding C function is `spd_cancel`.
    func cancel() {
        perform(orElse: ()) { connection, _ in _ = libspeechd.functions?.cancel(connection) }
    }

    /// Sets the speaking rate in words per minute; nil goes back to the user's rate.
    ///
    /// SSIP takes a rate from −100 to 100 that each output module scales its own way; see
    /// ``ssipRate(wordsPerMinute:)``. The corresponding C function is `spd_set_voice_rate`.
    func setRate(_ wordsPerMinute: Int?) {
        apply(\.rate, wordsPerMinute.map(Self.ssipRate)) { libspeechd.functions?.setVoiceRate($0, $1) ?? -1 }
    }

    /// Sets the pitch, 0…100 with 50 the voice's own; nil goes back to the user's pitch.
    ///
    /// SSIP pitch is (percent − 50) × 2: 0 is the voice's baseline, −100 and 100 the ends of the
    /// module's range. The corresponding C function is `spd_set_voice_pitch`.
    func setPitch(_ percent: Int?) {
        apply(\.pitch, percent.map(Self.ssipPitch)) { libspeechd.functions?.setVoicePitch($0, $1) ?? -1 }
    }

    /// Sets the volume, 0…100 with 100 the normal; nil goes back to the user's volume.
    ///
    /// SSIP volume is percent × 2 − 100: 100 is speech-dispatcher's `DefaultVolume 100` and 0 is
    /// silence (the espeak-ng module plays SSIP volume v at espeak volume v + 100). The
    /// corresponding C function is `spd_set_volume`.
    func setVolume(_ percent: Int?) {
        apply(\.volume, percent.map(Self.ssipVolume)) { libspeechd.functions?.setVolume($0, $1) ?? -1 }
    }

    /// Sends `value` (nil: the user's default) for `setting` if it differs from the last sent.
    private func apply(
        _ setting: WritableKeyPath<Settings, Int?>, _ value: Int?,
        _ send: (UnsafeMutablePointer<SPDConnection>, Int32) -> Int32
    ) {
        perform(orElse: ()) { connection, session in
            guard let target = value ?? session.defaults[keyPath: setting],
                target != session.applied[keyPath: setting]
            else { return }
            if send(connection, Int32(target)) == 0 { session.applied[keyPath: setting] = target }
        }
    }

    // MARK: Liveness and closing

    /// Whether the daemon is still there. Cheap (no SSIP round trip), to be polled while an
    /// utterance sounds.
    ///
    /// False once closed, once libspeechd's reader thread has seen the socket end (it drops its
    /// stream), or once the socket reports the peer gone (`poll` with `POLLRDHUP`, on our own
    /// descriptor, which libspeechd's reading does not disturb). After `kill -9` of the daemon
    /// both turn within about 2 ms. Answers even while another call blocks.
    var isAlive: Bool {
        liveness.withLock { current in
            guard let handle = current, earshot_spd_is_open(handle.connection) != 0 else { return false }
            return !Libc.peerHasGone(handle.descriptor)
        }
    }

    /// Closes the connection; later calls do nothing, `say` returns nil and ``isAlive`` is false.
    /// Idempotent; `deinit` closes too.
    ///
    /// Waits for a call in flight on another thread. From the handler it returns at once and the
    /// connection closes on a thread of its own (`spd_close` joins the reader thread the handler
    /// runs on); when no thread can be made, it stays open rather than join its own thread.
    ///
    /// The corresponding C function is `spd_close`.
    func close() {
        if Registry.isDelivering(on: Libc.currentThread()) {
            _ = Libc.tryStartThread(name: "earshot-speechd-close") { [self] in self.closeNow() }
            return
        }
        closeNow()
    }

    private func closeNow() {
        let taken = session.withLock { session -> Handle? in
            defer { session.handle = nil }
            return session.handle
        }
        guard let handle = taken else { return }
        liveness.withLock { $0 = nil }
        Registry.remove(clientID: clientID, owner: ObjectIdentifier(self))
        // deinit can run on the reader thread (a handler dropped the last reference).
        if Registry.isDelivering(on: Libc.currentThread()) {
            _ = Libc.tryStartThread(name: "earshot-speechd-close") { SpeechDispatcher.release(handle) }
        } else {
            SpeechDispatcher.release(handle)
        }
    }

    /// Ends libspeechd's side (reader thread, socket, memory) and our watch on the socket.
    private static func release(_ handle: Handle) {
        call { libspeechd.functions?.close(handle.connection) }
        Libc.close(handle.descriptor)
    }
}
