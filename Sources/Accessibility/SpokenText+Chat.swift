/// What people type in chat that symbols alone read badly: emoticons and links.
///
/// - An emoticon standing as a word is read by name at every level, as a screen reader's symbol
///   dictionary reads it: "great :)" is "great smiley", not "great colon" with the paren dropped.
///   A bracket closed right after it is not said: "(see :))" is "see smiley".
/// - A link is read by where it leads: "link example.com/docs/guide" for
///   `https://www.example.com/docs/guide?id=42#top`. The scheme, `www.`, the query and the
///   fragment are left out (they are read as strings of symbols); the screen and braille keep
///   the whole address.
///
/// Only whole words change, so code such as `f(x:)` or `a:/b` is read as before, and the result
/// holds neither again, so preparing stays idempotent.
///
/// ```swift
/// SpokenText.prepare("ok :) see https://example.com/a?b=1", punctuation: .some)
/// // "ok smiley see link example.com slash a"
/// ```
extension SpokenText {
    /// Emoticons by what they say, longest first where one begins another.
    static let emoticons: [(face: String, name: String)] = [
        (":-)", "smiley"), (":)", "smiley"), (":-(", "frowny"), (":(", "frowny"),
        (";-)", "winky"), (";)", "winky"), (":-D", "grin"), (":D", "grin"),
        (":-P", "tongue out"), (":P", "tongue out"), (":p", "tongue out"), (":-/", "unsure"), (":/", "unsure"),
        (":'(", "crying"), (":-O", "surprised"), (":O", "surprised"), (":o", "surprised"), ("<3", "heart"),
        ("</3", "broken heart"), ("^^", "happy"), ("o/", "waving"), ("\\o", "waving"), ("\\o/", "cheering"),
    ].sorted { $0.face.count > $1.face.count }

    /// What may stand before a chat form in its word: the client's own marks, an opening quote
    /// or bracket.
    private static let leading: Set<Character> = ["\u{E001}", "\u{E002}", "\"", "“", "'", "(", "["]
    /// What may follow one in its word: closing punctuation and the client's own marks.
    private static let trailing: Set<Character> = [
        ")", "]", "}", ".", ",", "!", "?", ";", ":", "\"", "”", "'", "\u{E001}", "\u{E002}",
    ]

    /// `text` with its emoticons named and its links shortened.
    static func replacingChatForms(in text: String) -> String {
        guard mayHoldChatForm(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var first = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !first { result.append(" ") }
            first = false
            result += chatForm(word) ?? String(word)
        }
        return result
    }

    /// Whether `text` has a character that begins an emoticon or a link (one pass over bytes).
    private static func mayHoldChatForm(_ text: String) -> Bool {
        text.contains("www.")
            || text.utf8.contains { byte in
                byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "<")
                    || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
                    || byte == UInt8(ascii: "(")
            }
    }

    /// The word read as an emoticon or a link, or nil when it is neither.
    private static func chatForm(_ word: Substring) -> String? {
        var start = word.startIndex
        while start < word.endIndex, leading.contains(word[start]) { start = word.index(after: start) }
        var end = word.endIndex
        while end > start, trailing.contains(word[word.index(before: end)]) { end = word.index(before: end) }
        let before = word[..<start]
        let after = word[end...]
        let body = word[start..<end]
        if let face = emoticons.first(where: { face in
            // The face's own closing characters may have been taken for trailing ones.
            let whole = word[start...]
            return whole.hasPrefix(face.face) && whole.dropFirst(face.face.count).allSatisfy(trailing.contains)
        }) {
            // A bracket closed after it is the sentence's, not said: "(see :))" is "see smiley".
            let rest = word[start...].dropFirst(face.face.count).filter { !")]}".contains($0) }
            return before + " " + face.name + rest + " "
        }
        guard let place = linkPlace(body) else { return nil }
        return before + "link " + place + after
    }

    /// Where a link leads: its host (without `www.`) and path, without the scheme, the query or
    /// the fragment; nil when `body` is not a link.
    private static func linkPlace(_ body: Substring) -> String? {
        let lower = body.lowercased()
        var place: Substring
        if let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) {
            place = body.dropFirst(scheme.count)
        } else if lower.hasPrefix("www.") {
            place = body
        } else {
            return nil
        }
        if let cut = place.firstIndex(where: { $0 == "?" || $0 == "#" }) { place = place[..<cut] }
        if place.lowercased().hasPrefix("www.") { place = place.dropFirst(4) }
        while place.last == "/" { place = place.dropLast() }
        guard let host = place.split(separator: "/").first, host.contains(where: \.isLetter) else { return nil }
        return String(place)
    }
}
