import CBrlAPI
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The shell around ``BrailleDisplay``: one thread that holds the BrlAPI connection to BRLTTY,
/// writes what the machine asks, reads the display's keys, and reports what the user asked for.
///
/// - The host and key come from `BRLAPI_HOST` and `BRLAPI_AUTH`, as for every BrlAPI client.
/// - No BRLTTY, or BRLTTY gone: the status says why, and a connection is tried again every
///   ``retryInterval``; when it comes back the display is written again. Nothing blocks the
///   caller: every call only queues work for the thread.
/// - Only routing, panning and line up/down are taken from the display; every other key stays
///   BRLTTY's.
///
/// ```swift
/// let braille = BrailleConnection(onInput: { input in … }, onStatus: { status in … })
/// braille.show(BrailleLine("Send, btn"))
/// braille.message("Connected to 127.0.0.1")
/// ```
public final class BrailleConnection: Sendable {
    public struct Configuration: Sendable, Equatable {
        /// A liblouis table list for contracted braille; nil: computer braille from BRLTTY's table.
        public var table: String?
        /// How long a message stays on the display.
        public var messageTimeout: Duration
        /// Paced reading: the focus is reported read once its line has been read through
        /// (``BrailleDisplay/restLength``).
        public var paced: Bool

        public init(table: String? = nil, messageTimeout: Duration = .seconds(4), paced: Bool = false) {
            self.table = table
            self.messageTimeout = messageTimeout
            self.paced = paced
        }
    }

    /// How long a line that fits must show, uncovered, to count as read when reading is paced.
    public static let restLength: Duration = .seconds(1)

    public enum Status: Sendable, Equatable {
        case connecting
        /// Connected to a display of this many cells.
        case connected(cells: Int)
        /// Not connected, and why.
        case unavailable(Unavailable)
    }

    /// Why there is no display, as a type: the client words it.
    public enum Unavailable: Error, Sendable, Hashable {
        /// Nothing answers at the host (BRLTTY is not running, or has no BrlAPI).
        case noServer(host: String)
        /// BRLTTY refused the key (`BRLAPI_AUTH`).
        case refused(host: String)
        /// BRLTTY answered but has no display to give (or no terminal to give it for).
        case noDisplay(host: String)
        /// The connection was lost.
        case lost(host: String)
        /// The liblouis table cannot be loaded: computer braille is shown instead.
        case noTable(String)
    }

    /// How often a lost or missing BRLTTY is looked for again.
    public static let retryInterval: Duration = .seconds(2)

    /// What the display is asked to show, in the order asked.
    enum Request: Sendable, Equatable {
        case focus(BrailleLine, fromKey: Bool)
        case message(BrailleLine, answer: Bool)
    }

    struct Inbox: Sendable {
        /// Requests not yet carried out, in the order they came: the newest focus (it replaces
        /// an older one) and the newest few messages.
        var requests: [Request] = []
        /// News dropped before the display took it (a flood while BRLTTY is away), for the sign.
        var dropped = 0
        var configuration: Configuration?
        var stopping = false
        var status: Status = .connecting
    }

    let inbox = Mutex(Inbox())
    let wake: (read: Int32, write: Int32)
    let host: String?
    let onInput: @Sendable (BrailleInput) -> Void
    let onStatus: @Sendable (Status) -> Void
    /// The words of the sign for news a full queue dropped ("2 more messages not shown").
    let droppedWords: @Sendable (Int) -> String
    let done = Mutex(false)

