import Typography

/// How big one line of text is drawn: the whole cell scale and, for kitty, the fraction.
///
/// A character at cell scale `cells` takes `cells` columns (DEC double-width or kitty `s=2`)
/// and `rows` rows. kitty draws the glyph at `numerator/denominator` of the cell block, so
/// the size on screen is `cells × numerator ÷ denominator` times normal.
public struct LineScale: Sendable, Hashable {
    /// Columns each character takes: 1, 2 or 3.
    public var cells: Int
    /// Rows each line takes (2 for DEC double height and kitty s=2).
    public var rows: Int
    /// kitty's fractional scale (`n`, `d`), or nil for a whole scale.
    public var fraction: (numerator: Int, denominator: Int)? {
        get { numerator.map { ($0, denominator) } }
        set {
            numerator = newValue?.numerator
            denominator = newValue?.denominator ?? 1
        }
    }
    /// DEC: draw the line in double height (two physical lines: ESC # 3 then ESC # 4).
    public var doubleHeight: Bool

    private var numerator: Int?
    private var denominator: Int

    public init(cells: Int, rows: Int, fraction: (numerator: Int, denominator: Int)? = nil, doubleHeight: Bool = false)
    {
        self.cells = cells
        self.rows = rows
        self.numerator = fraction?.numerator
        self.denominator = fraction?.denominator ?? 1
        self.doubleHeight = doubleHeight
    }

    public static let normal = LineScale(cells: 1, rows: 1)

    /// The line scale for a text scale (style size ÷ its size at Large) with a method.
    ///
    /// - kitty: `s` = the scale rounded after taking off 0.3 (so 1.35 → 2, 1.12 → 1), at most 7;
    ///   the fraction `n/d` (d ≤ 15) brings the glyph to the exact scale when it is below `s`.
    /// - DEC: double size (double width and double height) from 1.5, never double width alone.
    /// - none: always normal.
    public static func forScale(_ scale: Double, method: TextSizingMethod) -> LineScale {
        switch method {
        case .none:
            return .normal
        case .dec:
            // Double width alone would draw the glyphs squashed (twice as wide, no taller).
            if scale >= 1.5 { return LineScale(cells: 2, rows: 2, doubleHeight: true) }
            return .normal
        case .kitty:
            let whole = min(7, max(1, Int((scale - 0.3).rounded(.up))))
            let ratio = scale / Double(whole)
            guard ratio < 0.97 else { return LineScale(cells: whole, rows: whole) }
            let (n, d) = nearestFraction(ratio)
            return LineScale(cells: whole, rows: whole, fraction: n == d ? nil : (n, d))
        }
    }

    /// The fraction n/d with 0 < n < d ≤ 15 closest to `value` (0 < value < 1).
    static func nearestFraction(_ value: Double) -> (Int, Int) {
        var best = (1, 1)
        var bestError = Double.infinity
        for d in 2...15 {
            let n = min(d - 1, max(1, Int((value * Double(d)).rounded())))
            let error = abs(Double(n) / Double(d) - value)
            if error < bestError - 1e-12 {
                best = (n, d)
                bestError = error
            }
        }
        return best
    }

    public static func == (lhs: LineScale, rhs: LineScale) -> Bool {
        lhs.cells == rhs.cells && lhs.rows == rhs.rows && lhs.numerator == rhs.numerator
            && lhs.denominator == rhs.denominator && lhs.doubleHeight == rhs.doubleHeight
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cells)
        hasher.combine(rows)
        hasher.combine(numerator)
        hasher.combine(denominator)
        hasher.combine(doubleHeight)
    }
}
