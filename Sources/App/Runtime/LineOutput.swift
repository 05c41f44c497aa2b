import Accessibility
import Chat
import Foundation
import Settings
import Synchronization
import Terminal
import Typography

/// The line-mode screen: a stream of lines with scrollback, and one bottom line — the focused
/// element or the composer — that is the only thing ever rewritten.
///
/// Lines are rendered in their text styles at the chosen size (kitty, DEC or plain), and so is
/// the bottom line, in body text (``TerminalRenderer/bottom(_:)``). Nothing is written that did
/// not pass through the renderer, which drops control characters, so text from the network can
/// never act on the terminal. When stdout is not a terminal the bottom line is printed as an
/// ordinary line each time focus moves.
///
/// In screen-reader mode (``isScreenReader``: `display.screen_reader` or `--screen-reader`) the
/// terminal is read by another screen reader: the real cursor sits at the start of the bottom
/// line, and nothing decorative (the `▸`, `•` and `»` markers) is drawn.
public final class LineOutput: Sendable {
    /// Everything that changes as lines are written, behind one lock: every write happens
    /// inside it, so two threads' lines never interleave.
    struct Screen: Sendable {
        var renderer: TerminalRenderer { didSet { laidOut = nil } }
        var bottom = ""
        /// Where the cursor goes in the bottom line (a text field's caret), or nil for its end.
        var bottomCaret: Int?
        /// What of the bottom line is on screen: its rows and the row the cursor is on.
        var drawn = TerminalRenderer.BottomLine(output: "", rows: 1, cursorRow: 0)
        var screenReader: Bool
        /// The last lines printed in screen-reader mode, and their words, to leave out polite
        /// announcements that only restate them.
        var recentLines: [String] = []
        var recentWords: Set<String> = []
        /// Everything written, for tests and the capture benchmark (kept only when asked).
        var transcript: [String]?
        /// The bottom line as last laid out, and from what: a burst of lines draws the same
        /// bottom line again after each, and laying it out each time was a third of the output's
        /// work. Cleared when the renderer changes.
        fileprivate var laidOut: (bottom: String, caret: Int?, whole: Bool, line: TerminalRenderer.BottomLine)?

        /// Moves to the bottom line's top row and erases it and everything below.
        func eraseBottom() -> String {
            "\r" + (drawn.cursorRow > 0 ? "\u{1B}[\(drawn.cursorRow)A" : "") + "\u{1B}[J"
        }

        /// Draws the bottom line at the cursor and leaves the cursor at its end, or at its start
        /// for another screen reader (which reads the line the cursor is on).
        mutating func drawBottom() -> String {
            if let laidOut, laidOut.bottom == bottom, laidOut.caret == bottomCaret, laidOut.whole == screenReader {
                drawn = laidOut.line
            } else {
                drawn = renderer.bottom(bottom, caret: bottomCaret, whole: screenReader)
                laidOut = (bottom, bottomCaret, screenReader, drawn)
            }
            var text = drawn.output
            if screenReader {
                text += "\r" + (drawn.cursorRow > 0 ? "\u{1B}[\(drawn.cursorRow)A" : "")
                drawn.cursorRow = 0
            }
            return text
        }
    }

    private let screen: Mutex<Screen>
    private let interactive: Bool
    /// `--screen-reader`, whatever the settings say.
    private let forcedScreenReader: Bool
    static let recentLineCount = 12
    private let write: @Sendable (String) -> Void
    private let environment: TerminalEnvironment

    public init(
        settings: Settings, columns: Int, environment: TerminalEnvironment, interactive: Bool,
        screenReader: Bool = false, keepTranscript: Bool = false, write: @escaping @Sendable (String) -> Void
    ) {
        self.environment = environment
        self.forcedScreenReader = screenReader
        screen = Mutex(
            Screen(
                renderer: Self.renderer(settings, columns: columns, environment: environment),
                screenReader: screenReader || settings.display.screenReader, transcript: keepTranscript ? [] : nil))
        self.interactive = interactive
        self.write = write
    }

