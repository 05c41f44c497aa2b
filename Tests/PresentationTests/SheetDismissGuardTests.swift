import Accessibility
import Testing

@testable import Presentation

@Suite struct SheetDismissGuardTests {
    @Test func aDragThatBeganAsAScrollScrollsTheContentFirst() {
        var sheet = Fixtures.sheet(in: .longForm)
        #expect(
            sheet.panBegan(contentOffset: 5)
                == .track(PresentationFrame(height: 23, dim: 0.7), contentOffset: 5))
        #expect(
            sheet.panChanged(translation: 3)
                == .track(PresentationFrame(height: 23, dim: 0.7), contentOffset: 2))
        #expect(
            sheet.panChanged(translation: 8)
                == .track(PresentationFrame(height: 20, dim: 0.7), contentOffset: 0))
    }

    @Test(
        "a guarded drag never dismisses on release",
        arguments: [0.0, 50, 400, 5000])
    func guardedReleaseDoesNotDismiss(pointsPerSecond: Double) {
        var sheet = Fixtures.sheet(in: .longForm, reduceMotion: true)
        _ = sheet.panBegan(contentOffset: 5)
        _ = sheet.panChanged(translation: 27)  // content to top, then the sheet to 1 row
        #expect(sheet.height == 1)
        _ = sheet.panEnded(velocity: PanVelocity(pointsPerSecond: pointsPerSecond))
        #expect(sheet.state == .shortForm)
    }

    @Test func releasedAndDraggedAgainDismisses() {
        var sheet = Fixtures.sheet(in: .longForm, reduceMotion: true)
        _ = sheet.panBegan(contentOffset: 2)
        _ = sheet.panChanged(translation: 40)
        _ = sheet.panEnded(velocity: .rowsPerSecond(60))
        #expect(sheet.state == .shortForm)

        // A new drag that starts with the content at its top may dismiss.
        _ = sheet.panBegan(contentOffset: 0)
        _ = sheet.panChanged(translation: 6)
        let action = sheet.panEnded(velocity: .rowsPerSecond(60))
        #expect(sheet.state == .dismissed)
        #expect(
            Fixtures.notification(action)
                == .screenChanged(focus: "opener", announcing: .sheetClosed(title: "Message actions")))
    }

    @Test func theSameDragWithoutScrollingDismisses() {
        var sheet = Fixtures.sheet(in: .longForm, reduceMotion: true)
        _ = sheet.panBegan(contentOffset: 0)
        _ = sheet.panChanged(translation: 22)
        _ = sheet.panEnded(velocity: .zero)
        #expect(sheet.state == .dismissed)
    }

    @Test func aSecondPanBeganDuringAPanIsIgnored() {
        var sheet = Fixtures.sheet(in: .longForm, reduceMotion: true)
        _ = sheet.panBegan(contentOffset: 3)
        #expect(sheet.panBegan(contentOffset: 0) == .none)
        _ = sheet.panChanged(translation: 25)
        _ = sheet.panEnded(velocity: .zero)
        #expect(sheet.state == .shortForm, "the guard of the first pan still holds")
    }
}
