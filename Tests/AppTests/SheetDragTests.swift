import Accessibility
import AccessibilityTesting
import Foundation
import Terminal
import Testing

@testable import App
@testable import ClientCore

/// Dragging a sheet with the mouse (`--mouse`): SGR drag reports become pans.
extension AppSuites {
    @Suite struct SheetDragTests {
        func openActions(_ host: AppHost) async throws -> UITester {
            let tester = UITester(host: host)
            let newest = try #require(host.tree.allElements.last { $0.traits.contains(.message) })
            host.focus(identifier: newest.identifier ?? "")
            host.press(Keys.text("a"))
            try await tester.waitForElement(label: "Message actions", traits: .header)
            return tester
        }

        func mouse(_ host: AppHost, _ kind: KeyEvent.Mouse.Kind, row: Int) {
            host.post(.key(.mouse(.init(button: .left, kind: kind, column: 10, row: row))))
        }

        @Test func aFastDragUpExpandsTheSheet() async throws {
            let host = try await AppHost()
            let tester = try await openActions(host)
            mouse(host, .press, row: 20)
            mouse(host, .drag, row: 15)
            mouse(host, .drag, row: 8)
            mouse(host, .release, row: 8)
            try await tester.waitForElement(label: "Set how Earshot is said", traits: .button)
            try await tester.expectSpoken("All 8 actions")
        }

        @Test func aFastDragDownDismissesTheSheetAndFocusReturns() async throws {
            let host = try await AppHost()
            let opener = host.tree.allElements.last { $0.traits.contains(.message) }?.label
            let tester = try await openActions(host)
            mouse(host, .press, row: 17)
            mouse(host, .drag, row: 20)
            mouse(host, .drag, row: 24)
            mouse(host, .release, row: 24)
            try await tester.waitForAbsence(label: "Message actions")
            #expect(host.focusedLabel == opener)  // back on the message that opened it
        }

        @Test func aPressAboveTheSheetDoesNotPanIt() async throws {
            let host = try await AppHost()
            let tester = try await openActions(host)
            mouse(host, .press, row: 1)
            mouse(host, .drag, row: 24)
            mouse(host, .release, row: 24)
            try await tester.waitForElement(label: "Message actions", traits: .header)
        }
    }
}
