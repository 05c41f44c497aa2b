import Testing
import Typography

@testable import Terminal

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct TerminalProbeTests {
    static let attributes = "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"

    @Test func theRequestProbesThenAsksForDeviceAttributes() {
        let request = TerminalProbe.request(background: true, textSizing: true, columns: 80)
        #expect(request.hasPrefix("\r\u{1B}[?7l\u{1B}]66;s=2;M\u{1B}\\\u{1B}[6n"))
        // More than half the line on a double-width line, then the same on a single-width one.
        let filler = String(repeating: "M", count: 42)
        #expect(
            request.contains("\u{1B}#6" + filler + "\u{1B}[6n\r\u{1B}[2K\u{1B}#5" + filler + "\u{1B}[6n\r\u{1B}[2K"))
        #expect(request.hasSuffix("\u{1B}[?7h\u{1B}]11;?\u{1B}\\\u{1B}[c"))
        #expect(TerminalProbe.request(background: false, textSizing: false, columns: 80) == "\u{1B}[c")
    }

    /// Answers recorded from real terminals: xterm 379 (Debian 12) under Xvfb, tmux 3.3a, and
    /// kitty's documented behaviour (an `s=2` character advances two columns).
    @Test(arguments: [
        ("\u{1B}[1;1R\u{1B}[1;40R\u{1B}[1;46R", TextSizingMethod.dec),
        ("\u{1B}[1;1R\u{1B}[1;46R\u{1B}[1;46R", .none),
        ("\u{1B}[3;3R\u{1B}[3;46R\u{1B}[3;46R", .kitty),
        // A terminal that prints OSC 66's text instead of hiding it.
        ("\u{1B}[1;6R\u{1B}[1;46R\u{1B}[1;46R", .none),
    ])
    func cursorReportsDecideTheMethod(reports: String, expected: TextSizingMethod) {
        let answer = TerminalProbe.parse(bytes(reports + Self.attributes), textSizing: true)
        #expect(answer.textSizing == expected)
        #expect(answer.complete)
        #expect(answer.unrelated.isEmpty)
    }

    @Test func xtermsWholeAnswerWithItsBackground() {
        let answer = TerminalProbe.parse(
            bytes("\u{1B}[1;1R\u{1B}[1;40R\u{1B}[1;46R\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\" + Self.attributes),
            textSizing: true)
        #expect(answer.textSizing == .dec)
        #expect(answer.background == RGBColor(0xFFFFFF))
        #expect(answer.complete)
    }

    @Test func noReportsNoMethod() {
        let answer = TerminalProbe.parse(bytes("\u{1B}[?1;2c"), textSizing: true)
        #expect(answer.textSizing == nil)
        #expect(answer.complete)
        #expect(TerminalProbe.parse([], textSizing: true) == TerminalProbe.Answer())
    }

    @Test func keysTypedDuringTheProbeAreKeptInOrder() {
        // "h", then Up, between the answers; "i" after them: all of it goes to the key decoder.
        let answer = TerminalProbe.parse(
            bytes("h\u{1B}[1;1R\u{1B}[A\u{1B}[1;40R\u{1B}[1;46R\u{1B}]11;rgb:0/0/0\u{07}" + Self.attributes + "i"),
            textSizing: true)
        #expect(answer.textSizing == .dec)
        #expect(answer.background == RGBColor(0x000000))
        #expect(answer.unrelated == bytes("h\u{1B}[Ai"))
        var decoder = KeyDecoder()
        #expect(decoder.feed(answer.unrelated) == [.character("h"), .key(.up, []), .character("i")])
    }

    @Test func anAnswerCutOffIsNotTakenForKeys() {
        let answer = TerminalProbe.parse(bytes("\u{1B}[1;1R\u{1B}[1;4"), textSizing: true)
        #expect(answer.unrelated.isEmpty)
        #expect(!answer.complete)
        #expect(answer.textSizing == nil)
        #expect(TerminalProbe.parse(bytes("\u{1B}]11;rgb:ff"), textSizing: false).unrelated.isEmpty)
    }

    @Test(arguments: [
        "\u{1B}", "\u{1B}[", "\u{1B}[;R", "\u{1B}[1;2;3R", "\u{1B}]", "\u{1B}]\u{1B}x",
        String(repeating: "\u{1B}[9", count: 200), "\u{1B}[999999999999999999;1R",
    ])
    func badAnswersNeverCrash(input: String) {
        _ = TerminalProbe.parse(bytes(input), textSizing: true)
        _ = TerminalProbe.parse(Array(bytes(input).reversed()), textSizing: true)
    }

    @Test func notATerminalIsNotAsked() {
        let answer = TerminalProbe.ask(
            input: -1, output: -1, background: true, textSizing: true, timeoutMilliseconds: 10)
        #expect(answer == TerminalProbe.Answer())
    }
}