    /// Starts the thread; it connects at once. `host` and `auth` default to BrlAPI's own
    /// (`BRLAPI_HOST`, `BRLAPI_AUTH`, else the local BRLTTY).
    public init(
        configuration: Configuration = Configuration(), host: String? = nil,
        onInput: @escaping @Sendable (BrailleInput) -> Void, onStatus: @escaping @Sendable (Status) -> Void = { _ in },
        droppedWords: @escaping @Sendable (Int) -> String = { "+\($0)" }
    ) {
        self.droppedWords = droppedWords
        var fds: [Int32] = [0, 0]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        } else {
            fds = [-1, -1]
        }
        wake = (fds[0], fds[1])
        self.host = host
        self.onInput = onInput
        self.onStatus = onStatus
        inbox.withLock { $0.configuration = configuration }
        let thread = Thread(connection: self)
        thread.start()
    }

    /// What braille shows now.
    public var status: Status { inbox.withLock { $0.status } }

    /// The focus's line (replaces one not yet written); `fromKey`: the reader's key moved it
    /// there, and it replaces a message on the display.
    public func show(_ line: BrailleLine, fromKey: Bool = true) {
        inbox.withLock { inbox in
            // Only the newest focus is written, but one a key moved to keeps that for the next.
            let keyed = inbox.requests.contains { if case .focus(_, true) = $0 { true } else { false } }
            inbox.requests.removeAll { if case .focus = $0 { true } else { false } }
            inbox.requests.append(.focus(line, fromKey: fromKey || keyed))
        }
        poke()
    }

    /// An announcement, shown for the message timeout: an `answer` to the reader's key shows at
    /// once (answers to earlier keys not shown yet are dropped); news waits its turn.
    public func message(_ text: String, answer: Bool = false) {
        inbox.withLock { inbox in
            if answer {
                inbox.requests.removeAll { if case .message(_, true) = $0 { true } else { false } }
            } else {
                // While the display is away, only the newest few wait; the rest are counted.
                let news = inbox.requests.indices.filter {
                    if case .message(_, false) = inbox.requests[$0] { true } else { false }
                }
                if news.count >= BrailleDisplay.queueLimit + 1, let oldest = news.first {
                    inbox.requests.remove(at: oldest)
                    inbox.dropped += 1
                }
            }
            inbox.requests.append(.message(BrailleLine(text), answer: answer))
        }
        poke()
    }

    public func configure(_ configuration: Configuration) {
        inbox.withLock { $0.configuration = configuration }
        poke()
    }

    /// Leaves the display to BRLTTY and ends the thread; waits for it (briefly).
    public func stop() {
        inbox.withLock { $0.stopping = true }
        poke()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(2)
        while !done.withLock({ $0 }), clock.now < deadline { _ = poll(nil, 0, 5) }
    }

    func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    func setStatus(_ status: Status) {
        let changed = inbox.withLock { inbox -> Bool in
            defer { inbox.status = status }
            return inbox.status != status
        }
        if changed { onStatus(status) }
    }
}

extension BrailleConnection {
    /// The thread's own state: the handle, the machine, the table in use.
    ///
    /// Unchecked, not locked: after ``start()`` every field is touched by the braille thread
    /// alone. BrlAPI calls the parameter callback that sets ``sizeMayHaveChanged`` from inside
    /// that thread's own BrlAPI calls, as it handles the packets they read.
    final class Thread: @unchecked Sendable {
        let connection: BrailleConnection
        var handle: BrlAPI?
        var fd: Int32 = -1
        var display = BrailleDisplay(width: 40)
        var configuration = Configuration()
        var tableWorks = true
        var hostName: String
        let clock = ContinuousClock()
        let origin: ContinuousClock.Instant
        var lastFocus: BrailleLine?
        /// Set by BrlAPI's parameter callback when the display's size changes.
        var sizeMayHaveChanged = false
        var nextAttempt: ContinuousClock.Instant

        init(connection: BrailleConnection) {
            self.connection = connection
            hostName = connection.host ?? ProcessInfoLite.environment("BRLAPI_HOST") ?? "this computer"
            origin = clock.now
            nextAttempt = clock.now
        }

        var now: Duration { origin.duration(to: clock.now) }

        func start() {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            var thread = pthread_t()
            let box = Unmanaged.passRetained(self).toOpaque()
            let created = pthread_create(
                &thread, &attributes,
                { pointer in
                    // pthread_create passes back the box it was given, never nil.
                    guard let pointer else { return nil }
                    let me = Unmanaged<Thread>.fromOpaque(pointer).takeRetainedValue()
                    me.run()
                    return nil
                }, box)
            pthread_attr_destroy(&attributes)
            if created == 0 { pthread_detach(thread) } else { Unmanaged<Thread>.fromOpaque(box).release() }
        }

        func run() {
            // A write to a BRLTTY that just died must fail with EPIPE here, not end the client.
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &mask, nil)
            // The sign for dropped news, in the client's words and the display's table.
            let words = connection.droppedWords
            display.sign = { [unowned self] count in render(BrailleLine(words(count))) }
            while true {
                let (stopping, configuration) = connection.inbox.withLock { ($0.stopping, $0.configuration) }
                if stopping { break }
                if let configuration, configuration != self.configuration { configure(configuration) }
                if handle == nil, clock.now >= nextAttempt { connect() }
                waitForWork()
                drainWake()
                if handle != nil { readKeys() }
                if let handle, sizeMayHaveChanged {
                    sizeMayHaveChanged = false
                    if let columns = handle.displayWidth, columns != display.width { resized(columns) }
                }
                if handle != nil { takeInbox() }
                if handle != nil { perform(display.tick(at: now)) }
            }
            disconnect()
            connection.done.withLock { $0 = true }
        }

