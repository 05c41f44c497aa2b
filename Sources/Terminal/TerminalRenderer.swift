import Typography

/// Turns styled text into terminal output for a text size.
///
/// A cell's font is body text at Large (17 pt); a style's size on screen is its point size at
/// the category over 17. Lines wrap at `columns ÷ cell scale`; at the accessibility sizes a blank line follows
/// each line. Where the terminal supports it the glyphs are really larger: kitty's OSC 66
/// (`ESC ] 66 ; s=2:n=13:d=16 ; text ESC \`) or DEC double-size lines (`ESC # 3` top half,
/// `ESC # 4` bottom half; every other line says `ESC # 5`, single size, outright). Colours are the terminal's
/// own — default foreground, bold, underline and the 16-colour palette chosen for its background
/// (``Palette``) — and never a background; with `display.color = "truecolor"` (no palette) they
/// are the 24-bit theme's foreground on its background. Control characters in the text are
/// dropped, so a message can never inject escapes.
///
/// ```swift
/// let renderer = TerminalRenderer(category: .accessibilityLarge, columns: 80, method: .kitty, colors: false)
/// print(renderer.render(StyledText("Hello")), terminator: "")
/// // ESC ] 66 ; s=2 ; Hello ESC \  then two newlines and one blank line
/// ```
public struct TerminalRenderer: Sendable {
    public var category: ContentSizeCategory
    public var columns: Int
    public var method: TextSizingMethod
    public var colors: Bool
    /// The 24-bit theme, used when there is no ``palette``.
    public var theme: Theme
    /// The terminal's own colours; nil draws the 24-bit ``theme`` with its background.
    public var palette: Palette?

    public init(
        category: ContentSizeCategory, columns: Int, method: TextSizingMethod, colors: Bool,
        theme: Theme = .standard, palette: Palette? = nil
    ) {
        self.category = category
        self.columns = max(1, columns)
        self.method = method
        self.colors = colors
        self.theme = theme
        self.palette = palette
    }

    /// A renderer for the user's settings in an environment: a plain environment (not a TTY,
    /// or `TERM=dumb`) gets plain wrapped text; `NO_COLOR` is honoured.
    ///
    /// - Parameters:
    ///   - colorSetting: the user's colour choice, nil for auto.
    ///   - truecolor: the 24-bit themes with their background instead of the terminal's palette.
    public init(
        category: ContentSizeCategory, columns: Int, textSizing: TextSizingPreference,
        colorSetting: Bool?, contrast: ContrastLevel, environment: TerminalEnvironment, truecolor: Bool = false
    ) {
        self.init(
            category: category, columns: columns,
            method: TextSizingMethod.resolve(textSizing, environment: environment),
            colors: environment.colorEnabled(setting: colorSetting), theme: .theme(for: contrast),
            palette: truecolor ? nil : .palette(for: environment.backgroundTone, contrast: contrast))
    }

    /// Blank lines after each line: none below the accessibility sizes, one at them.
    public var lineSpacing: Int { category.isAccessibilityCategory ? 1 : 0 }

    /// The size of a terminal cell's font in points: body text at Large.
    public static let cellPointSize = 17.0

    /// The scale a paragraph's lines are drawn at: its largest point size at the category
    /// over the cell's 17 pt (so body text scales as ``ContentSizeCategory/percent`` says).
    public func lineScale(for text: StyledText) -> LineScale {
        LineScale.forScale(Double(text.largestPointSize(at: category)) / Self.cellPointSize, method: method)
    }

    /// How many characters of normal width fit on a line at `scale`.
    public func wrapWidth(for scale: LineScale) -> Int {
        max(1, columns / scale.cells)
    }

    /// The byte ranges of `text.utf8` that make its lines.
    public func layout(_ text: StyledText) -> [Range<Int>] {
        LineWrapper.wrap(text.utf8, width: wrapWidth(for: lineScale(for: text)))
    }

    /// Rows on screen that `text` takes, spacing included.
    public func rowCount(_ text: StyledText) -> Int {
        let scale = lineScale(for: text)
        return layout(text).count * (scale.rows + lineSpacing)
    }

