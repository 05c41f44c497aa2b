import Foundation

/// Search keywords for emoji, from CLDR's English annotations as Debian's `unicode-cldr-core`
/// ships them (`annotations/en.xml` and `annotationsDerived/en.xml`): 🦩 is found by
/// "flamboyant" and "tropical" as well as by its name.
///
/// Read when first searched (``shared`` is lazy). Missing files leave no keywords: search still
/// finds every emoji by name.
///
/// ```swift
/// EmojiKeywords.shared.keywords(for: "🦩")  // ["flamboyant", "flamingo", "tropical"]
/// ```
public struct EmojiKeywords: Sendable {
    /// Keywords by emoji key (presentation selectors removed, as CLDR writes them).
    let byKey: [String: [String]]
    /// Why there are none, when the files were not read.
    public let problem: String?

    init(byKey: [String: [String]], problem: String?) {
        self.byKey = byKey
        self.problem = problem
    }

    /// The keywords, read when first needed from ``EmojiCatalog/directory``.
    public static let shared: EmojiKeywords = load()

    /// The two annotation files under `directory`.
    public static func paths(in directory: String = EmojiCatalog.directory) -> [String] {
        ["annotations", "annotationsDerived"].map { directory + "/cldr/common/\($0)/en.xml" }
    }

    /// Reads the annotation files under `directory` (derived ones add skin tones and ZWJ
    /// sequences); a missing file sets ``problem``.
    public static func load(directory: String = EmojiCatalog.directory) -> EmojiKeywords {
        var byKey: [String: [String]] = [:]
        var missing: [String] = []
        for path in paths(in: directory) {
            guard let data = FileManager.default.contents(atPath: path) else {
                missing.append(path)
                continue
            }
            for (key, words) in parse(String(decoding: data, as: UTF8.self)) where byKey[key] == nil {
                byKey[key] = words
            }
        }
        let problem =
            missing.isEmpty
            ? nil
            : "\(missing.joined(separator: " and ")) missing: emoji are found by name only. "
                + "Install Debian's unicode-cldr-core package for search keywords."
        return EmojiKeywords(byKey: byKey, problem: problem)
    }

    /// The keywords for `emoji`, lowercased; empty when CLDR has none.
    public func keywords(for emoji: String) -> [String] {
        byKey[EmojiCatalog.key(emoji.unicodeScalars)] ?? []
    }

    /// `<annotation cp="🦩">flamboyant | flamingo | tropical</annotation>` lines; the
    /// `type="tts"` lines (names) are skipped.
    static func parse(_ xml: String) -> [(key: String, words: [String])] {
        var result: [(key: String, words: [String])] = []
        for line in xml.split(separator: "\n") {
            guard let open = line.range(of: "<annotation cp=\""),
                let quote = line[open.upperBound...].firstIndex(of: "\""),
                let close = line[quote...].firstIndex(of: ">"),
                let end = line.range(of: "</annotation>")
            else { continue }
            let attributes = line[quote..<close]
            guard !attributes.contains("type="), close < end.lowerBound else { continue }
            let key = EmojiCatalog.key(unescaped(line[open.upperBound..<quote]).unicodeScalars)
            let words = unescaped(line[line.index(after: close)..<end.lowerBound])
                .split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty }
            result.append((key, words))
        }
        return result
    }

    /// XML's five entities, the only markup CLDR's annotation text uses.
    static func unescaped(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
