/// One thing the user did at the keyboard, with the mouse, or to the window.
///
/// ``KeyDecoder`` turns the bytes a terminal sends into these; ``TerminalInput`` adds
/// ``resize(columns:rows:)`` when the window changes size. Named keys carry their modifiers;
/// typed text arrives one ``character(_:)`` at a time; Ctrl with a letter is ``control(_:)``
/// (Ctrl-Space is `control(" ")`); Alt (or Escape, then a key) with a printable character is
/// ``alt(_:)``. Static shorthands such as ``up`` and ``escape`` stand for the unmodified keys
/// and work as patterns in a `switch`.
///
/// ```swift
/// switch event {
/// case .right, .tab: focus.next()
/// case .key(.right, .control): rotor.next()
/// case .key(.up, .shift): sheet.expand()
/// case .control(" "), .control("x"): speech.stop()
/// case .character(let c): composer.insert(c)
/// case .paste(let text): composer.insert(text)
/// case .resize(let columns, _): renderer.columns = columns
/// default: break
/// }
/// ```
public enum KeyEvent: Hashable, Sendable {
    /// A named key (arrow, Home, Enter, F5, …) with the modifiers held.
    case key(Key, Modifiers)
    /// Typed text: one character, Shift already applied.
    case character(Character)
    /// Ctrl with a letter or symbol, lower-cased: `control("a")` … `control("z")`, and
    /// `control(" ")` for Ctrl-Space (byte 0). Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M are the same
    /// bytes as Backspace, Tab and Enter and arrive as those keys.
    case control(Character)
    /// Alt with a printable character (the terminal sends Escape, then the character).
    case alt(Character)
    /// Text pasted while bracketed paste was on, as one event. Line ends are `"\n"`; other
    /// control characters are replaced by their visible Control Pictures (`"␛"` for Escape)
    /// so they can never act on the terminal when the text is printed.
    case paste(String)
    /// A mouse press, release, drag or wheel step (SGR 1006 reports).
    case mouse(Mouse)
    /// The window changed size (from SIGWINCH; never produced by ``KeyDecoder``).
    case resize(columns: Int, rows: Int)
    /// Bytes that form a sequence the decoder does not know, kept for logging.
    case unknown([UInt8])
}

extension KeyEvent {
    public static let up = KeyEvent.key(.up, [])
    public static let down = KeyEvent.key(.down, [])
    public static let left = KeyEvent.key(.left, [])
    public static let right = KeyEvent.key(.right, [])
    public static let home = KeyEvent.key(.home, [])
    public static let end = KeyEvent.key(.end, [])
    public static let pageUp = KeyEvent.key(.pageUp, [])
    public static let pageDown = KeyEvent.key(.pageDown, [])
    public static let tab = KeyEvent.key(.tab, [])
    /// Shift-Tab.
    public static let backTab = KeyEvent.key(.backTab, [])
    public static let enter = KeyEvent.key(.enter, [])
    public static let escape = KeyEvent.key(.escape, [])
    public static let backspace = KeyEvent.key(.backspace, [])
    public static let delete = KeyEvent.key(.delete, [])
    public static let insert = KeyEvent.key(.insert, [])

    /// Function key `n` (F1 is 1) without modifiers.
    public static func function(_ n: Int) -> KeyEvent { .key(.function(n), []) }
}
