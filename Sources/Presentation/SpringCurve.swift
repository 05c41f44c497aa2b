import Foundation

/// The spring every sheet and drawer transition follows, sampled into drawing steps.
///
/// PanModal animates with `usingSpringWithDamping: 0.8` over 0.5 seconds; ``damping`` and
/// ``duration`` keep those numbers. The curve is the step response of a damped spring with
/// damping ratio 0.8 and a natural frequency chosen so it settles within the duration; it
/// overshoots its target by about 1.5 % before coming to rest. The last sample is exactly 1.
///
/// ```swift
/// let steps = SpringCurve.standard.values(from: 0, to: 10)  // 10 heights ending at 10
/// ```
public struct SpringCurve: Hashable, Sendable {
    /// PanModal's spring damping ratio.
    public static let damping: Double = 0.8
    /// PanModal's transition duration, in seconds.
    public static let duration: Double = 0.5
    /// Drawing steps per transition: 20 per second over ``duration``.
    public static let stepCount = 10

    /// The curve with PanModal's numbers.
    public static let standard = SpringCurve(damping: damping, duration: duration, steps: stepCount)

    /// Damping ratio, above 0 and below 1 (under-damped).
    public var damping: Double
    /// Seconds from the first step to the last.
    public var duration: Double
    /// Number of samples a transition returns (at least 1).
    public var steps: Int

    /// A spring with this damping ratio and duration, sampled `steps` times.
    ///
    /// ```swift
    /// SpringCurve(damping: 0.8, duration: 0.5, steps: 5)
    /// ```
    public init(damping: Double, duration: Double, steps: Int) {
        self.damping = min(max(damping, 0.05), 0.99)
        self.duration = max(duration, 0.01)
        self.steps = max(steps, 1)
    }

    /// Progress of the spring at `time` seconds: 0 at the start, settling at 1.
    ///
    /// ```swift
    /// SpringCurve.standard.progress(at: 0)  // 0
    /// ```
    public func progress(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        guard time < duration else { return 1 }
        // Settle to within 0.1 % by the end: exp(-ζωT) = 0.001.
        let omega = 6.907755 / (damping * duration)
        let dampedOmega = omega * (1 - damping * damping).squareRoot()
        let decay = exp(-damping * omega * time)
        let phase = dampedOmega * time
        return 1 - decay * (cos(phase) + (damping * omega / dampedOmega) * sin(phase))
    }

    /// The values a property takes from `start` to `end`, one per step, the last exactly `end`.
    ///
    /// ```swift
    /// SpringCurve.standard.values(from: 3, to: 12).last  // 12
    /// ```
    public func values(from start: Double, to end: Double) -> [Double] {
        (1...steps).map { step in
            if step == steps { return end }
            let time = duration * Double(step) / Double(steps)
            return start + (end - start) * progress(at: time)
        }
    }
}
