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
