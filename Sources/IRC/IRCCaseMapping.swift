/// How a server compares nicks and channel names (ISUPPORT `CASEMAPPING`): which letters are
/// the same letter in another case.
///
/// - `rfc1459`: `A`–`Z` are `a`–`z`, and `[]\~` are `{}|^` (InspIRCd, ngircd, ircd-hybrid, and
///   the mapping assumed until the server names one).
/// - `strict-rfc1459`: the same without `~` and `^`.
/// - `ascii`: `A`–`Z` are `a`–`z` only (Ergo): `kim[m]` and `kim{m}` are two people.
///
/// ```swift
/// IRCCaseMapping.rfc1459.fold("Nick[away]")  // "nick{away}"
/// IRCCaseMapping.ascii.equal("kim[m]", "KIM{m}")  // false
/// ```
public enum IRCCaseMapping: String, Sendable, Hashable, CaseIterable {
    case rfc1459
    case strictRFC1459 = "strict-rfc1459"
    case ascii

    /// The mapping of the ISUPPORT token's value. A mapping that folds letters beyond ASCII
    /// (`rfc7613`, `rfc8265`, Ergo's `precis`) is taken as `ascii`, which it agrees with on every
    /// ASCII name; anything else unknown is nil (and `rfc1459` stays).
    public init?(isupport value: String) {
        switch value.lowercased() {
        case "rfc1459": self = .rfc1459
        case "strict-rfc1459": self = .strictRFC1459
        case "ascii", "rfc7613", "rfc8265", "precis": self = .ascii
        default: return nil
        }
    }

    /// The folded form used to compare names.
    public func fold(_ name: String) -> String {
        // Only ASCII bytes change (a scalar beyond ASCII has no byte below 0x80), so the bytes
        // are folded as they are; a name already folded is returned without a copy.
        guard name.utf8.contains(where: { fold($0) != $0 }) else { return name }
        return String(decoding: name.utf8.map(fold), as: UTF8.self)
    }

    /// Whether two names are the same under the case mapping.
    public func equal(_ a: String, _ b: String) -> Bool {
        // The mapping changes only ASCII bytes, so two names compare byte by byte, as the
        // server compares them, without folded copies.
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { fold($0) == fold($1) }
    }

    /// One byte folded.
    func fold(_ byte: UInt8) -> UInt8 {
        switch (byte, self) {
        case (0x41...0x5A, _): byte + 32
        case (0x5B...0x5D, .rfc1459), (0x5B...0x5D, .strictRFC1459): byte + 32
        case (0x7E, .rfc1459): 0x5E
        default: byte
        }
    }
}
