import Accessibility
import Testing

@testable import Presentation

@Suite struct SheetSnapTests {
    struct Release: Sendable, CustomTestStringConvertible {
        var height: Int
        var pointsPerSecond: Double
        var canDismiss: Bool = true
        var expected: Sheet.State
        var testDescription: String { "h=\(height) v=\(pointsPerSecond) dismiss=\(canDismiss) → \(expected)" }
    }

    // Short form 7 rows, long form 23 rows.
    static let releases: [Release] = [
        // Flings up go to the long form, from anywhere.
        Release(height: 3, pointsPerSecond: -400, expected: .longForm),
        Release(height: 7, pointsPerSecond: -301, expected: .longForm),
        Release(height: 22, pointsPerSecond: -2000, expected: .longForm),
        // Flings down: above the short form and nearer the long form → short form.
        Release(height: 20, pointsPerSecond: 400, expected: .shortForm),
        Release(height: 12, pointsPerSecond: 400, expected: .shortForm),
        // Flings down: nearer the bottom or below the short form → dismissed.
        Release(height: 11, pointsPerSecond: 400, expected: .dismissed),
        Release(height: 6, pointsPerSecond: 301, expected: .dismissed),
        Release(height: 6, pointsPerSecond: 400, canDismiss: false, expected: .shortForm),
        // Exactly 300 points per second is not a fling: nearest wins.
        Release(height: 20, pointsPerSecond: -300, expected: .longForm),
        Release(height: 5, pointsPerSecond: 300, expected: .shortForm),
        // Slow releases near each height.
        Release(height: 1, pointsPerSecond: 0, expected: .dismissed),
        Release(height: 3, pointsPerSecond: 50, expected: .dismissed),
        Release(height: 1, pointsPerSecond: 0, canDismiss: false, expected: .shortForm),
        Release(height: 5, pointsPerSecond: 0, expected: .shortForm),
        Release(height: 9, pointsPerSecond: -100, expected: .shortForm),
        Release(height: 15, pointsPerSecond: 0, expected: .shortForm),  // tie: first of the list
        Release(height: 16, pointsPerSecond: 0, expected: .longForm),
        Release(height: 23, pointsPerSecond: 200, expected: .longForm),
    ]

    @Test("release rule", arguments: releases)
    func releaseRule(release: Release) {
        let target = Sheet.releaseTarget(
            height: release.height, velocity: PanVelocity(pointsPerSecond: release.pointsPerSecond),
            shortForm: 7, longForm: 23, canDismiss: release.canDismiss)
        #expect(target == release.expected)
    }

    @Test func flingUpFromShortFormExpands() {
        var sheet = Fixtures.sheet(in: .shortForm, reduceMotion: true)
        _ = sheet.panBegan()
        #expect(
            sheet.panChanged(translation: -2)
                == .track(PresentationFrame(height: 9, dim: 0.7), contentOffset: 0))
        let action = sheet.panEnded(velocity: .rowsPerSecond(-30))
        #expect(sheet.state == .longForm)
        #expect(
            Fixtures.notification(action)
                == .layoutChanged(focus: "edit", announcing: .sheetExpanded(total: 9, noun: .init("action"))))
    }

    @Test func flingDownFromLongFormCompresses() {
        var sheet = Fixtures.sheet(in: .longForm, reduceMotion: true)
        _ = sheet.panBegan()
        _ = sheet.panChanged(translation: 2)
        let action = sheet.panEnded(velocity: .rowsPerSecond(30))
        #expect(sheet.state == .shortForm)
        #expect(
            Fixtures.notification(action)
                == .layoutChanged(focus: "more", announcing: .sheetCompressed(shown: 4, total: 9)))
    }

    @Test func flingDownFromShortFormDismissesAndReturnsFocus() {
        var sheet = Fixtures.sheet(in: .shortForm)
        _ = sheet.panBegan()
        _ = sheet.panChanged(translation: 2)
        guard case .draw(let steps) = sheet.panEnded(velocity: PanVelocity(pointsPerSecond: 800)) else {
            Issue.record("dismissal with motion draws steps")
            return
        }
        #expect(steps.last == PresentationFrame(height: 0, dim: 0))
        #expect(sheet.state == .dismissing)
        #expect(
            sheet.transitionFinished()
                == .settle([], .screenChanged(focus: "opener", announcing: .sheetClosed(title: "Message actions"))))
    }

    @Test func slowReleaseNearTheSameFormSnapsBackSilently() {
        var sheet = Fixtures.sheet(in: .shortForm)
        _ = sheet.panBegan()
        _ = sheet.panChanged(translation: -3)
        guard case .draw(let steps) = sheet.panEnded(velocity: .zero) else {
            Issue.record("snapping back only draws")
            return
        }
        #expect(steps.last?.height == 7)
        #expect(sheet.state == .shortForm)
    }

    @Test func dragToDismissCanBeTurnedOff() {
        var configuration = Fixtures.messageActions
        configuration.allowsDragToDismiss = false
        var sheet = Fixtures.sheet(in: .shortForm, configuration: configuration, reduceMotion: true)
        _ = sheet.panBegan()
        _ = sheet.panChanged(translation: 7)
        #expect(sheet.height == 0)
        _ = sheet.panEnded(velocity: .rowsPerSecond(100))
        #expect(sheet.state == .shortForm)
    }

    @Test func anchoredSheetsStopAtTheLongForm() {
        var anchored = Fixtures.messageActions
        anchored.longFormHeight = .rows(15)
        var sheet = Fixtures.sheet(in: .longForm, configuration: anchored)
        _ = sheet.panBegan()
        _ = sheet.panChanged(translation: -10)
        #expect(sheet.height == 15)

        anchored.anchorModalToLongForm = false
        var loose = Fixtures.sheet(in: .longForm, configuration: anchored, reduceMotion: true)
        _ = loose.panBegan()
        _ = loose.panChanged(translation: -10)
        #expect(loose.height == 23)
        #expect(loose.panEnded(velocity: .zero) == .draw([PresentationFrame(height: 15, dim: 0.7)]))
    }

    @Test func dimFadesBelowTheShortForm() {
        var sheet = Fixtures.sheet(in: .shortForm)
        _ = sheet.panBegan()
        guard case .track(let frame, _) = sheet.panChanged(translation: 4) else {
            Issue.record("pans track")
            return
        }
        #expect(frame.height == 3)
        #expect(abs(frame.dim - 0.7 * 3 / 7) < 1e-9)
    }
}
