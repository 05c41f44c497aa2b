extension KeyEvent {
    /// A mouse report in SGR 1006 form: `ESC [ < b ; column ; row M` (press or drag) or `m` (release).
    ///
    /// Columns and rows count from 1 at the top left, as the terminal reports them.
    ///
    /// ```swift
    /// if case .mouse(let m) = event, m.kind == .drag, m.button == .left { sheet.drag(to: m.row) }
    /// ```
    public struct Mouse: Hashable, Sendable {
        public enum Button: Hashable, Sendable {
            case left, middle, right
            /// Motion with no button held (only with any-motion tracking).
            case none
            case wheelUp, wheelDown, wheelLeft, wheelRight
            /// Buttons 4 and up (back, forward, …), numbered as X11 does (8, 9, …).
            case other(Int)
        }

        public enum Kind: Hashable, Sendable {
            case press, release, drag
        }

        public var button: Button
        public var kind: Kind
        public var column: Int
        public var row: Int
        public var modifiers: Modifiers

        public init(button: Button, kind: Kind, column: Int, row: Int, modifiers: Modifiers = []) {
            self.button = button
            self.kind = kind
            self.column = column
            self.row = row
            self.modifiers = modifiers
        }

        /// Decodes the SGR button code `code` and final byte (`M` press/drag, `m` release).
        ///
        /// Bits: 0–1 button, 2 shift, 3 alt (meta), 4 control, 5 motion, 6 wheel, 7 extra buttons.
        init(sgrCode code: Int, column: Int, row: Int, released: Bool) {
            var modifiers: Modifiers = []
            if code & 4 != 0 { modifiers.insert(.shift) }
            if code & 8 != 0 { modifiers.insert(.alt) }
            if code & 16 != 0 { modifiers.insert(.control) }
            let low = code & 3
            let button: Button
            if code & 128 != 0 {
                button = .other(8 + low)
            } else if code & 64 != 0 {
                button = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
            } else {
                button = [.left, .middle, .right, .none][low]
            }
            let kind: Kind = released ? .release : (code & 32 != 0 ? .drag : .press)
            self.init(button: button, kind: kind, column: column, row: row, modifiers: modifiers)
        }
    }
}
