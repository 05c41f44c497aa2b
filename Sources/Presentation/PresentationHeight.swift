/// How tall a sheet form or drawer detent is, in terminal rows.
///
/// Mirrors PanModal's `PanModalHeight`: a fixed height, a share of the terminal, the height of
/// the content, or as tall as the terminal allows. Heights are resolved against the terminal's
/// row count with ``resolved(terminalRows:)``; they never exceed ``maximum(terminalRows:)``,
/// which leaves ``topInset`` rows of the screen behind visible (PanModal's top offset).
///
/// ```swift
/// PresentationHeight.contentHeight(6).resolved(terminalRows: 24)  // 7: content plus grabber
/// PresentationHeight.fraction(0.5).resolved(terminalRows: 24)     // 12
/// ```
public enum PresentationHeight: Hashable, Sendable {
    /// Exactly this many rows.
    case rows(Int)
    /// This share (0…1) of the terminal's rows, rounded to the nearest row.
    case fraction(Double)
    /// Rows of content plus the grabber line above them.
    case contentHeight(Int)
    /// As tall as the terminal allows, keeping ``topInset`` rows of the screen behind in view.
    case maxHeight

    /// Rows left visible above the tallest presentation, so the screen behind stays in view.
    public static let topInset = 1

    /// The tallest a presentation may be in a terminal of `terminalRows` rows (at least 1).
    ///
    /// ```swift
    /// PresentationHeight.maximum(terminalRows: 24)  // 23
    /// ```
    public static func maximum(terminalRows: Int) -> Int {
        max(terminalRows - topInset, 1)
    }

    /// This height in rows for a terminal of `terminalRows` rows, between 1 and the maximum.
    ///
    /// ```swift
    /// PresentationHeight.rows(40).resolved(terminalRows: 24)  // 23
    /// ```
    public func resolved(terminalRows: Int) -> Int {
        let limit = Self.maximum(terminalRows: terminalRows)
        let rows: Int
        switch self {
        case .rows(let count):
            rows = count
        case .fraction(let share):
            let clamped = share.isFinite ? min(max(share, 0), 1) : 1
            rows = Int((clamped * Double(terminalRows)).rounded())
        case .contentHeight(let contentRows):
            rows = contentRows + 1
        case .maxHeight:
            rows = limit
        }
        return min(max(rows, 1), limit)
    }
}
