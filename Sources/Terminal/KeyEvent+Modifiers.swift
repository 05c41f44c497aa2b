extension KeyEvent {
    /// Modifier keys held with a named key or a mouse event.
    ///
    /// xterm sends them as a parameter `1 + bits` (`ESC [ 1 ; 5 C` is Ctrl-Right: 5 = 1 + 4);
    /// the raw values here are those bits.
    ///
    /// ```swift
    /// KeyEvent.Modifiers(xtermParameter: 6)  // [.shift, .control]
    /// ```
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
        public static let meta = Modifiers(rawValue: 8)

        /// From xterm's modifier parameter (1 means none). Values below 1 mean none.
        public init(xtermParameter: Int) {
            self.init(rawValue: UInt8(truncatingIfNeeded: max(0, xtermParameter - 1) & 0x0F))
        }
    }
}
