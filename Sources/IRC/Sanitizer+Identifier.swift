extension Sanitizer {
    /// The longest identifier kept, in UTF-8 bytes.
    public static let maximumIdentifierBytes = 255

    /// A server's `msgid`, `label` or reply target, or nil when it is not a usable identifier.
    ///
    /// An identifier is kept as it is or dropped, never changed (a changed id would point at
    /// another message): nil when it is empty, longer than ``maximumIdentifierBytes``, or has
    /// a space, a C0 or C1 control (NUL, CR, LF, ESC…), DEL, a bidirectional control, or a
    /// line or paragraph separator. What is kept can go back out in a tag unchanged.
    ///
    /// ```swift
    /// Sanitizer.identifier("abc-123")    // "abc-123"
    /// Sanitizer.identifier("abc\u{0}x")  // nil
    /// ```
    public static func identifier(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maximumIdentifierBytes else { return nil }
        let usable = value.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x00...0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029,
                0xFFFD:
                false
            default:
                true
            }
        }
        return usable ? value : nil
    }
}
