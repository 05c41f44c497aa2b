/// How larger text is drawn (`display.text_sizing` in the settings file).
///
/// `auto` lets the terminal module choose from `TERM`, `TERM_PROGRAM` and `KITTY_WINDOW_ID`.
public enum TextSizingPreference: String, CaseIterable, Codable, Sendable, Hashable {
    /// Choose from the environment.
    case auto
    /// kitty's text-sizing protocol (OSC 66), with fractional scale.
    case kitty
    /// DEC double-width (ESC # 6) and double-height (ESC # 3 / ESC # 4) lines.
    case dec
    /// Wrap and spacing only.
    case none
}
