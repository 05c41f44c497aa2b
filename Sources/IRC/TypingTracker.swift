import Foundation

/// Who is typing where, from received `+typing` tags, with the spec's expiry.
///
/// `active` expires after 6 seconds without a refresh, `paused` after 30; `done` or a message
/// from the same person clears it.
///
/// ```swift
/// var tracker = TypingTracker()
/// tracker.received(.active, from: "ada", in: "#x", now: t, names: .rfc1459)
/// tracker.typing(in: "#x", now: t + 5, names: .rfc1459)  // ["ada"]
/// tracker.typing(in: "#x", now: t + 7, names: .rfc1459)  // []
/// ```
public struct TypingTracker: Sendable {
    /// How long `active` lasts without a refresh.
    public static let activeExpiry: TimeInterval = 6
    /// How long `paused` lasts without a refresh.
    public static let pausedExpiry: TimeInterval = 30

    private struct Key: Hashable {
        var channel: String
        var nick: String
    }

    private var entries: [Key: (nick: String, expires: Date)] = [:]

    public init() {}

    /// Records a notification.
    public mutating func received(
        _ state: TypingState, from nick: String, in channel: String, now: Date, names: IRCCaseMapping
    ) {
        let key = Key(channel: names.fold(channel), nick: names.fold(nick))
        switch state {
        case .active: entries[key] = (nick, now.addingTimeInterval(Self.activeExpiry))
        case .paused: entries[key] = (nick, now.addingTimeInterval(Self.pausedExpiry))
        case .done: entries.removeValue(forKey: key)
        }
    }

    /// A message from `nick` ends their typing.
    public mutating func messageReceived(from nick: String, in channel: String, names: IRCCaseMapping) {
        received(.done, from: nick, in: channel, now: Date(timeIntervalSince1970: 0), names: names)
    }

    /// Nicks typing in `channel` at `now`, sorted.
    public func typing(in channel: String, now: Date, names: IRCCaseMapping) -> [String] {
        let folded = names.fold(channel)
        return entries.filter { $0.key.channel == folded && $0.value.expires > now }.map(\.value.nick).sorted()
    }
}
