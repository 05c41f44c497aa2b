import Testing

@testable import Presentation

@Suite struct PresentationHeightTests {
    @Test(
        "resolved in a 24-row terminal",
        arguments: [
            (PresentationHeight.rows(5), 5),
            (.rows(0), 1),
            (.rows(100), 23),
            (.fraction(0.5), 12),
            (.fraction(2), 23),
            (.fraction(-1), 1),
            (.fraction(.nan), 23),
            (.contentHeight(6), 7),
            (.maxHeight, 23),
        ])
    func resolved(height: PresentationHeight, rows: Int) {
        #expect(height.resolved(terminalRows: 24) == rows)
    }

    @Test func shortFormNeverTallerThanLongForm() {
        var configuration = Fixtures.messageActions
        configuration.shortFormHeight = .rows(20)
        configuration.longFormHeight = .rows(10)
        let sheet = Sheet(configuration: configuration, terminalRows: 24)
        #expect(sheet.shortFormHeight == 10)
    }

    @Test func resizeRedrawsWithoutSpeaking() {
        var sheet = Fixtures.sheet(in: .longForm)
        #expect(sheet.resize(terminalRows: 10) == .draw([PresentationFrame(height: 9, dim: 0.7)]))
        #expect(sheet.state == .longForm)
        var drawer = Drawer(configuration: Fixtures.channels, terminalRows: 24, state: .fullHeight)
        #expect(drawer.resize(terminalRows: 10) == .draw([PresentationFrame(height: 9, dim: 1)]))
    }
}
