import Testing

@testable import Presentation

@Suite struct SpringCurveTests {
    @Test func keepsPanModalsNumbers() {
        #expect(SpringCurve.damping == 0.8)
        #expect(SpringCurve.duration == 0.5)
        #expect(PanVelocity.flingThreshold == 300)
    }

    @Test func startsAtZeroEndsExactlyAtTheTargetAndOvershootsALittle() {
        let curve = SpringCurve.standard
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: curve.duration) == 1)
        let samples = stride(from: 0.0, through: curve.duration, by: 0.005).map(curve.progress(at:))
        let peak = samples.max() ?? 0
        // A damping ratio of 0.8 overshoots by exp(-πζ/√(1-ζ²)) ≈ 1.5 %.
        #expect(peak > 1.01 && peak < 1.02)
        let values = curve.values(from: 3, to: 12)
        #expect(values.count == SpringCurve.stepCount)
        #expect(values.last == 12)
    }

    @Test func presentingDimsInStepsWithMotionAndAtOnceWithout() {
        var moving = Fixtures.sheet(in: .dismissed)
        guard case .draw(let steps) = moving.present(openedBy: nil) else {
            Issue.record("present draws")
            return
        }
        let dims = steps.map(\.dim)
        #expect(dims.first.map { $0 < 0.7 } == true)
        #expect(Set(dims).count > 3, "the dim progresses in several steps")
        #expect(dims.last == 0.7)

        var still = Fixtures.sheet(in: .dismissed, reduceMotion: true)
        guard case .settle(let frames, _) = still.present(openedBy: nil) else {
            Issue.record("present settles at once with Reduce Motion")
            return
        }
        #expect(frames == [PresentationFrame(height: 7, dim: 0.7)])
    }

    @Test("velocity from rows", arguments: [(-25.0, true), (18.0, false), (19.0, true), (0.0, false)])
    func velocityFromRows(rowsPerSecond: Double, isFling: Bool) {
        #expect(PanVelocity.rowsPerSecond(rowsPerSecond).isFling == isFling)
    }
}
