import Typography

/// How the renderer makes text larger on this terminal.
public enum TextSizingMethod: String, CaseIterable, Sendable, Hashable {
    /// kitty's text-sizing protocol: OSC 66 with a whole cell scale and a fractional scale.
    case kitty
    /// DEC double-width (ESC # 6) and double-height (ESC # 3, ESC # 4) lines.
    case dec
    /// Wrap and spacing only.
    case none

    /// The method for a preference in an environment. `auto` picks kitty for kitty (and
    /// terminals that say they speak its protocol), DEC for xterm-compatible terminals that
    /// draw DEC line sizes, and none otherwise. A plain environment (not a TTY, or
    /// `TERM=dumb`) always gets none.
    public static func resolve(_ preference: TextSizingPreference, environment: TerminalEnvironment) -> TextSizingMethod {
        if environment.isPlain { return .none }
        switch preference {
        case .kitty: return .kitty
        case .dec: return .dec
        case .none: return .none
        case .auto:
            let term = environment.term ?? ""
            let program = (environment.termProgram ?? "").lowercased()
            if environment.kittyWindowID != nil || term == "xterm-kitty" || program == "kitty" {
                return .kitty
            }
            // Terminals known to draw DEC double-width/double-height lines.
            if program == "xterm" || term.hasPrefix("xterm") && program.isEmpty || term.hasPrefix("vt1")
                || term.hasPrefix("vt2") || term.hasPrefix("vt3") || term.hasPrefix("vt4") || term.hasPrefix("konsole")
                || program == "konsole" || program == "wezterm" || term.hasPrefix("mlterm")
            {
                return .dec
            }
            return .none
        }
    }
}
