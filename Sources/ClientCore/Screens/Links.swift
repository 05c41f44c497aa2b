/// The web links in a message's text, as its actions offer them: `http://` and `https://`
/// addresses and ones that start `www.`, without the punctuation around them in a sentence.
///
/// ```swift
/// Links.find(in: "see (https://example.com/docs), or www.example.org.")
/// // ["https://example.com/docs", "www.example.org"]
/// ```
enum Links {
    /// At most this many per message: a list of them is read one by one.
    static let limit = 5

    static func find(in text: String) -> [String] {
        var found: [String] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            let link = String(word.drop { "([<\"'".contains($0) }).trimmingTrailing(".,;:!?)]>\"'")
            let lower = link.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("www."),
                link.count > (lower.hasPrefix("www.") ? 4 : 8), !found.contains(link)
            else { continue }
            found.append(link)
            if found.count == limit { break }
        }
        return found
    }

    /// The address a program opens: a `www.` link as https.
    static func address(_ link: String) -> String {
        link.lowercased().hasPrefix("www.") ? "https://" + link : link
    }
}

extension String {
    fileprivate func trimmingTrailing(_ characters: String) -> String {
        var result = Substring(self)
        while let last = result.last, characters.contains(last) { result = result.dropLast() }
        return String(result)
    }
}