    /// The output for several paragraphs, one after another.
    public func render(_ texts: [StyledText]) -> String {
        texts.map(render).joined()
    }

    /// The output for one paragraph: every line ends with a newline.
    public func render(_ text: StyledText) -> String {
        let scale = lineScale(for: text)
        var out = ""
        for line in LineWrapper.wrap(text.utf8, width: wrapWidth(for: scale)) {
            let content = renderLine(text, line, scale: scale)
            switch method {
            case .none:
                out += content + "\n"
            case .dec:
                if scale.doubleHeight {
                    out += "\u{1B}#3" + content + "\n" + "\u{1B}#4" + content + "\n"
                } else if scale.cells == 2 {
                    out += "\u{1B}#6" + content + "\n"
                } else {
                    // Said outright: the row may have held a double-size line (the bottom line).
                    out += "\u{1B}#5" + content + "\n"
                }
            case .kitty:
                out += content + String(repeating: "\n", count: scale.rows)
            }
            out += String(repeating: "\n", count: lineSpacing)
        }
        return out
    }

    /// One line's characters with colours and, for kitty, the size escapes.
    func renderLine(_ text: StyledText, _ line: Range<Int>, scale: LineScale) -> String {
        var out = ""
        var coloured = false
        var active = ""
        for run in text.runs {
            let lower = max(run.range.lowerBound, line.lowerBound)
            let upper = min(run.range.upperBound, line.upperBound)
            guard lower < upper else { continue }
            let segment = Self.printable(text.utf8[lower..<upper])
            guard !segment.isEmpty else { continue }
            if colors, let palette {
                var style = palette.style(for: run.role)
                if run.style.isHeading { style.bold = true }
                let sgr = style.sgr
                if sgr != active {
                    out += sgr.isEmpty ? "\u{1B}[0m" : "\u{1B}[0;\(sgr)m"
                    active = sgr
                    coloured = coloured || !sgr.isEmpty
                }
            } else if colors {
                // Truecolor: foreground and the theme's background together, the pair the
                // contrast audit measured.
                let color = theme.color(for: run.role)
                let back = theme.background
                out +=
                    "\u{1B}[\(run.style.isHeading ? "1;" : "")38;2;\(color.red);\(color.green);\(color.blue);"
                    + "48;2;\(back.red);\(back.green);\(back.blue)m"
                coloured = true
            }
            if method == .kitty {
                out += kittySized(segment, style: run.style, scale: scale)
            } else {
                out += segment
            }
        }
        if coloured && (palette == nil || !active.isEmpty) { out += "\u{1B}[0m" }
        return out
    }

    /// `segment` in OSC 66 escapes (at most 4096 bytes of text each), or as it is at scale 1.
    func kittySized(_ segment: String, style: TextStyle, scale: LineScale) -> String {
        var fraction = scale.fraction
        let ratio = Double(style.pointSize(for: category)) / Self.cellPointSize / Double(scale.cells)
        if ratio < 0.97 {
            let (n, d) = LineScale.nearestFraction(ratio)
            fraction = n == d ? nil : (n, d)
        } else {
            fraction = nil
        }
        if scale.cells == 1 && fraction == nil { return segment }
        var metadata = "s=\(scale.cells)"
        if let fraction { metadata += ":n=\(fraction.numerator):d=\(fraction.denominator)" }
        var out = ""
        var chunk = ""
        var chunkBytes = 0
        for scalar in segment.unicodeScalars {
            let size = String(scalar).utf8.count
            if chunkBytes + size > 4096 {
                out += "\u{1B}]66;\(metadata);\(chunk)\u{1B}\\"
                chunk = ""
                chunkBytes = 0
            }
            chunk.unicodeScalars.append(scalar)
            chunkBytes += size
        }
        out += "\u{1B}]66;\(metadata);\(chunk)\u{1B}\\"
        return out
    }

    /// The text without C0/C1 control characters (they could inject escapes).
    static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            return text
        }
        var clean = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
            clean.append(scalar)
        }
        return String(clean)
    }
}
