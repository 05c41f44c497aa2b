import Testing

@testable import Terminal

/// The bytes of `text`, so tables can say `"\u{1B}[1;5C"`.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private func decode(_ text: String) -> [KeyEvent] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes(text))
}

@Suite struct KeyDecoderTests {
    // MARK: Cursor keys and modifiers

    @Test(arguments: [
        ("\u{1B}[A", KeyEvent.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[1;5C", .key(.right, .control)), ("\u{1B}[1;5D", .key(.left, .control)),
        ("\u{1B}[1;2A", .key(.up, .shift)), ("\u{1B}[1;2B", .key(.down, .shift)),
        ("\u{1B}[1;3C", .key(.right, .alt)), ("\u{1B}[1;4D", .key(.left, [.shift, .alt])),
        ("\u{1B}[1;6A", .key(.up, [.shift, .control])), ("\u{1B}[1;8B", .key(.down, [.shift, .alt, .control])),
        ("\u{1B}[1;9C", .key(.right, .meta)),
        ("\u{1B}O5C", .key(.right, .control)),
        ("\u{1B}\u{1B}[A", .key(.up, .alt)), ("\u{1B}\u{1B}OD", .key(.left, .alt)),
    ])
    func cursorKeys(input: String, expected: KeyEvent) {
        #expect(decode(input) == [expected])
    }

    @Test(arguments: [
        ("\u{1B}[H", KeyEvent.home), ("\u{1B}[F", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
        ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1;5H", .key(.home, .control)), ("\u{1B}[1;2F", .key(.end, .shift)),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[5;5~", .key(.pageUp, .control)),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[3;2~", .key(.delete, .shift)),
    ])
    func editingKeys(input: String, expected: KeyEvent) {
        #expect(decode(input) == [expected])
    }

    @Test(arguments: [
        ("\u{1B}OP", 1), ("\u{1B}OQ", 2), ("\u{1B}OR", 3), ("\u{1B}OS", 4),
        ("\u{1B}[11~", 1), ("\u{1B}[15~", 5), ("\u{1B}[17~", 6), ("\u{1B}[21~", 10),
        ("\u{1B}[23~", 11), ("\u{1B}[24~", 12), ("\u{1B}[[A", 1), ("\u{1B}[[E", 5),
    ])
    func functionKeys(input: String, number: Int) {
        #expect(decode(input) == [.function(number)])
    }

    @Test func modifiedFunctionKey() {
        #expect(decode("\u{1B}[1;2P") == [.key(.function(1), .shift)])
        #expect(decode("\u{1B}[15;5~") == [.key(.function(5), .control)])
    }

    // MARK: Single bytes

    @Test(arguments: [
        ("\t", KeyEvent.tab), ("\u{1B}[Z", .backTab),
        ("\r", .enter), ("\n", .enter), ("\r\n", .enter),
        ("\u{7F}", .backspace), ("\u{08}", .backspace),
        ("\u{00}", .control(" ")), ("\u{01}", .control("a")), ("\u{03}", .control("c")),
        ("\u{18}", .control("x")), ("\u{1A}", .control("z")), ("\u{1C}", .control("\\")),
        ("\u{1F}", .control("_")),
        ("a", .character("a")), ("A", .character("A")), (" ", .character(" ")), ("?", .character("?")),
        ("]", .character("]")),
    ])
    func singleKeys(input: String, expected: KeyEvent) {
        #expect(decode(input) == [expected])
    }

    @Test func twoLineFeedsAreTwoEnters() {
        #expect(decode("\n\n") == [.enter, .enter])
        #expect(decode("\r\r") == [.enter, .enter])
    }

    // MARK: Escape versus Alt

    @Test(arguments: [
        ("\u{1B}x", KeyEvent.alt("x")), ("\u{1B}X", .alt("X")), ("\u{1B}.", .alt(".")),
        ("\u{1B}é", .alt("é")), ("\u{1B}\u{7F}", .key(.backspace, .alt)), ("\u{1B}\r", .key(.enter, .alt)),
    ])
    func altPrefix(input: String, expected: KeyEvent) {
        #expect(decode(input) == [expected])
    }

    @Test func loneEscapeWaitsForSilence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape() == [.escape])
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape() == [])
    }

    @Test func escapeThenKeyInLaterReadIsAlt() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(bytes("x")) == [.alt("x")])
    }

