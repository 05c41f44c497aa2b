/// An emoji Earshot offers by name: what the picker lists and searches, and what reactions
/// are read as.
///
/// Every emoji in Unicode's data is here (``UnicodeData/EmojiCatalog``), named by its CLDR
/// short name with the colon read as a comma ("woman technologist, medium skin tone"), and
/// found by name or by CLDR keyword (🦩 by "flamingo" or "tropical"). `party parrot` is a
/// custom, animated emoji: it has no character and is always shown and spoken by its still
/// name, and stored as the shortcode `:party_parrot:`.
public struct Emoji: Hashable, Sendable {
    public var name: String
    public var character: String?

    public init(name: String, character: String?) {
        self.name = name
        self.character = character
    }

    /// What a reaction is stored as: the character, or `:name:` for a custom emoji.
    public var storedForm: String { character ?? ":\(name.replacingOccurrences(of: " ", with: "_")):" }

    /// Custom emoji: no character, a shortcode.
    public static let custom: [Emoji] = [Emoji(name: "party parrot", character: nil)]

    /// The emoji offered before any search: the ones common in chat, then the custom ones.
    public static let favourites: [Emoji] =
        EmojiCatalog.builtInList.map { Emoji(name: $0.spokenName, character: $0.character) } + custom

    /// The three offered first in the actions sheet.
    public static let mostUsed = Array(favourites.prefix(3))

    /// The most results a search lists; ``search(_:)`` says how many matched in all.
    public static let resultLimit = 50

    /// Emoji for `query`: with no words, the ``favourites``; else every emoji whose name or
    /// keywords contain each word of `query` — those matching by name first, each group in
    /// Unicode's order, custom emoji among them by name — at most ``resultLimit``, and the count
    /// of all that matched.
    public static func search(_ query: String, in data: EmojiData) -> (emoji: [Emoji], total: Int) {
        let words = query.lowercased().split(separator: " ").map(String.init)
        guard !words.isEmpty else { return (favourites, favourites.count) }
        // By name first, the best matches before the rest: the name itself ("rock" before
        // "shamrock"), then names whose words start with the words typed ("thumbs up" for
        // "thumb"), then the others; skin tones after the emoji they change, and only when a
        // word typed names one ("thumbs up dark"): "thumbs" is two emoji, not twelve, as a
        // phone's picker keeps the tones behind the emoji.
        var byName: [(rank: Int, emoji: Emoji)] = []
        var byKeyword: [Emoji] = []
        let keywords = data.keywords
        let typed = words.joined(separator: " ")
        let wantsTones = words.contains { word in
            ["skin", "tone", "light", "medium", "dark"].contains { $0.hasPrefix(word) }
        }
        for entry in data.catalog.entries {
            let name = entry.name.lowercased()
            let toned = name.contains("skin tone")
            if toned, !wantsTones { continue }
            if words.allSatisfy({ name.contains($0) }) {
                let nameWords = name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == ":" || $0 == "," })
                var rank =
                    name == typed ? 0 : words.allSatisfy({ word in nameWords.contains { $0.hasPrefix(word) } }) ? 1 : 2
                if toned { rank += 3 }
                byName.append((rank, Emoji(name: entry.spokenName, character: entry.character)))
                continue
            }
            let found = keywords.keywords(for: entry.character)
            guard !found.isEmpty else { continue }
            if words.allSatisfy({ word in name.contains(word) || found.contains { $0.contains(word) } }) {
                byKeyword.append(Emoji(name: entry.spokenName, character: entry.character))
            }
        }
        byName += custom.filter { emoji in words.allSatisfy { emoji.name.contains($0) } }.map { (2, $0) }
        // A stable order within a rank: the catalog's.
        let ranked = byName.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        let all = ranked.map(\.element.emoji) + byKeyword
        return (Array(all.prefix(resultLimit)), all.count)
    }

    /// The name for a stored reaction: a known character or a `:shortcode:`. The catalog is
    /// asked only for an emoji outside the built-in set of common ones: most reactions are
    /// named without Unicode's data being read.
    public static func name(of stored: String, in catalog: @autoclosure () -> EmojiCatalog) -> String {
        if let custom = custom.first(where: { $0.storedForm == stored }) { return custom.name }
        if stored.hasPrefix(":"), stored.hasSuffix(":"), stored.count > 2 {
            return String(stored.dropFirst().dropLast()).replacingOccurrences(of: "_", with: " ")
        }
        if let entry = EmojiCatalog.common.entry(for: stored) ?? catalog().entry(for: stored) {
            return entry.spokenName
        }
        return stored
    }
}
