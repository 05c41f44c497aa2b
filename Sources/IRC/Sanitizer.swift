/// Makes text from the network safe to print and speak.
///
/// IRC formatting codes (bold, colour, italics, reverse, underline, monospace, reset) are
/// dropped. Terminal escape sequences (CSI, OSC, DCS and the rest) are replaced by one visible
/// `␛`; every other C0 control becomes its Control Pictures glyph (U+2400 + code), DEL becomes
/// `␡`, C1 controls (U+0080–U+009F) become `�`, and bidirectional overrides are removed.
/// Tab, CR and LF become spaces. Invalid UTF-8 decodes to U+FFFD. Nothing remote reaches the
/// terminal as a control sequence.
///
/// ```swift
/// Sanitizer.plainText("\u{02}bold\u{02} \u{1B}[31mred")  // "bold ␛red"
/// Sanitizer.plainText(bytes: [0x66, 0xFF])              // "f\u{FFFD}"
/// ```
public enum Sanitizer {
    /// Decodes `bytes` as UTF-8 (invalid sequences become U+FFFD) and sanitises the result.
    public static func plainText(bytes: some Collection<UInt8>) -> String {
        plainText(String(decoding: bytes, as: UTF8.self))
    }

    /// Sanitises text that is already decoded.
    public static func plainText(_ text: String) -> String {
        // Fast path: printable ASCII and ordinary Unicode need no work.
        if !text.unicodeScalars.contains(where: needsWork) { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            index += 1
            switch value {
            case 0x02, 0x0F, 0x11, 0x16, 0x1D, 0x1E, 0x1F:
                continue  // bold, reset, monospace, reverse, italic, strikethrough, underline
            case 0x03:  // colour: up to two digits, optionally ",", up to two digits
                index = skipColour(scalars, from: index, isDigit: isDecimal, width: 2)
            case 0x04:  // hex colour: six hex digits, optionally "," and six more
                index = skipColour(scalars, from: index, isDigit: isHex, width: 6)
            case 0x1B:
                index = skipEscapeSequence(scalars, from: index)
                output.append("\u{241B}")
            case 0x09, 0x0A, 0x0D:
                output.append(" ")
            case 0x00...0x1F:
                output.append(Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}")
            case 0x7F:
                output.append("\u{2421}")
            case 0x80...0x9F:
                output.append("\u{FFFD}")
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
                continue  // bidirectional marks and overrides
            case 0x2028, 0x2029:
                output.append(" ")
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0x200E { return value == 0x061C }
        return value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029
    }

    private static func isDecimal(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value)
    }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        isDecimal(scalar) || (0x41...0x46).contains(scalar.value) || (0x61...0x66).contains(scalar.value)
    }

    private static func skipColour(
        _ scalars: [Unicode.Scalar], from start: Int, isDigit: (Unicode.Scalar) -> Bool, width: Int
    ) -> Int {
        var index = start
        var taken = 0
        while index < scalars.count, taken < width, isDigit(scalars[index]) {
            index += 1
            taken += 1
        }
        guard taken > 0, index + 1 < scalars.count, scalars[index] == ",", isDigit(scalars[index + 1])
        else { return index }
        index += 1
        taken = 0
        while index < scalars.count, taken < width, isDigit(scalars[index]) {
            index += 1
            taken += 1
        }
        return index
    }

    /// Skips the rest of an escape sequence whose ESC was just consumed.
    private static func skipEscapeSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        var index = start
        let introducer = scalars[index].value
        switch introducer {
        case 0x5B:  // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E
            index += 1
            while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { index += 1 }
            return index
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // OSC, DCS, SOS, PM, APC: until BEL or ESC \
            index += 1
            while index < scalars.count {
                let value = scalars[index].value
                if value == 0x07 { return index + 1 }
                if value == 0x1B {
                    if index + 1 < scalars.count, scalars[index + 1] == "\\" { return index + 2 }
                    return index
                }
                index += 1
            }
            return index
        case 0x20...0x2F:  // nF: intermediates then a final byte
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
            return index
        case 0x30...0x7E:  // two-character sequence (ESC c, ESC 7, ESC =)
            return index + 1
        default:
            return index
        }
    }
}
