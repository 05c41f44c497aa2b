import Typography

/// What the renderer needs to know about the terminal: is it one, what it calls itself,
/// and whether the user asked for no colour.
///
/// ```swift
/// let environment = TerminalEnvironment.current()
/// environment.isPlain  // true when piped to a file or TERM=dumb
/// ```
public struct TerminalEnvironment: Sendable, Hashable {
    public var isTTY: Bool
    public var term: String?
    public var termProgram: String?
    public var kittyWindowID: String?
    /// `NO_COLOR` is set to a non-empty value.
    public var noColor: Bool
    /// The background the terminal reported (OSC 11), if it answered.
    public var background: RGBColor?
    /// How the terminal showed it draws larger text when asked (``TerminalProbe``); nil when it
    /// was not asked or did not answer.
    public var probedTextSizing: TextSizingMethod?
    /// `TMUX` is set: running inside tmux, which draws neither OSC 66 nor DEC line sizes.
    public var inTmux: Bool

    /// Light, dark, or unknown when the terminal did not say.
    public var backgroundTone: Palette.Tone { background.map(Palette.Tone.init(background:)) ?? .unknown }

    public init(
        isTTY: Bool, term: String?, termProgram: String? = nil, kittyWindowID: String? = nil, noColor: Bool = false,
        inTmux: Bool = false
    ) {
        self.isTTY = isTTY
        self.inTmux = inTmux
        self.term = term
        self.termProgram = termProgram
        self.kittyWindowID = kittyWindowID
        self.noColor = noColor
    }

    /// Reads `TERM`, `TERM_PROGRAM`, `KITTY_WINDOW_ID`, `NO_COLOR` and `TMUX` from `variables`.
    public init(variables: [String: String], isTTY: Bool) {
        self.init(
            isTTY: isTTY, term: variables["TERM"], termProgram: variables["TERM_PROGRAM"],
            kittyWindowID: variables["KITTY_WINDOW_ID"], noColor: !(variables["NO_COLOR"] ?? "").isEmpty,
            inTmux: !(variables["TMUX"] ?? "").isEmpty)
    }

    /// This process's environment, with stdout's TTY-ness.
    public static func current(variables: [String: String]) -> TerminalEnvironment {
        TerminalEnvironment(variables: variables, isTTY: Libc.isTerminal(Libc.standardOutput))
    }

    /// Not a terminal, or a dumb one: plain wrapped text without escapes.
    public var isPlain: Bool { !isTTY || term == "dumb" }

    /// Whether `text_sizing = "auto"` should ask the terminal (``TerminalProbe``): a terminal,
    /// not a dumb one, and not inside tmux.
    public var shouldProbeTextSizing: Bool { !isPlain && !inTmux }

    /// Whether to colour text: `setting` is the user's choice (nil for auto). Never on a
    /// plain terminal; auto means on unless `NO_COLOR` is set; an explicit true in the
    /// settings file is the user's own override of `NO_COLOR`.
    public func colorEnabled(setting: Bool?) -> Bool {
        if isPlain { return false }
        return setting ?? !noColor
    }
}
