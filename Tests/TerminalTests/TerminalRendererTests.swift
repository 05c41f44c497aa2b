import Testing
import Typography

@testable import Terminal

@Suite struct TerminalRendererTests {
    static let message = StyledText("Earshot speaks every message aloud")
    static let esc = "\u{1B}"

    func render(_ method: TextSizingMethod, _ category: ContentSizeCategory, columns: Int = 20) -> String {
        TerminalRenderer(category: category, columns: columns, method: method, colors: false)
            .render(Self.message)
    }

    // MARK: plain (method none)

    @Test func plainAtLarge() {
        #expect(render(.none, .large) == "Earshot speaks every\nmessage aloud\n")
    }

    @Test func plainAtAccessibilityMediumAddsSpacing() {
        #expect(render(.none, .accessibilityMedium) == "Earshot speaks every\n\nmessage aloud\n\n")
    }

    @Test func plainAtExtraSmall() {
        #expect(render(.none, .extraSmall) == "Earshot speaks every\nmessage aloud\n")
    }

    // MARK: DEC

    @Test func decAtLargeIsNormalAndSaysSo() {
        // Each normal line says single size outright: the row may have held the double-size bottom line.
        let e = Self.esc
        #expect(render(.dec, .large) == "\(e)#5Earshot speaks every\n\(e)#5message aloud\n")
    }

    @Test func decAtAccessibilityMediumIsDoubleSizeNotSquashed() {
        // 28 pt ÷ 17 = 1.65: double width alone would draw the glyphs twice as wide and no taller.
        let e = Self.esc
        let expected = ["Earshot", "speaks", "every", "message", "aloud"].map {
            "\(e)#3\($0)\n\(e)#4\($0)\n\n"
        }.joined()
        #expect(render(.dec, .accessibilityMedium) == expected)
        #expect(!render(.dec, .accessibilityMedium).contains("\(e)#6"))
    }

    @Test(arguments: TextStyle.allCases)
    func decNeverDrawsAStyleSquashed(style: TextStyle) {
        for category in ContentSizeCategory.allCases {
            let renderer = TerminalRenderer(category: category, columns: 80, method: .dec, colors: false)
            let scale = renderer.lineScale(for: StyledText("thumbs up 1", style: style))
            #expect(scale.cells == scale.rows, "\(style) at \(category): \(scale.cells) wide, \(scale.rows) high")
        }
    }

    @Test func decAtAccessibilityExtraLargeIsDoubleHeight() {
        let e = Self.esc
        let expected = ["Earshot", "speaks", "every", "message", "aloud"].map {
            "\(e)#3\($0)\n\(e)#4\($0)\n\n"
        }.joined()
        #expect(render(.dec, .accessibilityExtraLarge) == expected)
    }

    // MARK: kitty

    @Test func kittyAtLargeHasNoEscapes() {
        #expect(render(.kitty, .large) == "Earshot speaks every\nmessage aloud\n")
    }

    @Test func kittyAtAccessibilityMediumUsesAFraction() {
        // body 28 pt ÷ 17 = 1.647: two cells scaled by 9/11 (= 1.636).
        let e = Self.esc
        let expected = ["Earshot", "speaks", "every", "message", "aloud"].map {
            "\(e)]66;s=2:n=9:d=11;\($0)\(e)\\\n\n\n"
        }.joined()
        #expect(render(.kitty, .accessibilityMedium) == expected)
    }

    @Test func kittyAtAccessibilityExtraLarge() {
        // body 40 pt ÷ 17 = 2.353: three cells scaled by 11/14 (= 2.357); wrap at 30 ÷ 3 = 10.
        let e = Self.esc
        let expected = ["Earshot", "speaks", "every", "message", "aloud"].map {
            "\(e)]66;s=3:n=11:d=14;\($0)\(e)\\\n\n\n\n"
        }.joined()
        #expect(render(.kitty, .accessibilityExtraLarge, columns: 30) == expected)
    }