        /// Sleeps until a key, a call, the message's end or the next connection attempt.
        func waitForWork() {
            var fds = [pollfd(fd: connection.wake.read, events: Int16(POLLIN), revents: 0)]
            if handle != nil { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = -1
            if handle == nil {
                timeout = Int32(max(0, (clock.now.duration(to: nextAttempt)).milliseconds))
            } else if let deadline = display.nextDeadline {
                timeout = Int32(max(0, (deadline - now).milliseconds) + 1)
            }
            _ = poll(&fds, nfds_t(fds.count), timeout)
        }

        func drainWake() {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(connection.wake.read, &buffer, buffer.count) > 0 {}
        }

        func configure(_ new: Configuration) {
            let tableChanged = new.table != configuration.table
            configuration = new
            display.restLength = new.paced ? BrailleConnection.restLength : nil
            guard tableChanged else { return }
            tableWorks = new.table.map(Contraction.canLoad) ?? true
            if let table = new.table, !tableWorks { connection.setStatus(.unavailable(.noTable(table))) }
            if let line = lastFocus, handle != nil { perform(display.show(render(line), fromKey: false, at: now)) }
        }

        func render(_ line: BrailleLine) -> BrailleRendering {
            if let table = configuration.table, tableWorks, let rendering = Contraction.render(line, table: table) {
                return rendering
            }
            return .computer(line)
        }

        func takeInbox() {
            let (requests, dropped) = connection.inbox.withLock { inbox in
                defer {
                    inbox.requests = []
                    inbox.dropped = 0
                }
                return (inbox.requests, inbox.dropped)
            }
            display.dropped += dropped
            for request in requests {
                switch request {
                case .focus(let line, let fromKey):
                    lastFocus = line
                    perform(display.show(render(line), fromKey: fromKey, at: now))
                case .message(let line, let answer):
                    perform(display.message(render(line), at: now, for: configuration.messageTimeout, answer: answer))
                }
            }
        }

        func readKeys() {
            guard let handle else { return }
            while true {
                let code: brlapi_keyCode_t
                switch handle.readKey() {
                case .key(let read): code = read
                case .none: return
                case .failed: return lost()
                }
                guard let command = Self.command(code) else { continue }
                for action in display.command(command, at: now) {
                    switch action {
                    case .write(let window): write(window)
                    case .report(let input): connection.onInput(input)
                    }
                }
            }
        }

        static func command(_ code: brlapi_keyCode_t) -> BrailleDisplay.Command? {
            guard code & EARSHOT_BRLAPI_TYPE_MASK == EARSHOT_BRLAPI_TYPE_CMD else { return nil }
            let block = code & EARSHOT_BRLAPI_CMD_BLK_MASK
            let argument = Int(code & EARSHOT_BRLAPI_CMD_ARG_MASK)
            if block == EARSHOT_BRLAPI_CMD_ROUTE { return .route(argument) }
            guard block == 0 else { return nil }
            switch code & EARSHOT_BRLAPI_CMD_ARG_MASK {
            case EARSHOT_BRLAPI_CMD_FWINLT: return .panLeft
            case EARSHOT_BRLAPI_CMD_FWINRT: return .panRight
            case EARSHOT_BRLAPI_CMD_LNUP: return .lineUp
            case EARSHOT_BRLAPI_CMD_LNDN: return .lineDown
            default: return nil
            }
        }

        func perform(_ actions: [BrailleDisplay.Action]) {
            for action in actions {
                switch action {
                case .write(let window): write(window)
                case .report(let input): connection.onInput(input)
                }
            }
        }

        func write(_ window: BrailleWindow) {
            guard let handle else { return }
            let written: Bool
            switch window.content {
            case .text(let text):
                // One scalar per cell, as BrlAPI counts them.
                let cells = String(String.UnicodeScalarView(text.map { $0.unicodeScalars.first ?? " " }))
                written = handle.write(cells: cells, width: display.width, cursor: window.cursor)
            case .dots(var dots):
                if let cursor = window.cursor, cursor < dots.count { dots[cursor] |= 0xC0 }
                written = handle.write(dots: dots)
            }
            if !written { return lost() }
        }

        func connect() {
            nextAttempt = clock.now + BrailleConnection.retryInterval
            let opened: Opened
            do {
                opened = try BrailleConnection.open(host: connection.host, named: hostName)
            } catch {
                return connection.setStatus(.unavailable(error))
            }
            let handle = opened.handle
            let columns = opened.columns
            guard handle.enterTTYMode() else {
                opened.close()
                return connection.setStatus(.unavailable(.noDisplay(host: hostName)))
            }
            handle.accept(only: [
                EARSHOT_BRLAPI_CMD_ROUTE, EARSHOT_BRLAPI_CMD_FWINLT, EARSHOT_BRLAPI_CMD_FWINRT, EARSHOT_BRLAPI_CMD_LNUP,
                EARSHOT_BRLAPI_CMD_LNDN,
            ])
            // A display whose size changes (a different one plugged in) is followed.
            let me = Unmanaged.passUnretained(self).toOpaque()
            handle.watchDisplaySize(
                context: me,
                { _, _, _, priv, _, _ in
                    // Noted only: BrlAPI calls this from inside its own reads, where a write would
                    // wait for an answer that the same read is holding. The value it passes is
                    // not used: libbrlapi 0.8.4 hands later updates over byte-swapped (40 cells
                    // arrive as 671088640), so the size is asked for afterwards.
                    guard let priv else { return }
                    Unmanaged<Thread>.fromOpaque(priv).takeUnretainedValue().sizeMayHaveChanged = true
                })
            self.handle = handle
            fd = handle.fd
            if let table = configuration.table, !tableWorks {
                connection.setStatus(.unavailable(.noTable(table)))
            } else {
                connection.setStatus(.connected(cells: Int(columns)))
            }
            // The newest focus asked for, not the one shown before BRLTTY went away.
            let waiting = connection.inbox.withLock { inbox in
                inbox.requests.last { if case .focus = $0 { true } else { false } }
            }
            if case .focus(let line, _)? = waiting { lastFocus = line }
            if let line = lastFocus { _ = display.show(render(line), fromKey: false, at: now) }
            perform(display.reconnected(width: Int(columns)))
        }

        func resized(_ cells: Int) {
            perform(display.resize(cells))
            connection.setStatus(.connected(cells: cells))
        }

        func lost() {
            disconnect()
            connection.setStatus(.unavailable(.lost(host: hostName)))
            // Looked for again soon: a restarted BRLTTY takes a moment to listen.
            nextAttempt = clock.now + .milliseconds(200)
        }

        func disconnect() {
            guard let handle else { return }
            handle.leaveTTYMode()
            handle.close()
            self.handle = nil
            fd = -1
            // Consume a SIGPIPE left pending by a write to a BRLTTY that had gone.
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGPIPE)
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&mask, nil, &zero)
        }
    }
}

