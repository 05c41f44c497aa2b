import ChatModel

/// The connection as the listener hears of it: typed states, not prose, fed with what the
/// chat layer reports and with time, as swift-nio's state machines are. Each event returns what
/// to do; ``AppCore`` says it (the words are the phrase book's) and opens what it names.
///
/// It knows what the words depend on: whether a server was ever reached (a loss is "lost" only
/// then), whether the loss was said already (once; the quiet retries after it are not news),
/// when the last "trying again" was said (once a minute at most), which replays are still
/// arriving, and the wait for the first channel that replaces #welcome at start.
///
/// ```swift
/// var connection = ConnectionMachine()
/// connection.started(at: .zero)
/// connection.tick(at: .seconds(6))  // Tick(arrival: nil, stillConnecting: true)
/// ```
///
/// Networks are keyed by id, 0 for the only one.
struct ConnectionMachine: Sendable {
    /// How long a start with a server waits for its first channel before #welcome opens.
    static let firstChannelWait: Duration = .seconds(30)
    /// How long "Connecting" stands alone before "Still connecting to …" is said.
    static let stillConnectingAfter: Duration = .seconds(6)
    /// How often a long outage is said to be still being worked on.
    static let retrySpan: Duration = .seconds(60)

    /// Where the client is: in the local workspace, connected with a nick, or disconnected.
    private(set) var status: ConnectionStatus = .local
    /// Networks whose loss has been said, until they are back, with the latest reason (kept for
    /// a retry the listener asks for).
    private(set) var lost: [Int64: DisconnectReason] = [:]
    /// Networks that have welcomed us this run: a connection to them can be lost; to the others
    /// it cannot yet be made.
    private(set) var welcomed: Set<Int64> = []
    /// Networks registered whose replay is still arriving: what came while away is said at its
    /// end, all at once.
    private(set) var replaying: Set<Int64> = []
    /// When a try again was last said of each lost network (nil: the next try was asked for).
    private var retrySaid: [Int64: Duration] = [:]
    /// Until when a start with a server waits for its first channel.
    private var firstChannelDue: Duration?
    /// The first channel joined, opened once the server has replayed its history.
    private var firstJoined: Int64?
    /// When to say once that the server is still being connected to.
    private var stillConnectingAt: Duration?
    /// "Connected as ada", held until the first channel opens and said before its name: said
    /// alone, the opening channel would cut it off.
    private var heldNews: Fact?

    /// What opens when the wait for the first channel ends.
    enum Arrival: Equatable, Sendable {
        /// The first channel joined, in place of #welcome.
        case channel(Int64)
        /// No channel came (the server is down, or refused the sign-in): #welcome, so the
        /// listener is somewhere.
        case welcome
    }

    /// When to be told the time, while something waits for it.
    var nextDeadline: Duration? { [firstChannelDue, stillConnectingAt].compactMap(\.self).min() }

    /// Whether `network` (or, with one server, any) is lost.
    func isLost(_ network: Int64) -> Bool { lost[network] != nil || lost[0] != nil }

    /// The start, with a server to connect to.
    mutating func started(at now: Duration) {
        firstChannelDue = now + Self.firstChannelWait
        stillConnectingAt = now + Self.stillConnectingAfter
    }

    // MARK: Events

    /// The connection went; `.said` when that is news.
    enum Loss: Equatable, Sendable {
        /// Said already: the quiet retries after it are not news.
        case known
        /// To be said: "lost" only when the server had welcomed us (a server never reached
        /// cannot be connected to), then what the wait for the first channel ends in.
        case said(wasConnected: Bool, then: Arrival?)
    }

    mutating func connectionLost(_ network: Int64, _ reason: DisconnectReason, at now: Duration) -> Loss {
        stillConnectingAt = nil
        heldNews = nil
        guard lost.updateValue(reason, forKey: network) == nil else { return .known }
        // The sentence says "Trying again": the next word on it is a minute away.
        retrySaid[network] = now
        status = .disconnected
        return .said(wasConnected: welcomed.contains(network), then: endWait())
    }

    /// What to say of a try again.
    enum Retry: Equatable, Sendable {
        /// Nothing: the network is not lost, or the last word on it is under a minute old.
        case quiet
        /// "Trying again in 30 seconds", once a minute.
        case tryingAgain(inSeconds: Int)
        /// The try the listener asked for failed, for this reason.
        case failed(DisconnectReason, inSeconds: Int)
    }

