import Accessibility
import Settings
import Terminal
import Testing
import Typography

@testable import App
@testable import ClientCore

/// The line-mode screen's bytes: the bottom line at the messages' size, and what another screen
/// reader gets (the cursor at the phrase's start, announcements as lines, no decoration).
@Suite struct LineOutputTests {
    static let e = "\u{1B}"

    static func output(
        size: ContentSizeCategory = .large, sizing: TextSizingPreference = .none, screenReader: Bool = false
    )
        -> LineOutput
    {
        var settings = Settings()
        settings.text.size = size
        settings.display.textSizing = sizing
        settings.display.color = .never
        settings.display.screenReader = screenReader
        return LineOutput(
            settings: settings, columns: 40, environment: TerminalEnvironment(isTTY: true, term: "xterm"),
            interactive: true, keepTranscript: true
        ) { _ in }
    }

    @Test func theBottomLineIsDoubleSizeAtAccessibilityLargeAndRewrittenFromItsTopRow() {
        let output = Self.output(size: .accessibilityLarge, sizing: .dec)
        output.setBottom("▸ Settings, button")
        output.setBottom("▸ Help, button")
        let e = Self.e
        #expect(
            output.written
                == "\r\(e)[J\(e)#3▸ Settings, button\n\(e)#4▸ Settings, button"
                + "\r\(e)[1A\(e)[J\(e)#3▸ Help, button\n\(e)#4▸ Help, button")
    }

    @Test func linesGoAboveTheBottomLineWhichIsDrawnAgain() {
        let output = Self.output()
        output.setBottom("▸ Settings, button")
        output.emit([StyledText("ada: hi")])
        #expect(output.written.hasSuffix("\r\(Self.e)[Jada: hi\n▸ Settings, button"))
    }

    @Test func anotherScreenReaderGetsTheCursorAtTheStartAndNoDecoration() {
        let output = Self.output(size: .accessibilityLarge, sizing: .dec, screenReader: true)
        #expect(output.isScreenReader)
        output.setBottom("Settings, button.")
        let e = Self.e
        #expect(output.written == "\r\(e)[J\(e)#3Settings, button.\n\(e)#4Settings, button.\r\(e)[1A")
        output.emit([StyledText("• Hints: on"), StyledText("» caption")])
        #expect(output.written.contains("\(e)#3Hints: on\n\(e)#4Hints: on\n"))
        #expect(!output.written.contains("•"))
        #expect(!output.written.contains("»"))
    }

    @Test func aPoliteAnnouncementThatRestatesPrintedLinesIsNotPrintedAgain() {
        let output = Self.output(screenReader: true)
        output.emit([StyledText("ada  10:42"), StyledText("deploy is done")])
        let before = output.written
        output.announcement("ada: deploy is done", polite: true)
        #expect(output.written == before)
        output.announcement("#b, kim: lunch?", polite: true)
        #expect(output.written.contains("#b, kim: lunch?\n"))
        output.announcement("ada: deploy is done", polite: false)
        #expect(
            output.written.components(separatedBy: "ada: deploy is done\n").count == 2, "an assertive one is printed")
    }

    @Test func theSettingTurnsTheModeOnAndOffLive() {
        let output = Self.output()
        #expect(!output.isScreenReader)
        var settings = Settings()
        settings.display.screenReader = true
        output.apply(settings: settings)
        #expect(output.isScreenReader)
    }

    @Test func thePhraseIsPhrasesOrderInTheElementsOwnWords() {
        #expect(Lines.phrase(Element(label: "Hints", traits: [.toggleButton, .selected])) == "Hints, toggle, on.")
        #expect(
            Lines.phrase(Element(label: "Message #welcome", value: "hi :)", traits: .textField))
                == "Message #welcome, hi :), text field.")
        #expect(
            Lines.phrase(Element(label: "Stays on this computer.", traits: .unread))
                == "Stays on this computer. Unread.")
    }
}
