/// How much punctuation is spoken, as screen readers name the levels: the one level that the
/// text preparation (`Accessibility.SpokenText`), the speech engine and the settings share.
///
/// Each symbol has the lowest level at which it is named:
/// - ``none``: no symbol is named; sentence punctuation (`. , ? ! ; : ' -`) stays for the
///   voice's pauses, every other symbol is dropped ("#general" → "general").
/// - ``some``: `# @ & * + = / \ | ~ ^ < >` are named ("#general" → "hash general").
/// - ``most``: also brackets, quotes, `_`, `` ` ``, `:` and `;`.
/// - ``all``: also `. , ? ! ' -`.
///
/// `%`, `$`, `€` and `£` are never rewritten: the voice reads them as words already. A symbol
/// standing alone as a word names a key ("or ] and [") and is named at every level.
///
/// ```swift
/// var parameters = SpeechParameters(punctuation: .most)
/// PunctuationLevel.some < .all // true
/// ```
public enum PunctuationLevel: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
    case none
    case some
    case most
    case all

    /// The position in order; inlinable, like `<`, so that comparisons on the speech path
    /// cost what they cost before the type moved to this module.
    @inlinable var rank: Int {
        switch self {
        case .none: 0
        case .some: 1
        case .most: 2
        case .all: 3
        }
    }

    @inlinable public static func < (lhs: PunctuationLevel, rhs: PunctuationLevel) -> Bool {
        lhs.rank < rhs.rank
    }
}
