/// RFC 1459 case mapping, which InspIRCd and most networks use for nicks and channels.
///
/// `A`–`Z` fold to `a`–`z`, and `[]\~` to `{}|^`.
///
/// ```swift
/// IRCCaseMapping.fold("Nick[away]")  // "nick{away}"
/// ```
public enum IRCCaseMapping {
    /// The folded form used to compare names.
    public static func fold(_ name: String) -> String {
        // Only ASCII bytes change (a scalar beyond ASCII has no byte below 0x80), so the bytes
        // are folded as they are; a name already folded is returned without a copy.
        guard name.utf8.contains(where: { foldASCII($0) != $0 }) else { return name }
        return String(decoding: name.utf8.map(foldASCII), as: UTF8.self)
    }

    /// Whether two names are the same under the case mapping.
    public static func equal(_ a: String, _ b: String) -> Bool {
        // The mapping changes only ASCII bytes, so two names compare byte by byte, as the
        // server compares them, without folded copies.
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { foldASCII($0) == foldASCII($1) }
    }

    /// One ASCII byte folded: `A`–`Z` to `a`–`z`, `[]\~` to `{}|^`.
    static func foldASCII(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x41...0x5A: byte + 32
        case 0x5B, 0x5C, 0x5D: byte + 32
        case 0x7E: 0x5E
        default: byte
        }
    }
}
