/// A ``BrailleLine`` as cells: either characters that BRLTTY turns into dots with the user's own
/// table (computer braille, one cell per character), or dots made by liblouis (contracted braille,
/// where cells and characters no longer line up one to one).
public struct BrailleRendering: Sendable, Equatable {
    public enum Cells: Sendable, Equatable {
        /// One character per cell, for BRLTTY's text table.
        case text([Character])
        /// Dots per cell in BrlAPI's layout (bit 0 is dot 1 … bit 7 is dot 8).
        case dots([UInt8])
    }

    public var line: BrailleLine
    public var cells: Cells
    /// For each cell, the character of `line.text` it shows (liblouis's input positions).
    public var characterOfCell: [Int]
    /// The cell of the caret, if there is one.
    public var caretCell: Int?

    public var count: Int {
        switch cells {
        case .text(let characters): characters.count
        case .dots(let dots): dots.count
        }
    }

    public init(line: BrailleLine, cells: Cells, characterOfCell: [Int], caretCell: Int?) {
        self.line = line
        self.cells = cells
        self.characterOfCell = characterOfCell
        self.caretCell = caretCell
    }

    /// Computer braille: each character a cell, the caret on its own character's cell (or the
    /// blank cell after the text).
    public static func computer(_ line: BrailleLine) -> BrailleRendering {
        var characters = Array(line.text)
        if let caret = line.caret, caret >= characters.count { characters.append(" ") }
        let caretCell = line.caret.map { min(max($0, 0), characters.count - 1) }
        return BrailleRendering(
            line: line, cells: .text(characters), characterOfCell: Array(characters.indices), caretCell: caretCell)
    }

    /// Whether cell `index` is blank (a space between words).
    public func isBlank(_ index: Int) -> Bool {
        switch cells {
        case .text(let characters): characters[index] == " "
        case .dots(let dots): dots[index] == 0
        }
    }

    /// Where each display's worth starts, as NVDA's "avoid splitting words" pans: a window ends
    /// after the last blank that fits, so no word is split unless it is longer than the display.
    public func windowStarts(width: Int) -> [Int] {
        var starts = [0]
        var start = 0
        while start + width < count {
            var end = start + width
            // The cell after the window is blank: the window ends on a word's end already.
            if !isBlank(end) {
                if let blank = (start + 1..<end).last(where: isBlank) { end = blank + 1 }
            }
            // A window never starts on the blank between two words (it would read as an indent).
            start = end < count && isBlank(end) && end != caretCell ? end + 1 : end
            if start < count { starts.append(start) }
        }
        return starts
    }

    /// The window that starts at `start`: up to the next start, blank-padded to `width`.
    public func window(from start: Int, width: Int) -> BrailleWindow {
        let starts = windowStarts(width: width)
        let next = starts.first { $0 > start } ?? count
        // A window not at a word's start (one that ends at a caret after the text) runs on to
        // the display's width.
        let end = starts.contains(start) ? min(start + width, count, next) : min(start + width, count)
        let cursor = caretCell.flatMap { $0 >= start && $0 < max(end, start + 1) ? $0 - start : nil }
        switch cells {
        case .text(let characters):
            let shown = start < end ? String(characters[start..<end]) : ""
            return BrailleWindow(
                content: .text(shown + String(repeating: " ", count: width - max(0, end - start))), cursor: cursor)
        case .dots(let dots):
            var shown = start < end ? Array(dots[start..<end]) : []
            shown += Array(repeating: 0, count: width - shown.count)
            return BrailleWindow(content: .dots(shown), cursor: cursor)
        }
    }
}

/// What is written to the display: exactly its width of cells, and the cursor's cell (0-based).
public struct BrailleWindow: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case text(String)
        case dots([UInt8])
    }

    public var content: Content
    public var cursor: Int?

    /// Two cells more at the end: `sign`'s text, or its dots.
    mutating func append(_ sign: (text: String, dots: [UInt8])) {
        switch content {
        case .text(let text): content = .text(text + sign.text)
        case .dots(let dots): content = .dots(dots + sign.dots)
        }
    }
}