    /// The client will try `network` again after `delay`.
    mutating func retrying(_ network: Int64, after delay: Duration, at now: Duration) -> Retry {
        guard let reason = lost[network] else { return .quiet }
        let asked = retrySaid[network] == nil
        if let last = retrySaid[network], now - last < Self.retrySpan { return .quiet }
        retrySaid[network] = now
        let seconds = max(1, Int(delay.seconds.rounded()))
        return asked ? .failed(reason, inSeconds: seconds) : .tryingAgain(inSeconds: seconds)
    }

    /// The listener asked for a try now (/reconnect): its failure is answered at once.
    mutating func retryAsked(_ network: Int64) { retrySaid[network] = nil }

    /// What to say on being welcomed.
    enum Welcome: Equatable, Sendable {
        /// Back after a loss: one sentence says where the listener is again.
        case back
        /// "Connected as ada", held to be said with the first channel's name as it opens.
        case held
        /// "Connected as ada", said now.
        case connected
    }

    /// The server welcomed us as `nick`. `news` is what to say of it; `onWelcome` whether
    /// #welcome is the channel shown, and `onMain` whether the main screen is.
    mutating func registered(_ network: Int64, nick: String, news: Fact, onWelcome: Bool, onMain: Bool) -> Welcome {
        replaying.insert(network)
        status = .connected(nick: nick)
        stillConnectingAt = nil
        let firstTime = welcomed.insert(network).inserted
        if lost.removeValue(forKey: network) != nil, !firstTime { return .back }
        // The first channel is about to replace #welcome: said with its name.
        guard firstChannelDue != nil || onWelcome, onMain else { return .connected }
        heldNews = news
        return .held
    }

    /// Whether "Connected as ada" waits for the channel that opens, to be said with it.
    var holdsNews: Bool { heldNews != nil }

    /// The held "Connected as ada", once: said with the channel that opens, or alone when none
    /// does.
    mutating func takeHeldNews() -> Fact? {
        defer { heldNews = nil }
        return heldNews
    }

    /// A channel was joined while #welcome is shown: the channel to open now, or nil while the
    /// start waits (it opens once the server has replayed its history, at ``synced(_:)``).
    mutating func joinedFromWelcome(_ channel: Int64) -> Int64? {
        guard firstChannelDue != nil else { return channel }
        if firstJoined == nil { firstJoined = channel }
        return nil
    }

    /// The server's replay on `network` is over.
    struct Synced: Equatable, Sendable {
        /// The first channel, when one was joined at start.
        var arrival: Arrival?
        /// Whether it was a replay on (re)joining: what came while away is said now.
        var replayEnded: Bool
    }

    mutating func synced(_ network: Int64) -> Synced {
        Synced(arrival: firstJoined != nil ? endWait() : nil, replayEnded: replaying.remove(network) != nil)
    }

    /// The sign-in failed; when the client does not go on without it, the connection is over.
    mutating func signInFailed(continuing: Bool) -> Arrival? {
        guard !continuing else { return nil }
        status = .disconnected
        return endWait()
    }

    /// The server refused the password: the client has stopped rather than ask again.
    mutating func passwordRefused() -> Arrival? {
        status = .disconnected
        return endWait()
    }

    /// What time brings.
    struct Tick: Equatable, Sendable {
        var arrival: Arrival?
        /// Nothing has come for a while: one word that the client is still at it.
        var stillConnecting: Bool
    }

    mutating func tick(at now: Duration) -> Tick {
        var tick = Tick(arrival: nil, stillConnecting: false)
        if let due = firstChannelDue, due <= now { tick.arrival = endWait() }
        if let due = stillConnectingAt, due <= now {
            stillConnectingAt = nil
            // A silent wait reads as a hang.
            tick.stillConnecting = welcomed.isEmpty && lost.isEmpty
        }
        return tick
    }

    /// The wait for the first channel ends: what opens, or nil when nothing waited.
    private mutating func endWait() -> Arrival? {
        guard firstChannelDue != nil else { return nil }
        defer {
            firstChannelDue = nil
            firstJoined = nil
        }
        return firstJoined.map(Arrival.channel) ?? .welcome
    }
}
