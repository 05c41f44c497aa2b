/// Unicode's emoji data as a client is given it: the catalogue of names and the picker's search
/// keywords, each read when first asked for. The client passes ``installed`` (Debian's files,
/// read once each); a test may pass data it made.
///
/// ```swift
/// let emoji = EmojiData.installed
/// emoji.catalog.entry(for: "🚀")?.spokenName   // "rocket", the file read on this first use
/// ```
public struct EmojiData: Sendable {
    private let loadCatalog: @Sendable () -> EmojiCatalog
    private let loadKeywords: @Sendable () -> EmojiKeywords

    public init(catalog: @escaping @Sendable () -> EmojiCatalog, keywords: @escaping @Sendable () -> EmojiKeywords) {
        loadCatalog = catalog
        loadKeywords = keywords
    }

    /// Names and sequences of every emoji.
    public var catalog: EmojiCatalog { loadCatalog() }
    /// Words that find an emoji in the picker.
    public var keywords: EmojiKeywords { loadKeywords() }

    /// Debian's `unicode-data` and `unicode-cldr-core` (``EmojiCatalog/directory``), each read
    /// once, when first used.
    public static let installed = EmojiData(catalog: { .shared }, keywords: { .shared })
}
