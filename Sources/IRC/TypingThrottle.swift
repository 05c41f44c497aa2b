import Foundation

/// Decides when to send `+typing` notifications, per the IRCv3 typing spec.
///
/// `active` is sent at most once every 3 seconds per target while the user types; `done` is
/// sent once when they stop (clear or send) after having sent `active`.
///
/// ```swift
/// var throttle = TypingThrottle()
/// throttle.typed(in: "#x", now: t)         // .active
/// throttle.typed(in: "#x", now: t + 1)     // nil
/// throttle.stopped(in: "#x")               // .done
/// ```
public struct TypingThrottle: Sendable {
    /// Minimum interval between two `active` notifications to one target.
    public static let interval: TimeInterval = 3

    private var lastActive: [String: Date] = [:]

    public init() {}

    /// The user typed a key in `target`: the state to send, or nil to send nothing.
    public mutating func typed(in target: String, now: Date) -> TypingState? {
        let key = IRCCaseMapping.fold(target)
        if let last = lastActive[key], now.timeIntervalSince(last) < Self.interval { return nil }
        lastActive[key] = now
        return .active
    }

    /// The user cleared the composer or sent the message: `.done` if `active` went out.
    public mutating func stopped(in target: String) -> TypingState? {
        lastActive.removeValue(forKey: IRCCaseMapping.fold(target)) == nil ? nil : .done
    }
}
