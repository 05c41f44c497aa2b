import Testing
import Typography

@testable import Terminal

@Suite struct TerminalRendererBottomTests {
    static let e = "\u{1B}"

    func bottom(
        _ method: TextSizingMethod, _ category: ContentSizeCategory, columns: Int = 40,
        _ line: String = "▸ Continue, button"
    )
        -> TerminalRenderer.BottomLine
    {
        TerminalRenderer(category: category, columns: columns, method: method, colors: false).bottom(line)
    }

    @Test func plainIsOneRow() {
        #expect(bottom(.none, .accessibilityLarge) == .init(output: "▸ Continue, button", rows: 1, cursorRow: 0))
    }

    @Test func decAtLargeIsSingleSizeOutright() {
        #expect(bottom(.dec, .large) == .init(output: "\(Self.e)#5▸ Continue, button", rows: 1, cursorRow: 0))
    }

    @Test func decAtAccessibilityLargeIsEnlargedLikeTheMessages() {
        let e = Self.e
        #expect(
            bottom(.dec, .accessibilityLarge)
                == .init(output: "\(e)#3▸ Continue, button\n\(e)#4▸ Continue, button", rows: 2, cursorRow: 1))
    }

    @Test func kittyAtAccessibilityLargeUsesOSC66() {
        let line = bottom(.kitty, .accessibilityLarge)
        #expect(line.output.hasPrefix("\(Self.e)]66;s=2"))
        #expect(line.output.hasSuffix("▸ Continue, button\(Self.e)\\"))
        #expect(line.rows == 2)
        #expect(line.cursorRow == 0)
    }

    @Test func theLineIsClippedToOneLineOfItsScale() {
        // 20 columns at double size hold 10 characters; one cell is kept free for the cursor,
        // and the last shown is "…": the line goes on.
        let line = bottom(.dec, .accessibilityLarge, columns: 20, "Message #welcome: hello there")
        #expect(line.output == "\(Self.e)#3Message …\n\(Self.e)#4Message …")
        #expect(bottom(.none, .large, columns: 10, "Message #welcome").output == "Message …")
        #expect(bottom(.none, .large, columns: 10, "Message").output == "Message")
    }

    @Test func theWholeLineForAnotherScreenReaderWrapsInsteadOfBeingClipped() {
        let phrase = "Earshot, 18:27, Try it now: write a message below and press Enter."
        let line = TerminalRenderer(category: .large, columns: 30, method: .none, colors: false).bottom(
            phrase, whole: true)
        #expect(line == .init(output: phrase, rows: 3, cursorRow: 2))
        // At double size the long phrase is drawn at normal size, so the terminal can wrap it.
        let dec = TerminalRenderer(category: .accessibilityLarge, columns: 30, method: .dec, colors: false)
            .bottom(phrase, whole: true)
        #expect(dec == .init(output: "\(Self.e)#5" + phrase, rows: 3, cursorRow: 2))
        // A phrase that fits keeps its size.
        #expect(bottom(.dec, .accessibilityLarge).rows == 2)
        #expect(
            TerminalRenderer(category: .large, columns: 30, method: .none, colors: false).bottom("short", whole: true)
                .rows == 1)
    }

    @Test(arguments: [("abcdef", 3, 2), ("abcdefg", 3, 3), ("ab漢", 3, 2), ("a漢漢", 4, 2), ("", 5, 1)])
    func rowsFollowTheTerminalsWrap(text: String, columns: Int, rows: Int) {
        #expect(TerminalRenderer.rows(text, columns: columns) == rows)
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        #expect(bottom(.none, .large, "a\u{1B}]0;x\u{07}b").output == "a]0;xb")
    }

    @Test func anEmptyLineIsStillOneRow() {
        #expect(bottom(.none, .large, "") == .init(output: "", rows: 1, cursorRow: 0))
        #expect(bottom(.dec, .accessibilityLarge, "").output == "\(Self.e)#5")
    }
}
