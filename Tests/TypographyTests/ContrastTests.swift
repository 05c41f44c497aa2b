import Testing
import Typography

@Suite struct ContrastTests {
    @Test func referencePoints() throws {
        let light = try #require(RGBColor(hex: "#ACADB1"))
        let grey = try #require(RGBColor(hex: "#717274"))
        let lightRatio = light.contrastRatio(with: .white)
        let greyRatio = grey.contrastRatio(with: .white)
        #expect(abs(lightRatio - 2.2) < 0.05)
        #expect(lightRatio < ContrastLevel.standard.minimumRatio)
        #expect(abs(greyRatio - 4.8) < 0.05)
        #expect(greyRatio >= ContrastLevel.standard.minimumRatio)
    }

    @Test func extremesAndSymmetry() {
        #expect(abs(RGBColor.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(RGBColor.white.contrastRatio(with: .white) == 1)
        let a = RGBColor(0x1264A3)
        #expect(a.contrastRatio(with: .white) == RGBColor.white.contrastRatio(with: a))
        #expect(RGBColor.white.relativeLuminance == 1)
        #expect(RGBColor.black.relativeLuminance == 0)
    }

    @Test(arguments: ContrastLevel.allCases)
    func everyRoleMeetsItsLevel(level: ContrastLevel) {
        let theme = Theme.theme(for: level)
        let entries = theme.audit()
        #expect(entries.count == TextRole.allCases.count)
        for entry in entries {
            #expect(entry.passes, "\(level) \(entry.role) \(entry.foreground) is \(entry.ratio)")
        }
    }

    @Test func auditCatchesAWeakRole() {
        var theme = Theme.standard
        theme.colors[.timestamp] = RGBColor(0xACADB1)
        let failing = theme.audit().filter { !$0.passes }.map(\.role)
        #expect(failing == [.timestamp])
    }

    @Test func hexRoundTrip() {
        #expect(RGBColor(hex: "1d1c1d")?.hexString == "#1D1C1D")
        #expect(RGBColor(hex: "#12345") == nil)
        #expect(RGBColor(hex: "zzzzzz") == nil)
    }
}
