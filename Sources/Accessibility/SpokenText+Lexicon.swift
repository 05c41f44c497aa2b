/// How the listener wants words said: their own pronunciations (`[speech.pronounce]`), and
/// nicks without the decorations people add to them ("_kim_", "kim|away", "kim^" are all
/// said "kim").
///
/// Words match whole, without case: a word is what lies between white space, less quotes,
/// brackets and sentence punctuation around it.
///
/// ```swift
/// let lexicon = SpokenText.Lexicon(pronounce: ["kpcyrd": "k p cyrd"], nicks: ["kim|away"])
/// lexicon.apply("kim|away: ask kpcyrd.")   // "kim: ask k p cyrd."
/// ```
extension SpokenText {
    public struct Lexicon: Hashable, Sendable {
        /// Lower-cased written word to spoken form.
        private var words: [String: String] = [:]

        /// No entries: text is said as written.
        public static let empty = Lexicon()

        public init() {}

        /// `pronounce` maps words to how they are said; `nicks` are people's names as
        /// written, said without their decorations (and then as `pronounce` says).
        public init(pronounce: [String: String], nicks: some Sequence<String> = [String]()) {
            for (word, spoken) in pronounce {
                let key = word.lowercased()
                // A spoken form holding its own word would grow each time it is applied.
                guard !key.isEmpty, !spoken.lowercased().split(separator: " ").contains(Substring(key)) else {
                    continue
                }
                words[key] = spoken
            }
            for nick in nicks {
                let plain = SpokenText.plainNick(nick)
                guard plain != nick else { continue }
                words[nick.lowercased()] = words[plain.lowercased()] ?? plain
            }
        }

        public var isEmpty: Bool { words.isEmpty }

        /// `text` with every listed word replaced by its spoken form.
        public func apply(_ text: String) -> String {
            guard !words.isEmpty else { return text }
            var result = ""
            result.reserveCapacity(text.utf8.count)
            var changed = false
            var word = Substring()
            var start = text.startIndex
            func flush(_ end: String.Index) {
                word = text[start..<end]
                guard !word.isEmpty else { return }
                // Quotes, brackets and sentence punctuation around a word are not part of it.
                let core = word.drop { Self.around.contains($0) }
                let trimmed = core.reversed().drop { Self.around.contains($0) || Self.after.contains($0) }
                let coreEnd = core.index(core.startIndex, offsetBy: trimmed.count)
                let middle = core[..<coreEnd]
                if !middle.isEmpty, let spoken = words[middle.lowercased()] {
                    result += word[..<middle.startIndex]
                    result += spoken
                    result += word[middle.endIndex...]
                    changed = true
                } else {
                    result += word
                }
            }
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character.isWhitespace {
                    flush(index)
                    result.append(character)
                    start = text.index(after: index)
                }
                index = text.index(after: index)
            }
            flush(text.endIndex)
            return changed ? result : text
        }

        private static let around: Set<Character> = [
            "\u{E001}", "\u{E002}", "\"", "'", "(", ")", "[", "]", "<", ">", "«", "»", "“", "”", "‘", "’",
        ]
        private static let after: Set<Character> = [",", ".", ":", ";", "!", "?"]
    }

    /// A nick without its decorations: underscores and `^`, `` ` `` or `-` around it, and an
    /// away or status suffix after `|` ("kim|away", "_kim_", "kim^", "kim`" are "kim"). A nick
    /// that would be left empty is kept.
    ///
    /// ```swift
    /// SpokenText.plainNick("kim|away")   // "kim"
    /// ```
    public static func plainNick(_ nick: String) -> String {
        var core = Substring(nick)
        if let bar = core.firstIndex(of: "|"), bar != core.startIndex { core = core[..<bar] }
        let decoration: Set<Character> = ["_", "^", "`", "-", "|"]
        core = core.drop { decoration.contains($0) }
        while let last = core.last, decoration.contains(last) { core = core.dropLast() }
        return core.isEmpty ? nick : String(core)
    }
}
