import Testing
import Typography

@testable import Terminal

@Suite struct ThemeAuditTests {
    @Test func theReportNamesTheBackgroundItMeasuredAndWhereItCameFrom() {
        let stated = ThemeAudit.report(background: .stated(.black))
        #expect(stated.text.hasPrefix("Background: #000000, as stated (--background): the dark palette."))
        #expect(stated.text.contains("standard dark palette: every role needs 4.50:1 on #000000"))
        #expect(stated.passed)
        let detected = ThemeAudit.report(background: .detected(RGBColor(0xFDF6E3)))
        #expect(
            detected.text.hasPrefix("Background: #FDF6E3, detected (the terminal answered OSC 11): the light palette."))
        let unknown = ThemeAudit.report(background: .unknown)
        #expect(unknown.text.hasPrefix("Background: unknown"))
        #expect(
            unknown.text.contains("plain palette") && unknown.text.contains("on #FFFFFF")
                && unknown.text.contains("on #000000"))
        #expect(unknown.text.contains("truecolor theme"))
    }

    @Test func aBackgroundTooCloseToThePaletteFails() {
        // Bright red (error) on a dark grey is under 4.5:1: the audit says so.
        let grey = ThemeAudit.report(background: .stated(RGBColor(0x3A3A3A)))
        #expect(!grey.passed)
        #expect(grey.text.contains("FAIL"))
    }

    @Test(arguments: [("light", RGBColor.white), ("DARK", .black), ("#1e1e2e", RGBColor(0x1E1E2E))])
    func backgroundsAreStatedByNameOrHex(text: String, color: RGBColor) {
        #expect(ThemeAudit.parse(background: text) == color)
    }

    @Test func anUnreadableBackgroundIsRefused() {
        #expect(ThemeAudit.parse(background: "blue") == nil)
        #expect(ThemeAudit.parse(background: "#12345") == nil)
    }
}
