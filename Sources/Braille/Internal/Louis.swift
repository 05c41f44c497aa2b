import CLouis

/// Every call into liblouis goes through here, as BrlAPI's go through `BrlAPI.swift`. liblouis
/// keeps global state and is not thread-safe: only ``BrailleConnection``'s thread (and
/// `earshot config`, before it starts) calls it.
enum Louis {
    /// One liblouis character: a Unicode scalar (its widechar is 32 bits here).
    typealias Character = widechar

    /// The corresponding C function is `lou_getTable`.
    static func canLoad(_ table: String) -> Bool { lou_getTable(table) != nil }

    /// The corresponding C function is `lou_setLogLevel`, to off: liblouis writes its complaints
    /// to stderr, which is the user's terminal.
    static func quiet() { lou_setLogLevel(LOU_LOG_OFF) }

    /// What one `lou_translate` made.
    struct Translation {
        /// Dot patterns, one a cell.
        var output: [Character]
        /// How many scalars of the input were translated (less than all when the output filled).
        var consumed: Int
        /// For each cell, the input scalar it came from.
        var inputPositions: [Int32]
        /// The cursor's cell, when one was asked for.
        var cursor: Int32
    }

    /// The corresponding C function is `lou_translate`, to dots (`dotsIO`), the word at `cursor`
    /// (a scalar offset) left uncontracted (`compbrlAtCursor`), into at most `capacity` cells;
    /// nil when it fails.
    static func translate(_ scalars: [Character], table: String, cursor: Int?, capacity: Int) -> Translation? {
        var inputLength = Int32(scalars.count)
        var output = [Character](repeating: 0, count: capacity)
        var outputLength = Int32(capacity)
        var inputPositions = [Int32](repeating: 0, count: capacity)
        var outputPositions = [Int32](repeating: 0, count: scalars.count)
        var cursorAt = Int32(cursor ?? -1)
        var mode = Int32(dotsIO.rawValue)
        if cursor != nil { mode |= Int32(compbrlAtCursor.rawValue) }
        let ok = table.withCString { tableName in
            withUnsafeMutablePointer(to: &cursorAt) { cursorPointer in
                lou_translate(
                    tableName, scalars, &inputLength, &output, &outputLength, nil, nil, &outputPositions,
                    &inputPositions, cursor != nil ? cursorPointer : nil, mode)
            }
        }
        guard ok != 0 else { return nil }
        let count = Int(outputLength)
        return Translation(
            output: Array(output.prefix(count)), consumed: Int(inputLength),
            inputPositions: Array(inputPositions.prefix(count)), cursor: cursorAt)
    }
}
