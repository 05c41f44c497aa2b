/// How fast a pan was moving when it was released, positive downward (UIKit's y axis).
///
/// The unit is PanModal's: points per second, so its fling threshold of 300 points per second
/// (``flingThreshold``) carries over unchanged. A terminal measures drags in rows; use
/// ``rowsPerSecond(_:)``, which counts ``pointsPerRow`` points for each row.
///
/// ```swift
/// let release = PanVelocity.rowsPerSecond(-25)  // -400 points/s: a fling upward
/// release.isFling                                // true
/// ```
public struct PanVelocity: Hashable, Sendable {
    /// Speed in points per second; negative is upward, positive is downward.
    public var pointsPerSecond: Double

    /// A release faster than this (in either direction) is a fling: PanModal's number,
    /// `1000 × (1 − snapMovementSensitivity)` with its sensitivity of 0.7.
    public static let flingThreshold: Double = 300

    /// Points in one terminal row, used to turn a mouse or keyboard drag into points.
    public static let pointsPerRow: Double = 16

    /// A release that is not moving.
    public static let zero = PanVelocity(pointsPerSecond: 0)

    /// A velocity in points per second, positive downward.
    ///
    /// ```swift
    /// PanVelocity(pointsPerSecond: 500)  // a fling downward
    /// ```
    public init(pointsPerSecond: Double) {
        self.pointsPerSecond = pointsPerSecond.isFinite ? pointsPerSecond : 0
    }

    /// A velocity measured in terminal rows per second, positive downward.
    ///
    /// ```swift
    /// PanVelocity.rowsPerSecond(10).pointsPerSecond  // 160
    /// ```
    public static func rowsPerSecond(_ rows: Double) -> PanVelocity {
        PanVelocity(pointsPerSecond: rows * pointsPerRow)
    }

    /// Whether the release is fast enough to snap by direction rather than by distance.
    public var isFling: Bool { abs(pointsPerSecond) > Self.flingThreshold }

    /// Whether the release moves up (toward taller presentations).
    public var isUpward: Bool { pointsPerSecond < 0 }
}