    @Test func kittyAtExtraSmallShrinksWithinOneCell() {
        let e = Self.esc
        #expect(
            render(.kitty, .extraSmall)
                == "\(e)]66;s=1:n=9:d=11;Earshot speaks every\(e)\\\n\(e)]66;s=1:n=9:d=11;message aloud\(e)\\\n")
    }

    @Test func kittySmallerRunsGetTheirOwnFraction() {
        let text = StyledText([
            .init("Title", style: .title1, role: .heading), .init(" note", style: .caption1, role: .secondary),
        ])
        let e = Self.esc
        // At Large: title1 28 pt = 1.647 cells → s=2, 9/11; caption1 12 pt = 0.706 → 5/14 of 2 cells.
        let large = TerminalRenderer(category: .large, columns: 40, method: .kitty, colors: false)
        #expect(large.render(text) == "\(e)]66;s=2:n=9:d=11;Title\(e)\\\(e)]66;s=2:n=5:d=14; note\(e)\\\n\n")
        // At AX2: title1 43 pt = 2.53 → s=3, 11/13; caption1 26 pt = 1.53 → 1/2 of 3 cells.
        let big = TerminalRenderer(category: .accessibilityLarge, columns: 40, method: .kitty, colors: false)
        #expect(big.render(text) == "\(e)]66;s=3:n=11:d=13;Title\(e)\\\(e)]66;s=3:n=1:d=2; note\(e)\\\n\n\n\n")
    }

    // MARK: width, colour, safety

    @Test func wideCharactersWrapAtTheirRealWidth() {
        let renderer = TerminalRenderer(category: .large, columns: 10, method: .none, colors: false)
        #expect(renderer.render(StyledText("日本語のテキスト")) == "日本語のテ\nキスト\n")
        let narrow = TerminalRenderer(category: .large, columns: 6, method: .none, colors: false)
        #expect(narrow.render(StyledText("ok 👍🏽 go")) == "ok 👍🏽\ngo\n")
        #expect(narrow.render(StyledText("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧")) == "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧\n👨‍👩‍👧\n")
    }

    @Test func coloursComeFromTheTheme() {
        let text = StyledText([.init("ada", style: .headline, role: .author), .init(" hi", style: .body, role: .body)])
        let renderer = TerminalRenderer(category: .large, columns: 40, method: .none, colors: true, theme: .standard)
        let e = Self.esc
        #expect(
            renderer.render(text)
                == "\(e)[1;38;2;29;79;145;48;2;255;255;255mada\(e)[38;2;29;28;29;48;2;255;255;255m hi\(e)[0m\n")
    }

    /// By default the terminal's own colours: no background (`48;…` or `4x`) is ever painted.
    @Test(arguments: [RGBColor.white, .black, nil])
    func byDefaultNoBackgroundIsPainted(background: RGBColor?) {
        let roles = TextRole.allCases.map { StyledText.Span("\($0.rawValue) ", style: .body, role: $0) }
        let text = StyledText(roles + [.init("Heading", style: .title1, role: .heading)])
        var environment = TerminalEnvironment(variables: ["TERM": "xterm-256color"], isTTY: true)
        environment.background = background
        for contrast in ContrastLevel.allCases {
            let renderer = TerminalRenderer(
                category: .large, columns: 200, textSizing: .none, colorSetting: nil, contrast: contrast,
                environment: environment)
            let out = renderer.render(text)
            #expect(out.contains("\(Self.esc)[0;1m") || out.contains("\(Self.esc)[0;1;"), "bold for emphasis: \(out)")
            #expect(!out.contains("48;"), "\(out)")
            #expect(!out.contains("38;2;"), "\(out)")
            let parameters = out.split(separator: "\u{1B}").compactMap {
                $0.hasPrefix("[") ? $0.dropFirst().prefix { $0 != "m" } : nil
            }
            for codes in parameters {
                for code in codes.split(separator: ";").compactMap({ Int($0) }) {
                    #expect(
                        !(40...49).contains(code) && !(100...107).contains(code), "background code \(code) in \(out)")
                }
            }
            #expect(out.hasSuffix("\(Self.esc)[0m\n") || !out.contains("\(Self.esc)[0;"))
        }
        let truecolor = TerminalRenderer(
            category: .large, columns: 200, textSizing: .none, colorSetting: nil, contrast: .standard,
            environment: environment, truecolor: true)
        #expect(truecolor.render(text).contains("48;2;255;255;255"))
    }

    @Test func thePaletteFollowsTheBackground() {
        let text = StyledText([.init("link", style: .body, role: .link), .init(" plain", style: .body, role: .body)])
        var environment = TerminalEnvironment(variables: ["TERM": "xterm"], isTTY: true)
        let e = Self.esc
        func render() -> String {
            TerminalRenderer(
                category: .large, columns: 80, textSizing: .none, colorSetting: nil, contrast: .standard,
                environment: environment
            ).render(text)
        }
        environment.background = .black
        #expect(render() == "\(e)[0;4;36mlink\(e)[0m plain\n")
        environment.background = .white
        #expect(render() == "\(e)[0;4;34mlink\(e)[0m plain\n")
        environment.background = nil
        #expect(render() == "\(e)[0;4mlink\(e)[0m plain\n")
        environment.noColor = true
        #expect(render() == "link plain\n")
    }

    @Test func controlCharactersAreDropped() {
        let renderer = TerminalRenderer(category: .large, columns: 40, method: .none, colors: false)
        #expect(renderer.render(StyledText("a\u{1B}]0;pwned\u{07}b\u{9B}c")) == "a]0;pwnedbc\n")
    }

    @Test func wrapWidthIsColumnsOverCellScale() {
        let message = Self.message
        #expect(
            TerminalRenderer(category: .accessibilityLarge, columns: 80, method: .dec, colors: false).layout(message)
                .count == 1)
        let kitty = TerminalRenderer(
            category: .accessibilityExtraExtraExtraLarge, columns: 80, method: .kitty, colors: false)
        #expect(kitty.wrapWidth(for: kitty.lineScale(for: message)) == 26)
        #expect(kitty.rowCount(message) == 2 * (3 + 1))
    }

    @Test func plainEnvironmentGetsPlainText() {
        let piped = TerminalEnvironment(isTTY: false, term: "xterm-kitty", kittyWindowID: "1")
        let renderer = TerminalRenderer(
            category: .accessibilityLarge, columns: 20, textSizing: .kitty, colorSetting: true, contrast: .standard,
            environment: piped)
        #expect(renderer.method == .none)
        #expect(!renderer.colors)
        #expect(renderer.render(Self.message) == "Earshot speaks every\n\nmessage aloud\n\n")
    }
}