    @Test(arguments: [
        ("\u{1B}\u{1B}", [KeyEvent.escape, .escape]),
        ("\u{1B}[", [.alt("[")]),
        ("\u{1B}O", [.alt("O")]),
        ("\u{1B}[1;5", [.unknown(bytes("\u{1B}[1;5"))]),
        ("\u{1B}\u{1B}[", [.escape, .alt("[")]),
    ])
    func flushResolvesWhatIsWaiting(input: String, expected: [KeyEvent]) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes(input)) == [])
        #expect(decoder.flushPendingEscape() == expected)
        #expect(!decoder.hasPendingInput)
    }

    @Test func escapeBeforeControlKeyIsEscapeThenThatKey() {
        #expect(decode("\u{1B}\t") == [.key(.tab, .alt)])
        #expect(decode("\u{1B}\u{01}") == [.escape, .control("a")])
        #expect(decode("\u{1B}\u{1B}x") == [.escape, .alt("x")])
    }

    @Test func escapeThenIncompleteUTF8FlushesEscapeAndKeepsWaiting() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0xC3]) == [])
        #expect(decoder.flushPendingEscape() == [.escape])
        #expect(decoder.feed([0xA9]) == [.character("é")])
    }

    // MARK: Several keys in one read, one key across reads

    @Test func severalKeysInOneRead() {
        #expect(
            decode("ab\u{1B}[A\r\u{1B}[1;5C\u{7F}\u{1B}x\u{00}é")
                == [
                    .character("a"), .character("b"), .up, .enter, .key(.right, .control), .backspace, .alt("x"),
                    .control(" "), .character("é"),
                ])
    }

    @Test(arguments: [
        "\u{1B}[1;5C", "\u{1B}[<0;10;5M", "\u{1B}[200~hi\u{1B}[201~", "é", "👍", "\u{1B}OH", "\u{1B}[15~",
    ])
    func everySplitGivesTheSameEvents(input: String) {
        let whole = decode(input)
        let all = bytes(input)
        for cut in 1..<all.count {
            var decoder = KeyDecoder()
            let events = decoder.feed(Array(all[..<cut])) + decoder.feed(Array(all[cut...]))
            #expect(events == whole, "cut at \(cut)")
        }
        var decoder = KeyDecoder()
        #expect(all.flatMap { decoder.feed([$0]) } == whole, "one byte at a time")
    }

    @Test func splitSequenceDoesNotLeakAsText() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes("a\u{1B}[1")) == [.character("a")])
        #expect(decoder.hasPendingEscape)
        #expect(decoder.feed(bytes(";2Bz")) == [.key(.down, .shift), .character("z")])
    }

    // MARK: UTF-8

    @Test(
        arguments: [
            ("é", ["é"]), ("日本", ["日", "本"]), ("👍", ["👍"]),
            ("🇫🇷", ["🇫🇷"]), ("e\u{301}", ["e\u{301}"]), ("👩‍💻", ["👩‍💻"]),
        ] as [(String, [Character])])
    func utf8Text(input: String, characters: [Character]) {
        #expect(decode(input) == characters.map { .character($0) })
    }

    @Test(
        arguments: [
            ([0xFF], 1), ([0x80], 1), ([0xC0, 0xAF], 2), ([0xC3, 0x28], 1),
            ([0xE0, 0x80, 0x80], 3), ([0xED, 0xA0, 0x80], 3), ([0xF4, 0x90, 0x80, 0x80], 4),
            ([0xF8, 0x88, 0x80, 0x80, 0x80], 5), ([0xE2, 0x82], 0),
        ] as [([UInt8], Int)])
    func invalidUTF8BecomesReplacementCharacters(input: [UInt8], replacements: Int) {
        var decoder = KeyDecoder()
        let events = decoder.feed(input)
        let replaced = events.filter { $0 == .character("\u{FFFD}") }.count
        #expect(replaced == replacements)
        #expect(events.allSatisfy { if case .character = $0 { true } else { false } })
    }

    @Test func invalidByteThenTextKeepsTheText() {
        #expect(decode("\u{FFFD}") == [.character("\u{FFFD}")])
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xC3, 0x28, 0x61]) == [.character("\u{FFFD}"), .character("("), .character("a")])
    }

    @Test func incompleteUTF8WaitsThenCompletes() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xF0, 0x9F]) == [])
        #expect(decoder.hasPendingInput)
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.feed([0x91, 0x8D]) == [.character("👍")])
    }

    @Test func randomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        var decoder = KeyDecoder()
        for _ in 0..<2000 {
            let count = Int.random(in: 0...16, using: &generator)
            let chunk = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = decoder.feed(chunk)
            if Bool.random(using: &generator) { _ = decoder.flushPendingEscape() }
        }
        _ = decoder.feed(bytes("\u{1B}[201~"))
        #expect(decoder.feed(bytes("z")).last == .character("z"))
    }

    // MARK: Bracketed paste

    @Test(arguments: [
        ("\u{1B}[200~hello\u{1B}[201~", "hello"),
        ("\u{1B}[200~\u{1B}[201~", ""),
        ("\u{1B}[200~one\r\ntwo\rthree\nfour\u{1B}[201~", "one\ntwo\nthree\nfour"),
        ("\u{1B}[200~a\tb\u{1B}[201~", "a\tb"),
        ("\u{1B}[200~\u{1B}[31mred\u{03}\u{7F}\u{1B}[201~", "␛[31mred␃␡"),
        ("\u{1B}[200~\u{1B}[A\u{1B}[201~", "␛[A"),
        ("\u{1B}[200~日本 👍\u{1B}[201~", "日本 👍"),
    ])
    func pasteIsOneEventWithSafeText(input: String, text: String) {
        #expect(decode(input) == [.paste(text)])
    }

    @Test func pasteWithC1ControlIsReplaced() {
        var decoder = KeyDecoder()
        // U+009B is CSI in C1 form: it must not survive into the text.
        #expect(decoder.feed(bytes("\u{1B}[200~") + [0xC2, 0x9B] + bytes("2J\u{1B}[201~")) == [.paste("\u{FFFD}2J")])
    }

    @Test func pasteWithInvalidUTF8() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes("\u{1B}[200~a") + [0xFF] + bytes("b\u{1B}[201~")) == [.paste("a\u{FFFD}b")])
    }

    @Test func keysAroundAPaste() {
        #expect(decode("x\u{1B}[200~p\u{1B}[201~\u{1B}[Ay") == [.character("x"), .paste("p"), .up, .character("y")])
    }

    @Test func pasteAcrossManyReadsWithTheEndMarkerSplit() {
        var decoder = KeyDecoder()
        var events: [KeyEvent] = []
        events += decoder.feed(bytes("\u{1B}[20"))
        events += decoder.feed(bytes("0~first \u{1B}"))
        #expect(events.isEmpty)
        #expect(!decoder.hasPendingEscape, "inside a paste an ESC is text, not a key")
        #expect(decoder.flushPendingEscape() == [])
        events += decoder.feed(bytes("[3"))
        events += decoder.feed(bytes("1m second\u{1B}[2"))
        events += decoder.feed(bytes("01"))
        events += decoder.feed(bytes("~\r"))
        #expect(events == [.paste("first ␛[31m second"), .enter])
    }

    @Test func strayPasteEndIsIgnored() {
        #expect(decode("\u{1B}[201~a") == [.character("a")])
    }

    // MARK: Mouse

    @Test(arguments: [
        ("\u{1B}[<0;10;5M", KeyEvent.Mouse(button: .left, kind: .press, column: 10, row: 5)),
        ("\u{1B}[<0;10;5m", KeyEvent.Mouse(button: .left, kind: .release, column: 10, row: 5)),
        ("\u{1B}[<2;1;1M", KeyEvent.Mouse(button: .right, kind: .press, column: 1, row: 1)),
        ("\u{1B}[<1;300;200M", KeyEvent.Mouse(button: .middle, kind: .press, column: 300, row: 200)),
        ("\u{1B}[<32;11;6M", KeyEvent.Mouse(button: .left, kind: .drag, column: 11, row: 6)),
        ("\u{1B}[<35;11;6M", KeyEvent.Mouse(button: .none, kind: .drag, column: 11, row: 6)),
        ("\u{1B}[<64;3;4M", KeyEvent.Mouse(button: .wheelUp, kind: .press, column: 3, row: 4)),
        ("\u{1B}[<65;3;4M", KeyEvent.Mouse(button: .wheelDown, kind: .press, column: 3, row: 4)),
        ("\u{1B}[<4;2;2M", KeyEvent.Mouse(button: .left, kind: .press, column: 2, row: 2, modifiers: .shift)),
        (
            "\u{1B}[<24;2;2M",
            KeyEvent.Mouse(button: .left, kind: .press, column: 2, row: 2, modifiers: [.alt, .control])
        ),
        ("\u{1B}[<128;2;2M", KeyEvent.Mouse(button: .other(8), kind: .press, column: 2, row: 2)),
    ])
    func sgrMouse(input: String, expected: KeyEvent.Mouse) {
        #expect(decode(input) == [.mouse(expected)])
    }

    @Test func malformedMouseIsUnknown() {
        #expect(decode("\u{1B}[<0;10M") == [.unknown(bytes("\u{1B}[<0;10M"))])
    }

    // MARK: Other encodings and unknown sequences

    @Test(arguments: [
        ("\u{1B}[27;5;13~", KeyEvent.key(.enter, .control)),
        ("\u{1B}[27;2;9~", .backTab),
        ("\u{1B}[97;5u", .control("a")),
        ("\u{1B}[32;5u", .control(" ")),
        ("\u{1B}[120;3u", .alt("x")),
        ("\u{1B}[97;2u", .character("A")),
        ("\u{1B}[27u", .escape),
        ("\u{1B}Op", .character("0")),
        ("\u{1B}OM", .enter),
    ])
    func otherKeyEncodings(input: String, expected: KeyEvent) {
        #expect(decode(input) == [expected])
    }

    @Test(arguments: ["\u{1B}[99~", "\u{1B}[?1;2c", "\u{1B}[I", "\u{1B}[E", "\u{1B}Oz"])
    func unknownSequencesKeepTheirBytes(input: String) {
        #expect(decode(input) == [.unknown(bytes(input))])
    }

    @Test func sequenceInterruptedByAStrayByte() {
        // A control byte cannot appear inside CSI: the part before it is unknown, the rest decodes.
        #expect(decode("\u{1B}[1\ra") == [.unknown(bytes("\u{1B}[1")), .enter, .character("a")])
    }

    @Test func overlongSequenceIsCutOff() {
        let long = "\u{1B}[" + String(repeating: "1;", count: 100) + "A"
        let events = decode(long + "z")
        #expect(events.count == 2)
        #expect(events.first.map { if case .unknown = $0 { true } else { false } } == true)
        #expect(events.last == .character("z"))
    }

    @Test func modifiersFromXtermParameter() {
        #expect(KeyEvent.Modifiers(xtermParameter: 1) == [])
        #expect(KeyEvent.Modifiers(xtermParameter: 0) == [])
        #expect(KeyEvent.Modifiers(xtermParameter: 7) == [.alt, .control])
        #expect(KeyEvent.Modifiers(xtermParameter: 16) == [.shift, .alt, .control, .meta])
    }

    @Test func shorthandsWorkAsPatterns() {
        let event = decode("\u{1B}[1;5C")[0]
        var matched = ""
        switch event {
        case .right: matched = "plain"
        case .key(.right, .control): matched = "control"
        default: matched = "none"
        }
        #expect(matched == "control")
    }
}
