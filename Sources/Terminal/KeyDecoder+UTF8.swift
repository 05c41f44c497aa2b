extension KeyDecoder {
    /// The result of decoding one UTF-8 character from the buffer.
    enum UTF8Step: Hashable {
        case scalar(Unicode.Scalar, length: Int)
        /// Not valid UTF-8: the first `length` bytes (the maximal invalid subpart) become one U+FFFD.
        case invalid(length: Int)
        case incomplete
    }

    /// Decodes the UTF-8 character at `index`, rejecting overlong forms, surrogates and
    /// values past U+10FFFF the way Unicode's "maximal subpart" rule says.
    func utf8(at index: Int) -> UTF8Step {
        let lead = buffer[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
            value = UInt32(lead & 0x0F)
        case 0xED:
            length = 3
            second = 0x80...0x9F
            value = UInt32(lead & 0x0F)
        case 0xE1...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0:
            length = 4
            second = 0x90...0xBF
            value = UInt32(lead & 0x07)
        case 0xF4:
            length = 4
            second = 0x80...0x8F
            value = UInt32(lead & 0x07)
        case 0xF1...0xF3:
            length = 4
            value = UInt32(lead & 0x07)
        default: return .invalid(length: 1)
        }
        for offset in 1..<length {
            guard index + offset < buffer.count else { return .incomplete }
            let byte = buffer[index + offset]
            guard (offset == 1 ? second : 0x80...0xBF).contains(byte) else { return .invalid(length: offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
        return .scalar(scalar, length: length)
    }
}
