extension DisplayWidth {
    /// Widths of scalars in order, where a scalar's width may depend on the ones before it.
    ///
    /// Two rules look back: a variation selector 16 (U+FE0F) after a one-cell character asks
    /// for emoji presentation and adds a cell; and a zero-width joiner (U+200D) between two
    /// pictographs joins them into one glyph, so the second takes no cells. A joiner anywhere
    /// else joins nothing: the scalar after it keeps its own width. ``DisplayWidth/of(_:)-(String)``
    /// and ``LineWrapper`` both measure with this cursor, so a wrapped line measured on its own
    /// is never wider than the wrapper counted it.
    ///
    /// ```swift
    /// var cursor = DisplayWidth.Cursor()
    /// cursor.advance(0x1F468)  // 2  (man)
    /// cursor.advance(0x200D)   // 0  (joiner)
    /// cursor.advance(0x1F469)  // 0  (woman, joined)
    /// ```
    struct Cursor: Sendable, Equatable {
        /// The width of the last scalar that took cells (0 at the start).
        var previousWidth = 0
        /// The last scalar that took cells, or 0.
        var previousScalar: UInt32 = 0
        /// The last scalar was a joiner that follows a pictograph.
        var joinPending = false

        /// The cells `scalar` takes here, and the cursor moved past it.
        mutating func advance(_ scalar: UInt32) -> Int {
            let joining = joinPending
            joinPending = false
            switch scalar {
            case 0x200D:
                joinPending = Self.isPictograph(previousScalar)
                return 0
            case 0xFE0F:
                guard previousWidth == 1 else { return 0 }
                previousWidth = 2
                return 1
            default:
                if joining && Self.isPictograph(scalar) { return 0 }
                let width = Unicode.Scalar(scalar).map(DisplayWidth.of) ?? 0
                if width > 0 {
                    previousWidth = width
                    previousScalar = scalar
                }
                return width
            }
        }

        /// Moves past a printable ASCII character (one cell), the wrapper's fast path.
        mutating func advanceASCII(_ byte: UInt8) {
            joinPending = false
            previousWidth = 1
            previousScalar = UInt32(byte)
        }

        /// Whether `scalar` is a pictograph a joiner can join (an approximation of Unicode's
        /// Extended_Pictographic: the symbol and emoji blocks).
        static func isPictograph(_ scalar: UInt32) -> Bool {
            switch scalar {
            case 0x1F000...0x1FAFF, 0x2100...0x2BFF, 0x00A9, 0x00AE, 0x203C, 0x2049, 0x3030, 0x303D,
                0x3297, 0x3299:
                true
            default:
                false
            }
        }
    }
}
