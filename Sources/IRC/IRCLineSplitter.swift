/// Splits outgoing text so every line fits the 512-byte IRC limit.
///
/// Splits only at Unicode scalar boundaries (never inside a UTF-8 sequence), preferring the
/// last space in the second half of a chunk. Newlines in the text start new chunks.
///
/// ```swift
/// IRCLineSplitter.split("a long text", maxBytes: 4)  // ["a", "long", "text"]
/// ```
public enum IRCLineSplitter {
    /// Chunks of `text`, each at most `maxBytes` UTF-8 bytes and not empty.
    public static func split(_ text: String, maxBytes: Int) -> [String] {
        let limit = max(maxBytes, 4)
        var chunks: [String] = []
        for line in text.split(
            omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            var scalars = Substring(line).unicodeScalars[...]
            while !scalars.isEmpty {
                var bytes = 0
                var cut = scalars.startIndex
                var lastSpace: String.UnicodeScalarView.Index?
                var bytesAtSpace = 0
                while cut < scalars.endIndex {
                    let width = UTF8.width(scalars[cut])
                    if bytes + width > limit { break }
                    if scalars[cut] == " " {
                        lastSpace = cut
                        bytesAtSpace = bytes
                    }
                    bytes += width
                    cut = scalars.index(after: cut)
                }
                if cut == scalars.endIndex {
                    chunks.append(String(String.UnicodeScalarView(scalars)))
                    break
                }
                if let space = lastSpace, bytesAtSpace * 2 >= limit {
                    chunks.append(String(String.UnicodeScalarView(scalars[..<space])))
                    scalars = scalars[scalars.index(after: space)...]
                } else {
                    chunks.append(String(String.UnicodeScalarView(scalars[..<cut])))
                    scalars = scalars[cut...]
                }
            }
        }
        return chunks.filter { !$0.isEmpty }
    }

    /// Bytes left for the text of a PRIVMSG/NOTICE to `target` from `nick`, so the line the
    /// server relays (with `:nick!user@host ` in front) stays within 512 bytes.
    public static func textBudget(
        command: String, target: String, nick: String, isAction: Bool = false
    )
        -> Int
    {
        // ":" nick "!" user(10) "@" host(63) " " command " " target " :" text CR LF
        let source = 1 + nick.utf8.count + 1 + 10 + 1 + 63 + 1
        let fixed = command.utf8.count + 1 + target.utf8.count + 2 + 2
        let action = isAction ? 9 : 0
        return 512 - source - fixed - action
    }
}
