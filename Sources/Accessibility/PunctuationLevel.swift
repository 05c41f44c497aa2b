/// Which symbols in labels and values are spoken by name, as screen readers offer it.
///
/// Each symbol has the lowest level at which it is named (see ``SpokenText``):
/// - ``none``: no symbol is named; sentence punctuation (`. , ? ! ; : ' -`) stays for the
///   voice's pauses, every other symbol is dropped ("#general" → "general").
/// - ``some``: `# @ & * + = / \ | ~ ^ < >` are named ("#general" → "hash general").
/// - ``most``: also brackets, quotes, `_`, `` ` ``, `:` and `;`.
/// - ``all``: also `. , ? ! ' -`.
///
/// `%`, `$`, `€` and `£` are never rewritten: the voice reads them as words already.
public enum PunctuationLevel: String, Hashable, Sendable, CaseIterable, Comparable {
    case none
    case some
    case most
    case all

    private var rank: Int {
        switch self {
        case .none: 0
        case .some: 1
        case .most: 2
        case .all: 3
        }
    }

    public static func < (lhs: PunctuationLevel, rhs: PunctuationLevel) -> Bool {
        lhs.rank < rhs.rank
    }
}
