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
    public func bottom(_ line: String, whole: Bool = false) -> BottomLine {
        let text = StyledText(line, style: .body, role: .body)
        let scale = lineScale(for: text)
        let printable = Self.printable(text.utf8[...])
        let width = max(1, wrapWidth(for: scale) - 1)
        if whole, DisplayWidth.of(printable) > width {
            let rows = Self.rows(printable, columns: columns)
            return BottomLine(output: (method == .dec ? "\u{1B}#5" : "") + printable, rows: rows, cursorRow: rows - 1)
        }
        let clipped = DisplayWidth.prefix(of: printable, fitting: width)
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
