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
        Louis.quiet()
        return Louis.canLoad(table)
    }

    /// `line` in `table`, or nil when the table cannot be loaded or translation fails.
    public static func render(_ line: BrailleLine, table: String) -> BrailleRendering? {
        Louis.quiet()
        // liblouis works on Unicode scalars (its widechar is 32 bits here); the line's offsets
        // are characters, so each scalar remembers its character.
        var scalars: [Louis.Character] = []
        var characterOfScalar: [Int] = []
        for (index, character) in line.text.enumerated() {
            for scalar in character.unicodeScalars {
                scalars.append(Louis.Character(scalar.value))
                characterOfScalar.append(index)
            }
        }
        if scalars.isEmpty {
            return BrailleRendering(
                line: line, cells: .dots([0]), characterOfCell: [0], caretCell: line.caret.map { _ in 0 })
        }
        let caretScalar = line.caret.map { caret in characterOfScalar.firstIndex { $0 >= caret } ?? scalars.count }
        var capacity = scalars.count * 4 + 16
        while true {
            // liblouis wants the cursor inside the text; at the end there is none to keep uncontracted.
            let cursor = caretScalar.map { min($0, scalars.count - 1) }
            let atEnd = caretScalar.map { $0 >= scalars.count } ?? false
            guard let translation = Louis.translate(scalars, table: table, cursor: cursor, capacity: capacity) else {
                return nil
            }
            if translation.consumed < scalars.count, capacity < scalars.count * 16 {
                // The output filled up before the input was done: more room.
                capacity *= 2
                continue
            }
            var dots = translation.output.map { UInt8(truncatingIfNeeded: $0 & 0xFF) }
            var characterOfCell = translation.inputPositions.map { position in
                characterOfScalar[min(max(Int(position), 0), characterOfScalar.count - 1)]
            }
            var caretCell: Int? = caretScalar == nil ? nil : Int(translation.cursor)
            if atEnd {
                dots.append(0)
                characterOfCell.append(line.text.count)
                caretCell = dots.count - 1
            }
            return BrailleRendering(
                line: line, cells: .dots(dots), characterOfCell: characterOfCell, caretCell: caretCell)
        }
    }
}
