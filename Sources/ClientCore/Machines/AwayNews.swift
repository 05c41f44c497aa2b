/// What came while the listener was away, gathered as a reconnect's replays arrive (one
/// channel after another) and said once, in one sentence: when the replay ends, or, when the
/// channel that opens then says where the listener is ("Connected as ada. hash a"), after that
/// channel's focused message is heard (said at once, it cut that message off).
///
/// Each answer is the news to say now, by channel; the core words it.
///
/// ```swift
/// var away = AwayNews()
/// away.replayed(in: 20, messages: 3, mentions: 1, at: .seconds(1))
/// away.replayEnded(channelOpening: true)  // nil: it waits
/// away.channelOpened()
/// away.focusHeard()                       // [20: 3 messages, 1 mention]
/// ```
struct AwayNews: Sendable {
    /// What came in one channel.
    struct Count: Hashable, Sendable {
        var messages = 0
        var mentions = 0
    }

    /// What the news waits for before it is said.
    enum Wait: Hashable, Sendable {
        /// The channel that says "Connected as ada" to open.
        case channelOpens
        /// That channel's focused message to be heard (or cut off by a key).
        case focusHeard
    }

    /// Replays further apart than this are two absences, not one.
    static let gathering: Duration = .seconds(10)

    private(set) var counts: [Int64: Count] = [:]
    private(set) var waits: Wait?
    private var lastAt: Duration?

    /// News replayed in `channel`. Outside a reconnect's replay (a bouncer's playback that
    /// comes later), the news gathered so far is said at once, replacing a sentence still
    /// waiting to be said, unless it waits for a channel.
    mutating func replayed(in channel: Int64, messages: Int, mentions: Int, at now: Duration) {
        if let lastAt, now - lastAt > Self.gathering { counts = [:] }
        counts[channel, default: Count()].messages += messages
        counts[channel, default: Count()].mentions += mentions
        lastAt = now
    }

    /// The news to say at once for news that came outside a replay, or nil.
    func outsideReplay() -> [Int64: Count]? { waits == nil && !counts.isEmpty ? counts : nil }

    /// The replay is over: the news to say now, or nil while it waits for the channel that
    /// opens (`channelOpening`).
    mutating func replayEnded(channelOpening: Bool) -> [Int64: Count]? {
        if channelOpening, !counts.isEmpty {
            waits = .channelOpens
            return nil
        }
        return take()
    }

    /// A channel opened: news waiting for it now waits for its focused message to be heard.
    mutating func channelOpened() {
        if waits == .channelOpens { waits = .focusHeard }
    }

    /// The reader finished (or was cut off): the news waiting for it, to say now.
    mutating func focusHeard() -> [Int64: Count]? {
        waits == .focusHeard ? take() : nil
    }

    private mutating func take() -> [Int64: Count]? {
        defer {
            counts = [:]
            waits = nil
        }
        return counts.isEmpty ? nil : counts
    }
}
