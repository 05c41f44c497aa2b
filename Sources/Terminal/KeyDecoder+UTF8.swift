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
        // Unicode's table of well-formed byte sequences: by the lead byte, the length, the
        // range the second byte must be in, and the bits of the lead that are the value's.
        let (length, second, bits): (Int, ClosedRange<UInt8>, UInt8)
        switch lead {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
        case 0xC2...0xDF: (length, second, bits) = (2, 0x80...0xBF, 0x1F)
        case 0xE0: (length, second, bits) = (3, 0xA0...0xBF, 0x0F)
        case 0xED: (length, second, bits) = (3, 0x80...0x9F, 0x0F)
        case 0xE1...0xEF: (length, second, bits) = (3, 0x80...0xBF, 0x0F)
        case 0xF0: (length, second, bits) = (4, 0x90...0xBF, 0x07)
        case 0xF4: (length, second, bits) = (4, 0x80...0x8F, 0x07)
        case 0xF1...0xF3: (length, second, bits) = (4, 0x80...0xBF, 0x07)
        default: return .invalid(length: 1)
        }
        var value = UInt32(lead & bits)
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
