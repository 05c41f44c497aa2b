import Testing

@testable import Terminal

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("hello", 5), ("héllo", 5), ("e\u{301}", 1), ("日本", 4), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4), ("한국어", 6),
        ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("❤", 1), ("🇫🇷", 2), ("a\u{200B}b", 2), ("\u{1B}", 0),
        ("Ω", 1), ("─", 1),
    ])
    func widths(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width, "\(text)")
    }

    /// The longest start that fits: whole characters only, so a wide one that would cross the
    /// edge is left out rather than cut.
    @Test(arguments: [
        ("日本語", 5, "日本"), ("日本語", 6, "日本語"), ("héllo", 3, "hél"), ("👨‍👩‍👧ab", 3, "👨‍👩‍👧a"), ("ab", 0, ""), ("", 4, ""),
    ])
    func prefixFitsItsWidth(text: String, width: Int, expected: String) {
        let prefix = DisplayWidth.prefix(of: text, fitting: width)
        #expect(prefix == expected)
        #expect(DisplayWidth.of(prefix) <= width)
    }

    /// A line that does not fit ends in "…" inside its width, so a reader sees it goes on; one
    /// that fits is left whole.
    @Test(arguments: [
        ("Continue, button", 8, "Continu…"), ("Continue", 8, "Continue"), ("日本語", 5, "日本…"), ("日本語", 4, "日…"),
        ("ab", 1, "…"), ("", 3, ""),
    ])
    func clippedSaysItGoesOn(text: String, width: Int, expected: String) {
        let clipped = DisplayWidth.clipped(text, fitting: width)
        #expect(clipped == expected)
        #expect(DisplayWidth.of(clipped) <= width)
    }

    @Test func wrapAgreesWithWidth() {
        let text = "🇫🇷 et 日本 und 👨‍👩‍👧 and more words to wrap"
        for width in 2...20 {
            for line in LineWrapper.wrap(Array(text.utf8), width: width) {
                let piece = String(decoding: Array(text.utf8)[line], as: UTF8.self)
                #expect(DisplayWidth.of(piece) <= width, "\(piece) at \(width)")
            }
        }
    }

    @Test func longWordsBreakInside() {
        let lines = LineWrapper.wrap(Array("abcdefghij klm".utf8), width: 4)
        #expect(lines == [0..<4, 4..<8, 8..<10, 11..<14])
        #expect(LineWrapper.wrap(Array("one\ntwo".utf8), width: 10) == [0..<3, 4..<7])
        #expect(LineWrapper.wrap([], width: 10) == [0..<0])
    }
}
