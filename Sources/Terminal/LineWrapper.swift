/// Greedy word wrap of UTF-8 text by display width.
///
/// Breaks at spaces (which are dropped at the break), after wide (East Asian) characters, and
/// inside a word only when the word alone is wider than the line. A newline in the text ends
/// a line. ASCII takes a fast path: one byte, one cell.
///
/// ```swift
/// LineWrapper.wrap(Array("hello wide world".utf8), width: 10)  // [0..<10, 11..<16]
/// ```
public enum LineWrapper {
    /// The byte ranges of the lines of `bytes` wrapped at `width` cells (at least 1).
    public static func wrap(_ bytes: [UInt8], width: Int) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { wrap($0, width: width) }
    }

    /// The number of lines `bytes` wraps to; the same as `wrap(_:width:).count`.
    public static func lineCount(_ bytes: [UInt8], width: Int) -> Int {
        bytes.withUnsafeBufferPointer { wrap($0, width: width).count }
    }

    static func wrap(_ bytes: UnsafeBufferPointer<UInt8>, width rawWidth: Int) -> [Range<Int>] {
        let width = max(1, rawWidth)
        let count = bytes.count
        var lines: [Range<Int>] = []
        lines.reserveCapacity(count / width + 2)
        var lineStart = 0
        var lineWidth = 0
        // The last place the line may end: text ends at `breakEnd`, the next line starts at
        // `breakResume`, and the line is `breakWidth` wide there; `skipped` is the width of
        // what lies between (1 for a space, 0 after a wide character).
        var breakEnd = -1
        var breakResume = 0
        var breakWidth = 0
        var breakSkipped = 0
        var cursor = DisplayWidth.Cursor()

        /// Makes room for `cells` more: ends the line at the last break, and if what follows
        /// the break is still too wide with them, ends it again just before `index`. Returns
        /// whether the new line starts at `index`.
        func makeRoom(for cells: Int, at index: Int) -> Bool {
            defer { breakEnd = -1 }
            if breakEnd > lineStart {
                lines.append(lineStart..<breakEnd)
                lineStart = breakResume
                lineWidth -= breakWidth + breakSkipped
            }
            guard lineWidth > 0 && lineWidth + cells > width else { return false }
            lines.append(lineStart..<index)
            lineStart = index
            lineWidth = 0
            return true
        }

        var index = 0
        while index < count {
            let byte = bytes[index]
            // Fast path: a printable ASCII letter that is not a space.
            if byte > 0x20 && byte < 0x7F {
                if lineWidth >= width { _ = makeRoom(for: 1, at: index) }
                lineWidth += 1
                cursor.advanceASCII(byte)
                index += 1
                continue
            }
            var length = 1
            var cells: Int
            var breaksAfter = false
            if byte == 0x0A {
                lines.append(lineStart..<index)
                index += 1
                lineStart = index
                lineWidth = 0
                breakEnd = -1
                cursor = DisplayWidth.Cursor()
                continue
            }
            let (scalar, size) = byte < 0x80 ? (UInt32(byte), 1) : decode(bytes, at: index)
            length = size
            let context = cursor
            cells = cursor.advance(scalar)
            // A wide letter (not a pictograph, which a joiner may extend) may end a line.
            breaksAfter = cells == 2 && !DisplayWidth.Cursor.isPictograph(scalar)
            if byte == 0x20 {
                if lineWidth + 1 > width {
                    // The space falls at the edge: end the line here and drop the space.
                    lines.append(lineStart..<index)
                    index += 1
                    lineStart = index
                    lineWidth = 0
                    breakEnd = -1
                    continue
                }
                breakEnd = index
                breakResume = index + 1
                breakWidth = lineWidth
                breakSkipped = 1
            } else if cells > 0 && lineWidth + cells > width && lineWidth > 0,
                makeRoom(for: cells, at: index), context != DisplayWidth.Cursor()
            {
                // The scalar starts a line: measure it as the line on its own will be (a
                // variation selector parted from its letter no longer widens it).
                cursor = DisplayWidth.Cursor()
                cells = cursor.advance(scalar)
            }
            lineWidth += cells
            index += length
            if breaksAfter {
                breakEnd = index
                breakResume = index
                breakWidth = lineWidth
                breakSkipped = 0
            }
        }
        if lineStart < count || lines.isEmpty || bytes.last == 0x0A {
            lines.append(lineStart..<count)
        }
        return lines
    }

    /// The scalar value and byte length of the UTF-8 sequence at `index`.
    ///
    /// Invalid input gives U+FFFD for each maximal subpart, as `String(decoding:as:)` does,
    /// so a line measures the same here as when it is drawn: overlong forms, surrogates and
    /// values past U+10FFFF are refused by their second byte.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0:
            length = 3
            value = 0
            secondRange = 0xA0...0xBF
        case 0xED:
            length = 3
            value = 0x0D
            secondRange = 0x80...0x9F
        case 0xE1...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0:
            length = 4
            value = 0
            secondRange = 0x90...0xBF
        case 0xF4:
            length = 4
            value = 4
            secondRange = 0x80...0x8F
        case 0xF1...0xF3:
            length = 4
            value = UInt32(lead & 0x07)
        default: return (0xFFFD, 1)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return (0xFFFD, offset) }
            let next = bytes[index + offset]
            let valid = offset == 1 ? secondRange.contains(next) : next & 0xC0 == 0x80
            guard valid else { return (0xFFFD, offset) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (value, length)
    }
}
