import Accessibility
import Testing

@testable import Presentation

@Suite struct DrawerTests {
    // Compressed 3 rows, expanded 12, full 23.
    static func drawer(_ state: Drawer.State = .compressed, reduceMotion: Bool = true) -> Drawer {
        Drawer(
            configuration: Fixtures.channels, terminalRows: Fixtures.terminalRows, state: state,
            reduceMotion: reduceMotion)
    }

    enum Step: String, CaseIterable, Sendable { case expand, compress, collapse }

    static func expected(_ state: Drawer.State, _ step: Step) -> Drawer.State? {
        switch (state, step) {
        case (.compressed, .expand): .expanded
        case (.expanded, .expand): .fullHeight
        case (.expanded, .compress), (.expanded, .collapse), (.fullHeight, .collapse): .compressed
        case (.fullHeight, .compress): .expanded
        default: nil
        }
    }

    @Test("every state against every step", arguments: Drawer.State.allCases, Step.allCases)
    func table(state: Drawer.State, step: Step) {
        var drawer = Self.drawer(state)
        let action =
            switch step {
            case .expand: drawer.expand()
            case .compress: drawer.compress()
            case .collapse: drawer.collapse()
            }
        if let next = Self.expected(state, step) {
            #expect(drawer.state == next)
            let announced = Fixtures.notification(action)
            let phrase = drawer.fact(for: next)
            if next == .fullHeight {
                #expect(announced == .screenChanged(focus: "channels.first", announcing: phrase))
            } else {
                #expect(announced == .layoutChanged(focus: nil, announcing: phrase))
            }
        } else {
            #expect(drawer.state == state)
            #expect(action == .none)
        }
    }

    @Test func phrases() {
        let drawer = Self.drawer()
        #expect(drawer.fact(for: .expanded) == .drawer(title: "Channels", state: .expanded))
        #expect(drawer.fact(for: .fullHeight) == .drawer(title: "Channels", state: .fullHeight))
    }

    @Test func onlyFullHeightIsModalAndDimmed() {
        #expect(!Self.drawer(.compressed).isModal)
        #expect(!Self.drawer(.expanded).isModal)
        #expect(Self.drawer(.fullHeight).isModal)
        #expect(Self.drawer(.compressed).dim == 0)
        #expect(Self.drawer(.expanded).dim == 0)
        #expect(Self.drawer(.fullHeight).dim == 1)
    }

    @Test func dimIsTheProgressFromExpandedToFull() {
        var drawer = Self.drawer(.expanded)
        _ = drawer.panBegan()
        for rows in 0...11 {
            guard case .track(let frame, _) = drawer.panChanged(translation: -rows) else {
                Issue.record("pans track")
                return
            }
            #expect(abs(frame.dim - Double(rows) / 11) < 1e-9)
            #expect(frame.height == 12 + rows)
        }
    }

    struct Release: Sendable, CustomTestStringConvertible {
        var height: Int
        var pointsPerSecond: Double
        var expected: Drawer.State
        var testDescription: String { "h=\(height) v=\(pointsPerSecond) → \(expected)" }
    }

    static let releases: [Release] = [
        Release(height: 4, pointsPerSecond: -400, expected: .expanded),
        Release(height: 13, pointsPerSecond: -400, expected: .fullHeight),
        Release(height: 23, pointsPerSecond: -400, expected: .fullHeight),
        Release(height: 22, pointsPerSecond: 400, expected: .expanded),
        Release(height: 11, pointsPerSecond: 400, expected: .compressed),
        Release(height: 3, pointsPerSecond: 400, expected: .compressed),
        Release(height: 7, pointsPerSecond: 0, expected: .compressed),  // tie goes lower
        Release(height: 8, pointsPerSecond: 0, expected: .expanded),
        Release(height: 17, pointsPerSecond: 300, expected: .expanded),  // not a fling; tie lower
        Release(height: 18, pointsPerSecond: 100, expected: .fullHeight),
    ]

    @Test("snap by velocity and distance", arguments: releases)
    func snap(release: Release) {
        let target = Drawer.releaseTarget(
            height: release.height, velocity: PanVelocity(pointsPerSecond: release.pointsPerSecond),
            compressed: 3, expanded: 12, full: 23)
        #expect(target == release.expected)
    }

    @Test func listAtItsTopHandsTheDragToTheDrawer() {
        var drawer = Self.drawer(.fullHeight)
        _ = drawer.panBegan(listOffset: 5, maximumListOffset: 40)
        // Moving up through the list: the list scrolls first…
        #expect(
            drawer.panChanged(translation: 3) == .track(PresentationFrame(height: 23, dim: 1), listOffset: 2))
        // …and once it is at its top, the same drag collapses the drawer.
        #expect(
            drawer.panChanged(translation: 9)
                == .track(PresentationFrame(height: 19, dim: 7.0 / 11), listOffset: 0))
        #expect(
            drawer.panChanged(translation: 16) == .track(PresentationFrame(height: 12, dim: 0), listOffset: 0)
        )
        let action = drawer.panEnded(velocity: .zero)
        #expect(drawer.state == .expanded)
        #expect(
            Fixtures.notification(action)
                == .layoutChanged(focus: nil, announcing: .drawer(title: "Channels", state: .expanded)))
    }

    @Test func draggingUpRaisesTheDrawerThenScrollsTheList() {
        var drawer = Self.drawer(.expanded)
        _ = drawer.panBegan(listOffset: 0, maximumListOffset: 6)
        #expect(
            drawer.panChanged(translation: -11)
                == .track(PresentationFrame(height: 23, dim: 1), listOffset: 0))
        #expect(
            drawer.panChanged(translation: -15)
                == .track(PresentationFrame(height: 23, dim: 1), listOffset: 4))
        #expect(
            drawer.panChanged(translation: -30)
                == .track(PresentationFrame(height: 23, dim: 1), listOffset: 6))
        _ = drawer.panEnded(velocity: .rowsPerSecond(-40))
        #expect(drawer.state == .fullHeight)
        #expect(drawer.isModal)
    }

    @Test func aPanThatOnlyScrolledTheListLeavesTheDrawer() {
        var drawer = Self.drawer(.fullHeight)
        _ = drawer.panBegan(listOffset: 10, maximumListOffset: 40)
        _ = drawer.panChanged(translation: 4)
        #expect(drawer.panEnded(velocity: .rowsPerSecond(100)) == .draw([]))
        #expect(drawer.state == .fullHeight)
    }

    @Test func motionDrawsSpringStepsThatAreNotSpoken() {
        var drawer = Self.drawer(.expanded, reduceMotion: false)
        guard case .settle(let steps, let notification) = drawer.expand() else {
            Issue.record("expand settles")
            return
        }
        #expect(steps.count == SpringCurve.stepCount)
        #expect(steps.last == PresentationFrame(height: 23, dim: 1))
        #expect(steps.allSatisfy { (0...1).contains($0.dim) })
        #expect(steps.map(\.dim) != steps.map { _ in 1.0 }, "dim progresses in steps")
        #expect(
            notification
                == .screenChanged(focus: "channels.first", announcing: .drawer(title: "Channels", state: .fullHeight)))
    }
}
