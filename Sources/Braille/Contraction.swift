import CLouis

/// Contracted (literary) braille through liblouis: a line's cells as dots, with the caret and
/// routing mapped through liblouis's position arrays, and the word at the caret uncontracted
/// (liblouis's `compbrlAtCursor`, as NVDA shows it) so that what is being typed reads letter
/// by letter.
///
/// liblouis keeps global state and is not thread-safe: only ``BrailleConnection``'s thread
/// calls it.
public enum Contraction {
    /// Whether liblouis can load `table` (a table list such as "en-ueb-g2.ctb").
    public static func canLoad(_ table: String) -> Bool {
        quietLogs()
        return lou_getTable(table) != nil
    }

    /// `line` in `table`, or nil when the table cannot be loaded or translation fails.
    public static func render(_ line: BrailleLine, table: String) -> BrailleRendering? {
        quietLogs()
        // liblouis works on Unicode scalars (its widechar is 32 bits here); the line's offsets
        // are characters, so each scalar remembers its character.
        var scalars: [widechar] = []
        var characterOfScalar: [Int] = []
        for (index, character) in line.text.enumerated() {
            for scalar in character.unicodeScalars {
                scalars.append(widechar(scalar.value))
                characterOfScalar.append(index)
            }
        }
        if scalars.isEmpty {
            return BrailleRendering(
                line: line, cells: .dots([0]), characterOfCell: [0], caretCell: line.caret.map { _ in 0 })
        }
        let caretScalar = line.caret.map { caret in characterOfScalar.firstIndex { $0 >= caret } ?? scalars.count }
        var inputLength = Int32(scalars.count)
        var capacity = scalars.count * 4 + 16
        while true {
            var output = [widechar](repeating: 0, count: capacity)
            var outputLength = Int32(capacity)
            var inputPositions = [Int32](repeating: 0, count: capacity)
            var outputPositions = [Int32](repeating: 0, count: scalars.count)
            // liblouis wants the cursor inside the text; at the end there is none to keep uncontracted.
            var cursor = Int32(min(caretScalar ?? -1, scalars.count - 1))
            let atEnd = caretScalar.map { $0 >= scalars.count } ?? false
            var mode = Int32(dotsIO.rawValue)
            if caretScalar != nil { mode |= Int32(compbrlAtCursor.rawValue) }
            let wantsCursor = caretScalar != nil
            let ok = table.withCString { tableName in
                withUnsafeMutablePointer(to: &cursor) { cursorPointer in
                    lou_translate(
                        tableName, scalars, &inputLength, &output, &outputLength, nil, nil, &outputPositions,
                        &inputPositions, wantsCursor ? cursorPointer : nil, mode)
                }
            }
            guard ok != 0 else { return nil }
            if inputLength < Int32(scalars.count), capacity < scalars.count * 16 {
                // The output filled up before the input was done: more room.
                capacity *= 2
                inputLength = Int32(scalars.count)
                continue
            }
            let count = Int(outputLength)
            var dots = output.prefix(count).map { UInt8(truncatingIfNeeded: $0 & 0xFF) }
            var characterOfCell = inputPositions.prefix(count).map { position in
                characterOfScalar[min(max(Int(position), 0), characterOfScalar.count - 1)]
            }
            var caretCell: Int? = caretScalar == nil ? nil : Int(cursor)
            if atEnd {
                dots.append(0)
                characterOfCell.append(line.text.count)
                caretCell = dots.count - 1
            }
            return BrailleRendering(
                line: line, cells: .dots(dots), characterOfCell: characterOfCell, caretCell: caretCell)
        }
    }

    /// liblouis writes its complaints to stderr, which is the user's terminal: they are kept
    /// out of it (a table that cannot load is reported by ``canLoad(_:)`` instead).
    static func quietLogs() {
        lou_setLogLevel(LOU_LOG_OFF)
    }
}
