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
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    switch scalar.value {
                    case 0x41...0x5A: Unicode.Scalar(scalar.value + 32) ?? scalar
                    case 0x5B: "{"
                    case 0x5C: "|"
                    case 0x5D: "}"
                    case 0x7E: "^"
                    default: scalar
                    }
                }))
    }

    /// Whether two names are the same under the case mapping.
    public static func equal(_ a: String, _ b: String) -> Bool { fold(a) == fold(b) }
}
