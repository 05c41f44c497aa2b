import PropertyBased
import Testing

@testable import Terminal

@Suite struct LineWrapperTests {
    /// Pieces that stress widths: joiners before spaces and wide letters, zero-width spaces,
    /// wide CJK, emoji (joined and not), combining marks, variation selectors, spaces, ASCII.
    static let pieces: [String] = [
        "\u{200D}", "\u{200B}", " ", "  ", "a", "bc", "日", "本", "한", "😀", "👍🏽", "👨‍👩‍👧", "❤️", "❤",
        "\u{FE0F}", "e\u{301}", "\u{301}", "🇫🇷", "⌚", "\u{1F3FB}", "\n", "\t", "ｶ", "ＡＢ", "©", "\u{200D}😀",
    ]

    /// The text of one line of `text`.
    static func line(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    /// Checks the wrapper's promise: every line fits (a lone wide character on a line one cell
    /// wide excepted), lines are in order, and only one space or newline is dropped between them.
    static func check(_ text: String, width: Int) {
        check(bytes: Array(text.utf8), width: width)
    }

    /// ``check(_:width:)`` for any bytes, each line measured as it is drawn (decoded alone).
    static func check(bytes: [UInt8], width: Int) {
        let lines = LineWrapper.wrap(bytes, width: width)
        #expect(!lines.isEmpty)
        var previousEnd = 0
        for range in lines {
            let piece = String(decoding: bytes[range], as: UTF8.self)
            let cells = DisplayWidth.of(piece)
            var cursor = DisplayWidth.Cursor()
            let glyphs = piece.unicodeScalars.filter { cursor.advance($0.value) > 0 }.count
            let loneWide = width == 1 && cells == 2 && glyphs == 1
            #expect(
                cells <= width || loneWide, "\(piece.debugDescription) is \(cells) cells at width \(width) in \(bytes)")
            #expect(range.lowerBound >= previousEnd)
            let gap = bytes[previousEnd..<range.lowerBound]
            #expect(gap.isEmpty || gap == [0x20] || gap == [0x0A], "dropped \(gap) in \(bytes)")
            previousEnd = range.upperBound
        }
        let tail = bytes[previousEnd...]
        #expect(tail.isEmpty || tail == [0x20] || tail == [0x0A], "dropped \(tail) at the end of \(bytes)")
    }

    /// Bytes that are not UTF-8 measure as their replacement characters will be drawn.
    @Test(
        arguments: [
            [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xC0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
            [0xF0, 0x9F, 0x98], [0x61, 0xFF, 0x62], [0xED, 0xA0, 0x80, 0xED, 0xA0, 0x80],
        ] as [[UInt8]])
    func invalidUTF8MeasuresAsDrawn(bytes: [UInt8]) {
        for width in 1...4 { Self.check(bytes: bytes, width: width) }
        let drawn = DisplayWidth.of(String(decoding: bytes, as: UTF8.self))
        #expect(LineWrapper.wrap(bytes, width: drawn) == [0..<bytes.count], "fits at its drawn width")
    }

    @Test func randomBytesNeverOverflow() async {
        let special: [UInt8] = [
            0x20, 0x0A, 0xE2, 0x80, 0x8D, 0xED, 0xA0, 0xF0, 0x9F, 0x98, 0xBF, 0xEF, 0xB8, 0x8F, 0xE6, 0x97, 0xA5,
        ]
        let bytes = Gen.int(in: 0...(255 + special.count)).array(of: 0...60)
        await propertyCheck(count: 2000, input: bytes, Gen.int(in: 1...12)) { codes, width in
            let bytes = codes.map { $0 > 255 ? special[$0 - 256] : UInt8($0) }
            Self.check(bytes: bytes, width: width)
        }
    }

    @Test(arguments: [
        ("\u{200D} 日日", 2, ["\u{200D}", "日", "日"]),
        ("\u{200B} 😀😀😀😀a😀", 10, ["\u{200B}", "😀😀😀😀a", "😀"]),
        ("\u{200B} 😀😀😀😀😀", 10, ["\u{200B}", "😀😀😀😀😀"]),
        ("\u{200D} a", 1, ["\u{200D}", "a"]),
        ("日\u{200D}😀", 2, ["日", "\u{200D}😀"]),
        ("👨‍👩‍👧 ok", 5, ["👨‍👩‍👧 ok"]),
    ])
    func knownOverflows(text: String, width: Int, expected: [String]) {
        let lines = LineWrapper.wrap(Array(text.utf8), width: width).map { Self.line(text, $0) }
        #expect(lines == expected)
        Self.check(text, width: width)
    }

    @Test(arguments: [("\u{200D} 日日", 5), ("\u{200D}😀", 2), ("😀\u{200D}😀", 2), ("😀\u{200D} 😀", 5), ("日\u{200D}日", 4)])
    func aJoinerJoinsOnlyPictographs(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func randomTextNeverOverflows() async {
        let picks = Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...40)
        await propertyCheck(count: 2000, input: picks, Gen.int(in: 1...12)) { picks, width in
            let text = picks.map { Self.pieces[$0] }.joined()
            Self.check(text, width: width)
        }
    }

    @Test func everyWidthForEveryPairOfPieces() {
        for first in Self.pieces {
            for second in Self.pieces {
                for third in ["", " ", "日", "😀😀", "abc"] {
                    for width in 1...6 { Self.check(first + second + third + first, width: width) }
                }
            }
        }
    }
}
