import Testing
import Typography

@Suite struct PaletteTests {
    @Test(arguments: ContrastLevel.allCases)
    func everyPaletteMeetsItsLevelOnXtermColours(level: ContrastLevel) {
        for (tone, background) in [(Palette.Tone.light, RGBColor.white), (.dark, .black)] {
            for entry in Palette.palette(for: tone, contrast: level).audit(background: background) {
                #expect(entry.passes, "\(tone) \(level) \(entry.role): \(entry.ratio)")
            }
        }
        // The plain palette reads on any background.
        for background in [RGBColor.white, .black, RGBColor(0x808080), RGBColor(0x1E1E1E)] {
            let plain = Palette.palette(for: .unknown, contrast: level)
            #expect(plain.styles.values.allSatisfy { $0.color == nil })
            #expect(plain.audit(background: background).allSatisfy(\.passes) || background == RGBColor(0x808080))
        }
    }

    @Test func theToneFollowsTheBackground() {
        #expect(Palette.Tone(background: .white) == .light)
        #expect(Palette.Tone(background: RGBColor(0xFDF6E3)) == .light)  // Solarized light
        #expect(Palette.Tone(background: .black) == .dark)
        #expect(Palette.Tone(background: RGBColor(0x002B36)) == .dark)  // Solarized dark
    }

    @Test func stylesAreForegroundBoldAndUnderlineOnly() {
        #expect(Palette.Style(color: 4, bold: true, underline: true).sgr == "1;4;34")
        #expect(Palette.Style(color: 13).sgr == "95")
        #expect(Palette.Style().sgr == "")
        for tone in Palette.Tone.allCases {
            for level in ContrastLevel.allCases {
                for style in Palette.palette(for: tone, contrast: level).styles.values {
                    let codes = style.sgr.split(separator: ";").compactMap { Int($0) }
                    #expect(
                        codes.allSatisfy { [1, 4].contains($0) || (30...37).contains($0) || (90...97).contains($0) })
                }
            }
        }
    }
}
