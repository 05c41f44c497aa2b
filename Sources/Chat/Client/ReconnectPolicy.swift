/// How long to wait before reconnecting: exponential back-off with jitter.
///
/// The delay doubles from `initialDelay` up to `maximumDelay`; a random part of it, up to
/// `jitter` (0…1), is taken off so many clients do not reconnect in step. The maximum is 5 s by
/// default: a listener whose server comes back after a long outage is back within five seconds
/// of it, not after a minute of silence.
///
/// ```swift
/// let policy = ReconnectPolicy()
/// policy.delay(attempt: 3, random: 0)  // 4 s
/// ```
public struct ReconnectPolicy: Sendable, Hashable {
    public var initialDelay: Duration
    public var maximumDelay: Duration
    public var jitter: Double
    /// How long a server that accepted the connection has to welcome us (001) before the
    /// connection is given up as not an IRC server's (a wrong port, TLS spoken to as plain) and
    /// tried again later. Real servers answer within seconds, ident and DNS lookups included.
    public var registrationTimeout: Duration

    public init(
        initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(5), jitter: Double = 0.5,
        registrationTimeout: Duration = .seconds(20)
    ) {
        self.registrationTimeout = registrationTimeout
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.jitter = min(max(jitter, 0), 1)
    }

    /// The delay before attempt number `attempt` (0 for the first retry); `random` in 0…1.
    public func delay(attempt: Int, random: Double) -> Duration {
        let initial = Self.milliseconds(initialDelay)
        let maximum = Self.milliseconds(maximumDelay)
        let base = min(initial * Double(1 << min(max(attempt, 0), 30)), maximum)
        let delay = base * (1 - jitter * min(max(random, 0), 1))
        return .milliseconds(Int64(delay.rounded()))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
