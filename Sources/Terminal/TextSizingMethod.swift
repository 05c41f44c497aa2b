import Typography

/// How the renderer makes text larger on this terminal.
public enum TextSizingMethod: String, CaseIterable, Sendable, Hashable {
    /// kitty's text-sizing protocol: OSC 66 with a whole cell scale and a fractional scale.
    case kitty
    /// DEC double-width (ESC # 6) and double-height (ESC # 3, ESC # 4) lines.
    case dec
    /// Wrap and spacing only.
    case none

    /// The method for a preference in an environment. An explicit kitty, dec or none wins on
    /// any terminal; `auto` is what the terminal showed when asked (``TerminalProbe``, in
    /// ``TerminalEnvironment/probedTextSizing``), and none inside tmux or when it did not answer.
    /// A plain environment (not a TTY, or `TERM=dumb`) always gets none.
    public static func resolve(_ preference: TextSizingPreference, environment: TerminalEnvironment) -> TextSizingMethod
    {
        if environment.isPlain { return .none }
        switch preference {
        case .kitty: return .kitty
        case .dec: return .dec
        case .none: return .none
        case .auto: return environment.inTmux ? .none : environment.probedTextSizing ?? .none
        }
    }
}