/// The environment, read without Foundation.
enum ProcessInfoLite {
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

extension Duration {
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

extension BrailleConnection {
    /// Whether a display answers now (for `earshot config`): connects, asks its size, leaves.
    public static func probe(host: String? = nil) -> Status {
        let hostName = host ?? ProcessInfoLite.environment("BRLAPI_HOST") ?? "this computer"
        do {
            let opened = try open(host: host, named: hostName)
            opened.close()
            return .connected(cells: opened.columns)
        } catch {
            return .unavailable(error)
        }
    }

    /// A BrlAPI connection and the display's width.
    struct Opened {
        var handle: BrlAPI
        var columns: Int

        func close() { handle.close() }
    }

    /// Connects to BRLTTY at `host` (nil: BrlAPI's own, from `BRLAPI_HOST`) and asks the
    /// display's width.
    static func open(host: String?, named hostName: String) throws(Unavailable) -> Opened {
        let handle: BrlAPI
        switch BrlAPI.open(host: host) {
        case .success(let opened): handle = opened
        case .failure(.refused): throw .refused(host: hostName)
        case .failure(.noServer): throw .noServer(host: hostName)
        }
        guard let columns = handle.displayWidth else {
            handle.close()
            throw .noDisplay(host: hostName)
        }
        return Opened(handle: handle, columns: columns)
    }
}
