extension EmojiCatalog {
    /// The emoji Earshot knows without Unicode's data: the ones common in chat, with their
    /// CLDR short names, in the order a picker offers them.
    public static let builtInList: [Entry] = [
        ("👍", "thumbs up"), ("❤️", "red heart"), ("🎉", "party popper"), ("😀", "grinning face"),
        ("😂", "face with tears of joy"), ("😊", "smiling face with smiling eyes"), ("🤔", "thinking face"),
        ("👀", "eyes"), ("🚀", "rocket"), ("🔥", "fire"), ("✔️", "check mark"), ("👏", "clapping hands"),
        ("🙏", "folded hands"), ("👋", "waving hand"), ("💯", "hundred points"), ("😭", "loudly crying face"),
        ("👎", "thumbs down"), ("⭐", "star"), ("✨", "sparkles"), ("👌", "OK hand"), ("🙌", "raising hands"),
        ("💪", "flexed biceps"), ("☕", "hot beverage"), ("🐛", "bug"), ("⚠️", "warning"), ("❓", "red question mark"),
        ("🙂", "slightly smiling face"), ("😉", "winking face"), ("😬", "grimacing face"), ("☀️", "sun"),
        ("💡", "light bulb"), ("🍕", "pizza"), ("🍰", "shortcake"), ("🔧", "wrench"), ("🔒", "locked"),
    ].map { Entry(character: $0.0, name: $0.1) }

    /// The built-in set as a catalog of its own, for the common emoji named without reading
    /// Unicode's data.
    public static let common = builtIn(problem: nil)

    /// The built-in set as a catalog; `problem` says why it is used.
    public static func builtIn(problem: String?) -> EmojiCatalog {
        EmojiCatalog(forms: builtInList.map { ($0, true) }, source: .builtIn, problem: problem)
    }
}
