import Typography

extension TerminalRenderer {
    /// The bottom line as drawn: its output (no newline at the end), the rows it takes and the
    /// row the cursor is left on (0 is its top row).
    public struct BottomLine: Sendable, Hashable {
        public var output: String
        public var rows: Int
        public var cursorRow: Int

        public init(output: String, rows: Int, cursorRow: Int) {
            self.output = output
            self.rows = rows
            self.cursorRow = cursorRow
        }
    }

    /// The bottom line — the focused element or the composer — in body text at the category,
    /// enlarged as the messages above it are: DEC double-size (its two halves, the cursor left
    /// on the lower one), kitty's OSC 66 (the cursor stays on the top row of the larger cells),
    /// or plain. It is clipped to one line of its scale, one cell short of the edge so the
    /// cursor never wraps.
    ///
    /// ```swift
    /// let renderer = TerminalRenderer(category: .accessibilityLarge, columns: 80, method: .dec, colors: false)
    /// renderer.bottom("▸ Continue, button").output
    /// // ESC # 3 ▸ Continue, button CR LF ESC # 4 ▸ Continue, button
    /// ```
    ///
    /// With `whole` (for another screen reader, which must get the whole phrase), a line longer
    /// than one line of its scale is not clipped: it is drawn at normal size and the terminal
    /// wraps it over as many rows as it needs.
    ///
    /// With `caret` (a text field's caret, as a character offset into `line`), the line is
    /// scrolled so the caret is always in view, with "…" for the part scrolled off, and the
    /// cursor is left on the caret.
    public func bottom(_ line: String, caret: Int? = nil, whole: Bool = false) -> BottomLine {
        let text = StyledText(line, style: .body, role: .body)
        let scale = lineScale(for: text)
        var printable = Self.printable(text.utf8[...])
        let width = max(1, wrapWidth(for: scale) - 1)
        if whole, DisplayWidth.of(printable) > width {
            let rows = Self.rows(printable, columns: columns)
            return BottomLine(output: (method == .dec ? "\u{1B}#5" : "") + printable, rows: rows, cursorRow: rows - 1)
        }
        var back = 0
        if let caret, !whole {
            let window = Self.window(printable, caret: caret, width: width)
            printable = window.text
            back = window.cellsAfterCaret
        }
        var line = bottomLine(printable, scale: scale, width: width)
        if back > 0 {
            line.output += "\u{1B}[\(back * (method == .kitty ? scale.cells : 1))D"
        }
        return line
    }

    /// The part of `text` shown so that the caret (a character offset) is in view within
    /// `width` cells, and the cells of it after the caret (how far to move the cursor back).
    static func window(_ text: String, caret: Int, width: Int) -> (text: String, cellsAfterCaret: Int) {
        let characters = Array(text)
        let caret = min(max(0, caret), characters.count)
        let widths = characters.map { DisplayWidth.of(String($0)) }
        var start = 0
        var lead = ""
        // The cell under the cursor must be on screen too.
        if widths[..<caret].reduce(0, +) > width - 1 {
            lead = "…"
            start = caret
            var used = 1
            while start > 0, used + widths[start - 1] <= width - 1 {
                start -= 1
                used += widths[start]
            }
        }
        let shown = DisplayWidth.prefix(of: lead + String(characters[start...]), fitting: width)
        let beforeCaret = DisplayWidth.of(lead) + widths[start..<caret].reduce(0, +)
        return (shown, max(0, DisplayWidth.of(shown) - beforeCaret))
    }

    /// One line of body text at `scale`, clipped to `width`.
    private func bottomLine(_ printable: String, scale: LineScale, width: Int) -> BottomLine {
        let clipped = DisplayWidth.clipped(printable, fitting: width)
        guard !clipped.isEmpty else {
            return BottomLine(output: method == .dec ? "\u{1B}#5" : "", rows: 1, cursorRow: 0)
        }
        let shown = StyledText(clipped, style: .body, role: .body)
        let content = renderLine(shown, 0..<shown.utf8.count, scale: scale)
        switch method {
        case .none:
            return BottomLine(output: content, rows: 1, cursorRow: 0)
        case .dec:
            if scale.doubleHeight {
                return BottomLine(output: "\u{1B}#3" + content + "\n" + "\u{1B}#4" + content, rows: 2, cursorRow: 1)
            }
            return BottomLine(output: (scale.cells == 2 ? "\u{1B}#6" : "\u{1B}#5") + content, rows: 1, cursorRow: 0)
        case .kitty:
            return BottomLine(output: content, rows: scale.rows, cursorRow: 0)
        }
    }

    /// The rows `text` takes when the terminal wraps it at `columns`: a wide character that
    /// does not fit at the end of a row starts the next one.
    static func rows(_ text: String, columns: Int) -> Int {
        var rows = 1
        var used = 0
        for character in text {
            let w = DisplayWidth.of(String(character))
            if used + w > columns {
                rows += 1
                used = w
            } else {
                used += w
            }
        }
        return rows
    }
}
