/// How emoji are said (`speech.emoji`). A run of one emoji is said once with its count ("fire, 4
/// times") when it is said at all.
///
/// ```swift
/// EmojiSpeech.short  // "🙋🏽‍♀️" is "woman raising hand", without the skin tone
/// ```
public enum EmojiSpeech: String, CaseIterable, Sendable, Hashable, Codable {
    /// By their whole name (Unicode's CLDR names): "thumbs up, medium skin tone".
    case names
    /// By their name without its qualities (skin tone, hair, and the like): "thumbs up".
    case short
    /// Not said; a message of emoji alone is said as "emoji".
    case none
}
