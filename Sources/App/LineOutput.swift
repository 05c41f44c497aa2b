import Accessibility
import Chat
import Foundation
import Settings
import Terminal
import Typography

/// The line-mode screen: a stream of lines with scrollback, and one bottom line — the focused
/// element or the composer — that is the only thing ever rewritten.
///
/// Lines are rendered in their text styles at the chosen size (kitty, DEC or plain). Nothing is
/// written that did not pass through the renderer, which drops control characters, so text
/// from the network can never act on the terminal. When stdout is not a terminal the bottom
/// line is printed as an ordinary line each time focus moves.
public final class LineOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var renderer: TerminalRenderer
    private let interactive: Bool
    private var bottom = ""
    private let write: @Sendable (String) -> Void
    private let environment: TerminalEnvironment
    /// Everything written, for tests and the capture benchmark (kept only when asked).
    private var transcript: [String]?

    public init(
        settings: Settings, columns: Int, environment: TerminalEnvironment, interactive: Bool,
        keepTranscript: Bool = false, write: @escaping @Sendable (String) -> Void
    ) {
        self.environment = environment
        self.renderer = Self.renderer(settings, columns: columns, environment: environment)
        self.interactive = interactive
        self.write = write
        self.transcript = keepTranscript ? [] : nil
    }

    /// Writes to stdout; `background` is what the terminal reported (OSC 11), if it did.
    public static func standardOutput(
        settings: Settings, columns: Int, interactive: Bool, background: RGBColor? = nil
    ) -> LineOutput {
        let variables = ProcessInfo.processInfo.environment
        var environment = TerminalEnvironment.current(variables: variables)
        environment.background = background
        return LineOutput(
            settings: settings, columns: columns, environment: environment, interactive: interactive
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
    public var written: String { lock.withLock { (transcript ?? []).joined() } }

    public func apply(settings: Settings) {
        lock.withLock { renderer = Self.renderer(settings, columns: renderer.columns, environment: environment) }
    }

    public func resize(columns: Int) {
        lock.withLock { renderer.columns = max(1, columns) }
    }

    /// Prints lines above the bottom line, which is then drawn again.
    public func emit(_ lines: [StyledText]) {
        guard !lines.isEmpty else { return }
        lock.withLock {
            var text = interactive ? "\r\u{1B}[2K" : ""
            text += renderer.render(lines)
            if !text.hasSuffix("\n") { text += "\n" }
            if interactive { text += bottom }
            out(text)
        }
    }

    /// Rewrites the bottom line for the focused element; the cursor stays at its end.
    public func setBottom(_ line: String) {
        lock.withLock {
            let clipped = Self.clip(Self.safe(line), to: max(1, renderer.columns - 1))
            guard clipped != bottom else { return }
            bottom = clipped
            if interactive {
                out("\r\u{1B}[2K" + clipped)
            } else {
                out("> " + clipped + "\n")
            }
        }
    }

    /// A caption for what is spoken (`--speech text`), like NVDA's Speech Viewer.
    public func caption(_ text: String) {
        emit([StyledText("» " + text, style: .footnote, role: .secondary)])
    }

    /// A line of the client's own (a warning, a fallback notice).
    public func notice(_ text: String) { emit([Lines.plain(text)]) }

    /// Puts `text` on the clipboard with OSC 52, which terminals (and tmux) that allow it honour.
    public func copyToClipboard(_ text: String) {
        guard interactive else { return }
        let encoded = Data(Self.safe(text).utf8).base64EncodedString()
        lock.withLock { out("\u{1B}]52;c;\(encoded)\u{07}") }
    }

    /// Restores a clean line before exit.
    public func finish() {
        lock.withLock { if interactive { out("\r\u{1B}[2K") } }
    }

    private func out(_ text: String) {
        transcript?.append(text)
        write(text)
    }

    /// Drops control characters: nothing from the network may act on the terminal.
    static func safe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) ? "\u{FFFD}" : scalar
        }))
    }

    static func clip(_ text: String, to width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(String(character))
            if used + w > width { break }
            result.append(character)
            used += w
        }
        return result
    }
}