    /// Writes to stdout; `probe` is what the terminal said when asked (OSC 11, text sizing).
    public static func standardOutput(
        settings: Settings, columns: Int, interactive: Bool, probe: TerminalProbe.Answer = .init(),
        screenReader: Bool = false
    ) -> LineOutput {
        let variables = ProcessInfo.processInfo.environment
        var environment = TerminalEnvironment.current(variables: variables)
        environment.background = probe.background
        environment.probedTextSizing = probe.textSizing
        return LineOutput(
            settings: settings, columns: columns, environment: environment, interactive: interactive,
            screenReader: screenReader
        ) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    static func renderer(_ settings: Settings, columns: Int, environment: TerminalEnvironment) -> TerminalRenderer {
        let color: Bool? =
            switch settings.display.color {
            case .auto, .truecolor: nil
            case .always: true
            case .never: false
            }
        return TerminalRenderer(
            category: settings.text.size, columns: columns, textSizing: settings.display.textSizing,
            colorSetting: color, contrast: settings.display.contrast, environment: environment,
            truecolor: settings.display.color == .truecolor)
    }

    /// What was written so far (when kept).
    public var written: String { screen.withLock { ($0.transcript ?? []).joined() } }

    /// Whether another screen reader reads the terminal (`display.screen_reader` or `--screen-reader`).
    public var isScreenReader: Bool { screen.withLock { $0.screenReader } }

    /// The text sizing in use (what `auto` resolved to), for tests and `earshot config`.
    public var textSizing: TextSizingMethod { screen.withLock { $0.renderer.method } }

    /// Renders with new settings; the bottom line is drawn again at once, at the new size.
    public func apply(settings: Settings) {
        screen.withLock { screen in
            screen.renderer = Self.renderer(settings, columns: screen.renderer.columns, environment: environment)
            screen.screenReader = forcedScreenReader || settings.display.screenReader
            if interactive { out(screen.eraseBottom() + screen.drawBottom(), &screen) }
        }
    }

    public func resize(columns: Int) {
        screen.withLock { $0.renderer.columns = max(1, columns) }
    }

    /// Prints lines above the bottom line, which is then drawn again.
    public func emit(_ lines: [StyledText]) {
        guard !lines.isEmpty else { return }
        screen.withLock { screen in
            var text = interactive ? screen.eraseBottom() : ""
            if screen.screenReader {
                screen.recentLines = Array((screen.recentLines + lines.map(\.string)).suffix(Self.recentLineCount))
                screen.recentWords = screen.recentLines.reduce(into: Set<String>()) { $0.formUnion(Self.words($1)) }
            }
            text += screen.renderer.render(screen.screenReader ? lines.map(Lines.undecorated) : lines)
            if !text.hasSuffix("\n") { text += "\n" }
            if interactive { text += screen.drawBottom() }
            out(text, &screen)
        }
    }

    /// Rewrites the bottom line for the focused element; the cursor stays at its end, or in
    /// screen-reader mode at its start.
    public func setBottom(_ line: String, caret: Int? = nil) {
        screen.withLock { screen in
            let safe = Self.safe(screen.screenReader ? Lines.undecorated(line) : line)
            guard safe != screen.bottom || caret != screen.bottomCaret else { return }
            screen.bottom = safe
            screen.bottomCaret = caret
            if interactive {
                out(screen.eraseBottom() + screen.drawBottom(), &screen)
            } else {
                out("> " + DisplayWidth.clipped(safe, fitting: max(1, screen.renderer.columns - 1)) + "\n", &screen)
            }
        }
    }

    /// A caption for what is spoken (`--speech text`), like NVDA's Speech Viewer.
    public func caption(_ text: String) {
        emit([StyledText("» " + text, style: .footnote, role: .secondary)])
    }

    /// An announcement as a line of its own, for another screen reader to read; a `polite` one
    /// whose every word is in the lines just printed (a new message's announcement) is not
    /// printed again.
    public func announcement(_ text: String, polite: Bool) {
        let line = Self.safe(text)
        if polite {
            let words = Self.words(line)
            let shown = screen.withLock { $0.recentWords }
            if !words.isEmpty, words.isSubset(of: shown) { return }
        }
        emit([StyledText(line, style: .body, role: .body)])
    }

    /// Lowercased words (letters and digits) of `text`.
    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    /// A line of the client's own (a warning, a fallback notice).
    public func notice(_ text: String) { emit([Lines.plain(text)]) }

    /// Puts `text` on the clipboard with OSC 52, which terminals (and tmux) that allow it honour.
    public func copyToClipboard(_ text: String) {
        guard interactive else { return }
        let encoded = Data(Self.safe(text).utf8).base64EncodedString()
        screen.withLock { out("\u{1B}]52;c;\(encoded)\u{07}", &$0) }
    }

    /// Restores a clean line before exit.
    public func finish() {
        screen.withLock { screen in
            if interactive { out(screen.eraseBottom() + (screen.renderer.method == .dec ? "\u{1B}#5" : ""), &screen) }
        }
    }

    /// Writes `text` (inside the lock, so lines keep their order) and keeps it when asked.
    private func out(_ text: String, _ screen: inout Screen) {
        screen.transcript?.append(text)
        write(text)
    }

    /// Drops control characters: nothing from the network may act on the terminal.
    static func safe(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) ? "\u{FFFD}" : scalar
                }))
    }
}
