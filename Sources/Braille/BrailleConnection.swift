import CBrlAPI
import Synchronization

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

    /// The display's state (``BrailleStatus``), and why there is none (``BrailleUnavailable``).
    public typealias Status = BrailleStatus
    public typealias Unavailable = BrailleUnavailable

    /// How often a lost or missing BRLTTY is looked for again.
    public static let retryInterval: Duration = .seconds(2)

    /// What the display is asked to show, in the order asked.
    enum Request: Sendable, Equatable {
        case focus(BrailleLine, fromKey: Bool)
        case message(BrailleLine, answer: Bool)
        case forget(about: String)
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
        wake = Libc.wakePipe()
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
    /// News with a `topic` replaces the news of that topic not written yet.
    /// The channel `about` opened: its news not read yet is put away.
    public func forget(about: String) {
        inbox.withLock { inbox in
            inbox.requests.removeAll { if case .message(let line, false) = $0 { line.about == about } else { false } }
            inbox.requests.append(.forget(about: about))
        }
        poke()
    }

    public func message(_ text: String, answer: Bool = false, topic: String? = nil, about: String? = nil) {
        inbox.withLock { inbox in
            if let topic {
                inbox.requests.removeAll { if case .message(let line, _) = $0 { line.topic == topic } else { false } }
            }
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
            inbox.requests.append(.message(BrailleLine(text, topic: topic, about: about), answer: answer))
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
        while !done.withLock({ $0 }), clock.now < deadline { Libc.wait(readable: [], milliseconds: 5) }
    }

    func poke() { Libc.poke(wake.write) }

    func setStatus(_ status: Status) {
        let changed = inbox.withLock { inbox -> Bool in
            defer { inbox.status = status }
            return inbox.status != status
        }
        if changed { onStatus(status) }
    }
}

/// The environment, read without Foundation.
enum ProcessInfoLite {
    static func environment(_ name: String) -> String? {
        Libc.environment(name)
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
