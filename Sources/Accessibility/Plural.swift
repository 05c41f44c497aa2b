/// Nouns that agree with their count: "1 new message", "3 new messages", "2 replies".
///
/// Regular English plurals ("message" → "messages", "reply" → "replies", "match" → "matches")
/// plus a short table of irregular ones ("person" → "people"). Only the last word of a noun
/// phrase changes. ``Audit`` uses the same tables to find counts that disagree with their noun.
///
/// ```swift
/// Plural.phrase(1, "new message") // "1 new message"
/// Plural.phrase(3, "new message") // "3 new messages"
/// Plural.of("reply")              // "replies"
/// ```
public enum Plural {
    /// `count` and `noun` in agreement: singular for exactly 1, plural otherwise ("0 messages").
    public static func phrase(_ count: Int, _ noun: String) -> String {
        "\(count) " + (count == 1 ? noun : of(noun))
    }

    /// The plural of `noun`, changing only its last word.
    public static func of(_ noun: String) -> String {
        guard let space = noun.lastIndex(of: " ") else { return pluralWord(noun) }
        return String(noun[...space]) + pluralWord(String(noun[noun.index(after: space)...]))
    }

    /// The singular and plural of the nouns whose counts ``Audit`` checks.
    public static let checkedNouns: [(singular: String, plural: String)] = [
        "message", "action", "reply", "reaction", "mention", "channel", "member", "user", "server",
        "item", "result", "setting", "file", "line", "word", "character", "minute", "second",
        "hour", "day", "week", "month", "year", "person", "match", "emoji", "notification",
    ].map { ($0, of($0)) }

    static let irregular: [String: String] = [
        "person": "people", "child": "children", "emoji": "emoji", "man": "men", "woman": "women",
    ]

    private static func pluralWord(_ word: String) -> String {
        let lower = word.lowercased()
        if let plural = irregular[lower] { return plural }
        if lower.hasSuffix("y"), let beforeY = lower.dropLast().last, !"aeiou".contains(beforeY) {
            return word.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return word + "es" }
        return word + "s"
    }
}
