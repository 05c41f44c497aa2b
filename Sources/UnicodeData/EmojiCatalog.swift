/// Every emoji by its name, read from Unicode's own data as Debian ships it.
///
/// Names are CLDR short names from `emoji-test.txt` (Debian's `unicode-data` package), for
/// every fully-qualified, minimally-qualified and unqualified form and for the components (skin
/// tones, hair): "woman technologist: medium skin tone" for 👩🏽‍💻, "flamingo" for 🦩. Keys
/// ignore the presentation selectors U+FE0E and U+FE0F, so "❤" and "❤️" are the same emoji.
///
/// The data is read when first needed (``shared`` is lazy), never at start. When the files are
/// missing the catalog is the built-in set (``builtIn``) and ``problem`` says what to install.
///
/// ```swift
/// let catalog = EmojiCatalog.shared
/// catalog.entry(for: "🦩")?.name           // "flamingo"
/// catalog.matches(in: "hi 👩🏽‍💻!").first?.entry.spokenName  // "woman technologist, medium skin tone"
/// ```
public struct EmojiCatalog: Sendable {
    /// One emoji: its fully-qualified characters and its CLDR short name.
    public struct Entry: Hashable, Sendable {
        /// The fully-qualified sequence, as a picker inserts it.
        public var character: String
        /// The CLDR short name, as Unicode writes it ("woman technologist: medium skin tone").
        public var name: String

        /// The name as a listener hears it and a label shows it: the colon that joins a base to
        /// its qualifiers becomes a comma ("woman technologist, medium skin tone").
        public var spokenName: String { name.replacingColons(with: ",") }
    }

    /// One emoji found in a text: where it is (in unicode scalars) and which it is.
    public struct Match: Hashable, Sendable {
        /// The scalars of the text that the emoji takes, presentation selectors included.
        public var scalars: Range<Int>
        public var entry: Entry
    }

    /// Where the catalog came from.
    public enum Source: Hashable, Sendable {
        /// Read from `emoji-test.txt` at this path.
        case unicodeData(path: String)
        /// The built-in set: the data files were missing or unreadable.
        case builtIn
    }

    /// Fully-qualified emoji, in the file's (CLDR) order: what a picker lists.
    public let entries: [Entry]
    /// What was read and from where.
    public let source: Source
    /// Why the full data is not here and what to install; nil when it was read.
    public let problem: String?

    /// Every form's key (scalars without presentation selectors) → index in `names`.
    let byKey: [String: Int]
    /// Names by index (the entries and every other form's entry).
    let forms: [Entry]
    /// Scalars that start some key: only these begin a lookup.
    let starters: Set<Unicode.Scalar>
    /// The most scalars in a key.
    let longest: Int

    /// Whether `scalars` may hold an emoji: a non-ASCII scalar with Unicode's Emoji property,
    /// or an ASCII one ("#", "1") followed by a non-ASCII scalar, as in a keycap. Asked before
    /// the catalog is, so text without emoji never has it read.
    public static func mayHoldEmoji(_ scalars: [Unicode.Scalar]) -> Bool {
        for (index, scalar) in scalars.enumerated() where scalar.properties.isEmoji {
            if !scalar.isASCII || (index + 1 < scalars.count && !scalars[index + 1].isASCII) { return true }
        }
        return false
    }

    /// A catalog of `forms` (each with its characters and name); the fully-qualified ones,
    /// in order, are `entries`.
    init(forms list: [(entry: Entry, fullyQualified: Bool)], source: Source, problem: String?) {
        var byKey: [String: Int] = [:]
        var forms: [Entry] = []
        var entries: [Entry] = []
        var starters = Set<Unicode.Scalar>()
        var longest = 1
        byKey.reserveCapacity(list.count)
        for (entry, fullyQualified) in list {
            let key = Self.key(entry.character.unicodeScalars)
            guard let first = key.unicodeScalars.first else { continue }
            if fullyQualified { entries.append(entry) }
            guard byKey[key] == nil else { continue }
            byKey[key] = forms.count
            forms.append(entry)
            starters.insert(first)
            longest = max(longest, key.unicodeScalars.count)
        }
        self.entries = entries
        self.forms = forms
        self.byKey = byKey
        self.starters = starters
        self.longest = longest
        self.source = source
        self.problem = problem
    }

    /// The emoji that `text` is, exactly (presentation selectors aside); nil for anything else.
    public func entry(for text: String) -> Entry? {
        byKey[Self.key(text.unicodeScalars)].map { forms[$0] }
    }

    /// Whether `scalar` can start an emoji: text without any needs no search.
    public func canStart(_ scalar: Unicode.Scalar) -> Bool { starters.contains(scalar) }

    /// The emoji in `scalars`, longest match first, left to right: a ZWJ sequence or a skin
    /// tone wins over its parts, and what is not a known sequence falls back to its parts
    /// ("👩‍🦩", not an emoji of its own, is a woman and a flamingo).
    public func matches(in scalars: [Unicode.Scalar]) -> [Match] {
        var result: [Match] = []
        var index = 0
        while index < scalars.count {
            if starters.contains(scalars[index]), let match = longestMatch(in: scalars, at: index) {
                result.append(match)
                index = match.scalars.upperBound
            } else {
                index += 1
            }
        }
        return result
    }

    /// The emoji in `text`, as ``matches(in:)-([Unicode.Scalar])`` finds them.
    public func matches(in text: String) -> [Match] { matches(in: Array(text.unicodeScalars)) }

    /// The longest known sequence starting at `start`, presentation selectors skipped (and
    /// taken along when they follow it).
    public func longestMatch(in scalars: [Unicode.Scalar], at start: Int) -> Match? {
        var key = String.UnicodeScalarView()
        // After each scalar of the key: the key's length and where the text has got to.
        var candidates: [(key: String, end: Int)] = []
        var index = start
        while index < scalars.count, candidates.count < longest {
            let scalar = scalars[index]
            index += 1
            if Self.isPresentationSelector(scalar) {
                if !candidates.isEmpty { candidates[candidates.count - 1].end = index }
                continue
            }
            key.append(scalar)
            candidates.append((String(key), index))
        }
        for candidate in candidates.reversed() {
            if let found = byKey[candidate.key] {
                return Match(scalars: start..<candidate.end, entry: forms[found])
            }
        }
        return nil
    }

    /// `scalars` without presentation selectors, as a key.
    static func key(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var key = String.UnicodeScalarView()
        for scalar in scalars where !isPresentationSelector(scalar) { key.append(scalar) }
        return String(key)
    }

    /// U+FE0E (text presentation) and U+FE0F (emoji presentation).
    public static func isPresentationSelector(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0E || scalar.value == 0xFE0F
    }
}

extension String {
    /// "a: b: c" → "a, b, c" (with `separator` ","); with "" the colon goes and the space stays.
    func replacingColons(with separator: String) -> String {
        guard contains(":") else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == ":" { result += separator } else { result.append(character) }
        }
        return result
    }
}
