import Foundation

/// Who is typing where, from received `+typing` tags, with the spec's expiry.
///
/// `active` expires after 6 seconds without a refresh, `paused` after 30; `done` or a message
/// from the same person clears it. Someone typing again soon after they were last heard is no
/// news (``isNews(_:in:now:names:)``).
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
    /// When each person's typing was last said, or their message heard, per channel.
    private var lastNews: [Key: Date] = [:]
    /// Typing again this soon after one's typing was said or one's message heard is shown, but
    /// is no news: quick lines, each after a moment's typing, are not each announced.
    public static let quietAfter: TimeInterval = 60

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

    /// A message from `nick` ends their typing; it was heard (see ``isNews(_:in:now:names:)``).
    public mutating func messageReceived(from nick: String, in channel: String, now: Date, names: IRCCaseMapping) {
        received(.done, from: nick, in: channel, now: now, names: names)
        forgetOldNews(now: now)
        lastNews[Key(channel: names.fold(channel), nick: names.fold(nick))] = now
    }

    /// What is older than ``quietAfter`` says nothing any more: a long session does not keep it.
    private mutating func forgetOldNews(now: Date) {
        if lastNews.count > 1000 { lastNews = lastNews.filter { now.timeIntervalSince($0.value) < Self.quietAfter } }
    }

    /// Whether any of `started`, who began typing in `channel`, is news: not said typing and not
    /// heard writing there in the last ``quietAfter`` seconds. Each of them counts as said now.
    public mutating func isNews(_ started: [String], in channel: String, now: Date, names: IRCCaseMapping) -> Bool {
        forgetOldNews(now: now)
        var news = false
        for nick in started {
            let key = Key(channel: names.fold(channel), nick: names.fold(nick))
            if lastNews[key].map({ now.timeIntervalSince($0) >= Self.quietAfter }) ?? true { news = true }
            lastNews[key] = now
        }
        return news
    }

    /// Nicks typing in `channel` at `now`, sorted.
    public func typing(in channel: String, now: Date, names: IRCCaseMapping) -> [String] {
        let folded = names.fold(channel)
        return entries.filter { $0.key.channel == folded && $0.value.expires > now }.map(\.value.nick).sorted()
    }
}
