import Foundation

/// The emoji Earshot offers by name: what the picker searches and reactions are read as.
///
/// Names follow Unicode's short names, as espeak-ng reads the characters ("thumbs up" for 👍).
/// `party parrot` is a custom, animated emoji: it has no character and is always shown and
/// spoken by its still name.
public struct Emoji: Hashable, Sendable {
    public var name: String
    public var character: String?

    /// What a reaction is stored as: the character, or `:name:` for a custom emoji.
    public var storedForm: String { character ?? ":\(name.replacingOccurrences(of: " ", with: "_")):" }

    public static let all: [Emoji] = [
        ("thumbs up", "👍"), ("red heart", "❤️"), ("party popper", "🎉"), ("grinning face", "😀"),
        ("face with tears of joy", "😂"), ("smiling face with smiling eyes", "😊"), ("thinking face", "🤔"),
        ("eyes", "👀"), ("rocket", "🚀"), ("fire", "🔥"), ("check mark", "✅"), ("clapping hands", "👏"),
        ("folded hands", "🙏"), ("waving hand", "👋"), ("hundred points", "💯"), ("loudly crying face", "😭"),
        ("thumbs down", "👎"), ("star", "⭐"), ("sparkles", "✨"), ("OK hand", "👌"), ("raising hands", "🙌"),
        ("flexed biceps", "💪"), ("hot beverage", "☕"), ("bug", "🐛"), ("warning", "⚠️"), ("red question mark", "❓"),
        ("slightly smiling face", "🙂"), ("winking face", "😉"), ("grimacing face", "😬"), ("sun", "☀️"),
        ("light bulb", "💡"), ("pizza", "🍕"), ("cake", "🍰"), ("wrench", "🔧"), ("lock", "🔒"),
        ("party parrot", nil),
    ].map { Emoji(name: $0.0, character: $0.1) }

    /// The three offered first in the actions sheet.
    public static let mostUsed = Array(all.prefix(3))

    /// Emoji whose name contains every word of `query`, in table order.
    public static func search(_ query: String) -> [Emoji] {
        let words = query.lowercased().split(separator: " ")
        guard !words.isEmpty else { return all }
        return all.filter { emoji in words.allSatisfy { emoji.name.lowercased().contains($0) } }
    }

    /// The name for a stored reaction: a known character or a `:shortcode:`.
    public static func name(of stored: String) -> String {
        if let known = all.first(where: { $0.character == stored || $0.storedForm == stored }) { return known.name }
        if stored.hasPrefix(":"), stored.hasSuffix(":"), stored.count > 2 {
            return String(stored.dropFirst().dropLast()).replacingOccurrences(of: "_", with: " ")
        }
        return stored
    }
}
