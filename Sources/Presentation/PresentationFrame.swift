/// One drawing step of a sheet or drawer: its height and how dim the screen behind it is.
///
/// Frames are drawn, never spoken. A transition returns several frames when motion is on,
/// and just the final one with Reduce Motion.
///
/// ```swift
/// PresentationFrame(height: 8, dim: 0.7)
/// ```
public struct PresentationFrame: Hashable, Sendable {
    /// Height in terminal rows, counted up from the bottom line (0 is off screen).
    public var height: Int
    /// How dim the content behind is drawn, from 0 (not dimmed) to 1 (fully dimmed).
    public var dim: Double

    /// A frame of `height` rows over content dimmed by `dim` (clamped to 0…1).
    ///
    /// ```swift
    /// PresentationFrame(height: 0, dim: 0)  // nothing shown
    /// ```
    public init(height: Int, dim: Double) {
        self.height = max(height, 0)
        self.dim = dim.isFinite ? min(max(dim, 0), 1) : 0
    }
}
