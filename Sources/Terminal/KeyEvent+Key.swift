extension KeyEvent {
    /// A key that has a name rather than a character.
    ///
    /// ```swift
    /// KeyEvent.key(.pageDown, [])  // the same as KeyEvent.pageDown
    /// KeyEvent.key(.function(5), .shift)
    /// ```
    public enum Key: Hashable, Sendable {
        case up, down, left, right
        case home, end, pageUp, pageDown
        case tab
        /// Shift-Tab (`ESC [ Z`).
        case backTab
        case enter, escape, backspace, delete, insert
        /// F1 is `function(1)`.
        case function(Int)
    }
}
