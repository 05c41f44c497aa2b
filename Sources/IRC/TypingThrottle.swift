import Foundation

/// Decides when to send `+typing` notifications, per the IRCv3 typing spec.
///
/// `active` is sent at most once every 3 seconds per target while the user types; `done` is
/// sent once when they stop (clear or send) after having sent `active`.
///
/// ```swift
/// var throttle = TypingThrottle()
/// throttle.typed(in: "#x", now: t, names: .ascii)      // .active
/// throttle.typed(in: "#x", now: t + 1, names: .ascii)  // nil
/// throttle.stopped(in: "#x", names: .ascii)            // .done
/// ```
public struct TypingThrottle: Sendable {
    /// Minimum interval between two `active` notifications to one target.
    public static let interval: TimeInterval = 3

    private var lastActive: [String: Date] = [:]

    public init() {}

    /// The user typed a key in `target`: the state to send, or nil to send nothing.
    public mutating func typed(in target: String, now: Date, names: IRCCaseMapping) -> TypingState? {
        let key = names.fold(target)
        if let last = lastActive[key], now.timeIntervalSince(last) < Self.interval { return nil }
        lastActive[key] = now
        return .active
    }

    /// The user cleared the composer or sent the message: `.done` if `active` went out.
    public mutating func stopped(in target: String, names: IRCCaseMapping) -> TypingState? {
        lastActive.removeValue(forKey: names.fold(target)) == nil ? nil : .done
    }
}
