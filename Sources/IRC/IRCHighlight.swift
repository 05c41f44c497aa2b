/// Whether a line names someone, as irssi and weechat match highlights: a word matches only
/// at word boundaries, compared with IRC's case mapping (rfc1459: `[]\~` are the capitals of
/// `{}|^`), so the nick "me" is in "me: hi" and "hi @me!" but not in "some", "time" or "comet".
///
/// ```swift
/// IRCHighlight.matches("Kim[away]: look", words: ["kim{away}"])  // true
/// IRCHighlight.matches("welcome home", words: ["me"])            // false
/// ```
public enum IRCHighlight {
    /// Whether any of `words` (a nick, `irc.highlights`) occurs in `text` as a whole word.
    public static func matches(_ text: String, words: [String]) -> Bool {
        let folded = Array(fold(text).unicodeScalars)
        return words.contains { word in
            let needle = Array(fold(word).unicodeScalars)
            return !needle.isEmpty && occurs(needle, in: folded)
        }
    }

    /// IRC's case mapping, then Unicode lower case for letters beyond ASCII.
    static func fold(_ text: String) -> String { IRCCaseMapping.fold(text).lowercased() }

    private static func occurs(_ needle: [Unicode.Scalar], in text: [Unicode.Scalar]) -> Bool {
        guard needle.count <= text.count else { return false }
        var start = 0
        while start + needle.count <= text.count {
            if text[start] == needle[0], text[start..<start + needle.count].elementsEqual(needle) {
                let before = start == 0 || !isWordScalar(text[start - 1])
                let after = start + needle.count == text.count || !isWordScalar(text[start + needle.count])
                if before && after { return true }
            }
            start += 1
        }
        return false
    }

    /// Letters, digits and the characters a nick may hold (`_-{}|^\``) join a word; anything
    /// else (spaces, punctuation such as `:`, `,`, `@`, `!`) separates words.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return true }
        return "_-{}|^`[]\\~".unicodeScalars.contains(scalar)
    }
}
