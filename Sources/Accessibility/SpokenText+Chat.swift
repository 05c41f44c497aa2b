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

    /// `text` with its emoticons named and its links shortened; most text (a phrase, a message
    /// with a time's colon) is returned as it is after one pass over its bytes and a glance at
    /// each word's first character, with nothing allocated.
    static func replacingChatForms(in text: String) -> String {
        guard mayHoldChatForm(text) else { return text }
        var result = ""
        var changed = false
        var copied = text.startIndex
        let bytes = text.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            // Words end at a space, which is one byte: its index is a character's too.
            let end = bytes[start...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
            if start < end, firstBytes.contains(bytes[start]), let form = chatForm(text[start..<end]) {
                if !changed { result.reserveCapacity(bytes.count + 16) }
                changed = true
                result += text[copied..<start]
                result += form
                copied = end
            }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        guard changed else { return text }
        result += text[copied...]
        return result
    }

    /// Whether `text` has a byte that begins an emoticon or a link, or "www.".
    private static func mayHoldChatForm(_ text: String) -> Bool {
        var run = 0  // how many of "www." in a row so far
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: "^"), UInt8(ascii: "/"),
                UInt8(ascii: "\\"):
                return true
            case UInt8(ascii: "w"), UInt8(ascii: "W"):
                run = run < 3 ? run + 1 : 3
            case UInt8(ascii: "."):
                if run == 3 { return true }
                run = 0
            default:
                run = 0
            }
        }
        return false
    }

    /// The bytes a chat form can begin with, after what may stand before it.
    private static let formBytes: Set<UInt8> = Set(":;<^o\\hHwW".utf8)
    /// The one-byte characters that may stand before a chat form in its word.
    private static let leadingBytes: Set<UInt8> = Set("\"'([".utf8)

    /// The first bytes of a word that may hold a chat form: those characters' and what may
    /// stand before them (0xE2 begins a curly quote, 0xEE the client's own marks).
    private static let firstBytes: Set<UInt8> = Set(
        ":;<^o\\hHwW\"'([".utf8
    ).union([0xE2, 0xEE])

    /// The emoticons' bytes, for a comparison that needs no grapheme breaking.
    private static let faceBytes: [(bytes: [UInt8], name: String)] = emoticons.map { (Array($0.face.utf8), $0.name) }

    /// The word read as an emoticon or a link, or nil when it is neither.
    private static func chatForm(_ word: Substring) -> String? {
        // What stands before it is skipped by bytes: each leading character is one byte, or
        // three (a curly quote, the client's marks), so the common word costs a few compares.
        let bytes = word.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let byte = bytes[start]
            if leadingBytes.contains(byte) {
                start = bytes.index(after: start)
            } else if byte == 0xE2 || byte == 0xEE, leading.contains(word[start]) {
                start = word.index(after: start)
            } else {
                break
            }
        }
        guard start < bytes.endIndex, formBytes.contains(bytes[start]) else { return nil }
        let before = word[..<start]
        let whole = word[start...]
        // The face's own closing characters may have been taken for trailing ones: the face is
        // looked for from `start`, and what follows it must all be trailing.
        for face in faceBytes where whole.utf8.starts(with: face.bytes) {
            let afterFace = whole.utf8.index(whole.startIndex, offsetBy: face.bytes.count)
            let rest = whole[afterFace...]
            guard rest.allSatisfy(trailing.contains) else { continue }
            // A bracket closed after it is the sentence's, not said: "(see :))" is "see smiley".
            return before + " " + face.name + rest.filter { !")]}".contains($0) } + " "
        }
        guard startsIgnoringCase(whole, "http") || startsIgnoringCase(whole, "www.") else { return nil }
        var end = word.endIndex
        while end > start, trailing.contains(word[word.index(before: end)]) { end = word.index(before: end) }
        guard let place = linkPlace(word[start..<end]) else { return nil }
        return before + "link " + place + word[end...]
    }

    /// Where a link leads: its host (without `www.`) and path, without the scheme, the query or
    /// the fragment; nil when `body` is not a link.
    private static func linkPlace(_ body: Substring) -> String? {
        var place: Substring
        if let scheme = ["https://", "http://"].first(where: { startsIgnoringCase(body, $0) }) {
            place = body.dropFirst(scheme.count)
        } else if startsIgnoringCase(body, "www.") {
            place = body
        } else {
            return nil
        }
        if let cut = place.firstIndex(where: { $0 == "?" || $0 == "#" }) { place = place[..<cut] }
        if startsIgnoringCase(place, "www.") { place = place.dropFirst(4) }
        while place.last == "/" { place = place.dropLast() }
        guard let host = place.split(separator: "/").first, host.contains(where: \.isLetter) else { return nil }
        return String(place)
    }

    /// Whether `text` begins with `prefix` (ASCII, lowercase), in any case, byte by byte.
    private static func startsIgnoringCase(_ text: Substring, _ prefix: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        for expected in prefix.utf8 {
            guard let byte = bytes.next() else { return false }
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard lower == expected else { return false }
        }
        return true
    }
}
