import PropertyBased
import Testing

@testable import IRC

@Suite struct SanitizerTests {
    @Test(arguments: [
        ("\u{02}bold\u{02} and \u{1D}italic\u{1D}", "bold and italic"),
        ("\u{03}4,12red on blue\u{03} plain", "red on blue plain"),
        ("\u{03}04,1x", "x"),
        ("\u{03},5comma stays", ",5comma stays"),
        ("\u{04}FF00AA,00ff00hex\u{0F}", "hex"),
        ("\u{1B}[31mred\u{1B}[0m", "\u{241B}red\u{241B}"),
        ("\u{1B}]0;title\u{07}after", "\u{241B}after"),
        ("\u{1B}]8;;http://x\u{1B}\\link", "\u{241B}link"),
        ("bell\u{07}nul\u{00}", "bell\u{2407}nul\u{2400}"),
        ("tab\there", "tab here"),
        ("del\u{7F}", "del\u{2421}"),
        ("c1\u{9B}31m", "c1\u{FFFD}31m"),
        ("rtl\u{202E}desrever", "rtldesrever"),
        ("ordinary ünïcödé 👍", "ordinary ünïcödé 👍"),
    ])
    func cleans(input: String, expected: String) {
        #expect(Sanitizer.plainText(input) == expected)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(Sanitizer.plainText(bytes: [0x61, 0xFF, 0xFE, 0x62]) == "a\u{FFFD}\u{FFFD}b")
        #expect(Sanitizer.plainText(bytes: [0xE2, 0x82]) == "\u{FFFD}")
    }

    @Test func randomBytesNeverLeaveControls() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 0...200)) { bytes in
            let text = Sanitizer.plainText(bytes: bytes)
            let controls = text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            #expect(controls.isEmpty)
        }
    }
}
