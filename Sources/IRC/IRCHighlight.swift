/// Whether a line names someone, as irssi and weechat match highlights: a word matches only
/// at word boundaries, compared with the server's case mapping (rfc1459: `[]\~` are the capitals
/// of `{}|^`; ascii: letters only), so the nick "me" is in "me: hi" and "hi @me!" but not in "some", "time" or "comet".
///
/// ```swift
/// IRCHighlight.matches("Kim[away]: look", words: ["kim{away}"], names: .rfc1459)  // true
/// IRCHighlight.matches("Kim[away]: look", words: ["kim{away}"], names: .ascii)    // false
/// IRCHighlight.matches("welcome home", words: ["me"], names: .rfc1459)            // false
/// ```
public enum IRCHighlight {
    /// Whether any of `words` (a nick, `irc.highlights`) occurs in `text` as a whole word.
    public static func matches(_ text: String, words: [String], names: IRCCaseMapping) -> Bool {
        // ASCII text and words (most lines of most channels) are compared as bytes.
        if isASCII(text) && words.allSatisfy(isASCII) {
            let folded = text.utf8.map(names.fold)
            return words.contains { word in
                let needle = word.utf8.map(names.fold)
                return !needle.isEmpty && occurs(needle, in: folded, isWord: isWordByte)
            }
        }
        return matchesByScalar(text, words: words, names: names)
    }

    /// ``matches(_:words:)`` scalar by scalar, for text beyond ASCII.
    static func matchesByScalar(_ text: String, words: [String], names: IRCCaseMapping) -> Bool {
        let folded = Array(names.fold(text).lowercased().unicodeScalars)
        return words.contains { word in
            let needle = Array(names.fold(word).lowercased().unicodeScalars)
            return !needle.isEmpty && occurs(needle, in: folded, isWord: isWordScalar)
        }
    }

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    private static func occurs<Unit: Equatable>(_ needle: [Unit], in text: [Unit], isWord: (Unit) -> Bool) -> Bool {
        guard needle.count <= text.count else { return false }
        var start = 0
        while start + needle.count <= text.count {
            if text[start] == needle[0], text[start..<start + needle.count].elementsEqual(needle) {
                let before = start == 0 || !isWord(text[start - 1])
                let after = start + needle.count == text.count || !isWord(text[start + needle.count])
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

    /// ``isWordScalar(_:)`` for an ASCII byte.
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: "_-{}|^`[]\\~".utf8.contains(byte)
        }
    }
}
