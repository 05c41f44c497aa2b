extension KeyDecoder {
    /// A finished CSI sequence (`ESC [ parameters final`) and what it means as a key.
    struct ControlSequence: Hashable {
        enum Meaning: Hashable {
            case event(KeyEvent)
            case startPaste
            /// A sequence with no meaning for the user, such as a stray paste end.
            case ignore
            case unknown
        }

        /// A private marker (`<`, `=`, `>` or `?`) before the numbers, if any.
        var marker: UInt8?
        /// The `;`-separated numbers; nil where a number is left out. Sub-parameters after
        /// `:` are dropped.
        var numbers: [Int?]
        var final: UInt8

        init(parameterBytes: ArraySlice<UInt8>, final: UInt8) {
            var bytes = parameterBytes
            if let first = bytes.first, (0x3C...0x3F).contains(first) {
                marker = first
                bytes = bytes.dropFirst()
            } else {
                marker = nil
            }
            numbers = Self.numbers(bytes)
            self.final = final
        }

        /// Splits `1;5` into `[1, 5]`, `;2` into `[nil, 2]`, `1:2;3` into `[1, 3]`.
        static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int?] {
            guard !bytes.isEmpty else { return [] }
            return bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
                var value: Int?
                for byte in field {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
                    let next = (value ?? 0) &* 10 &+ Int(byte - UInt8(ascii: "0"))
                    value = min(next, 1_000_000)
                }
                return value
            }
        }

        func number(_ position: Int, default fallback: Int) -> Int {
            position < numbers.count ? numbers[position] ?? fallback : fallback
        }

        func meaning(alt: Bool) -> Meaning {
            if marker == UInt8(ascii: "<") { return mouse() }
            guard marker == nil else { return .unknown }
            var modifiers = KeyEvent.Modifiers(xtermParameter: number(1, default: 1))
            if alt { modifiers.insert(.alt) }
            if let key = KeyDecoder.cursorKey(final: final) { return .event(.key(key, modifiers)) }
            let key: KeyEvent.Key
            switch final {
            case UInt8(ascii: "Z"):
                modifiers.remove(.shift)
                key = .backTab
            case UInt8(ascii: "~"):
                return tilde(modifiers: modifiers)
            case UInt8(ascii: "u"):
                // kitty / fixterms: `CSI code ; modifiers u`.
                return Self.codepoint(number(0, default: 0), modifiers: modifiers)
            default:
                return .unknown
            }
            return .event(.key(key, modifiers))
        }

        /// `CSI n ; m ~`: the VT220 editing keys and function keys.
        private func tilde(modifiers: KeyEvent.Modifiers) -> Meaning {
            let key: KeyEvent.Key
            switch number(0, default: 0) {
            case 1, 7: key = .home
            case 2: key = .insert
            case 3: key = .delete
            case 4, 8: key = .end
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 11...15: key = .function(number(0, default: 0) - 10)
            case 17...21: key = .function(number(0, default: 0) - 11)
            case 23...26: key = .function(number(0, default: 0) - 12)
            case 28, 29: key = .function(number(0, default: 0) - 13)
            case 31...34: key = .function(number(0, default: 0) - 14)
            case 200: return .startPaste
            case 201: return .ignore
            case 27:
                // xterm modifyOtherKeys: `CSI 27 ; modifiers ; code ~`.
                return Self.codepoint(number(2, default: 0), modifiers: modifiers)
            default: return .unknown
            }
            return .event(.key(key, modifiers))
        }

        /// A key reported by its Unicode code point with modifiers.
        static func codepoint(_ code: Int, modifiers: KeyEvent.Modifiers) -> Meaning {
            switch code {
            case 13: return .event(.key(.enter, modifiers))
            case 9:
                return modifiers.contains(.shift)
                    ? .event(.key(.backTab, modifiers.subtracting(.shift))) : .event(.key(.tab, modifiers))
            case 127, 8: return .event(.key(.backspace, modifiers))
            case 27: return .event(.key(.escape, modifiers))
            default: break
            }
            guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(code)), scalar != "\u{7F}" else { return .unknown }
            var character = Character(scalar)
            if modifiers.contains(.control),
                scalar == " " || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            {
                return .event(.control(Character(character.lowercased())))
            }
            if modifiers.contains(.shift), let upper = character.uppercased().first { character = upper }
            if modifiers.contains(.alt) { return .event(.alt(character)) }
            return .event(.character(character))
        }

        /// `CSI < b ; column ; row M` (press, drag) or `m` (release).
        private func mouse() -> Meaning {
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"), numbers.count == 3,
                let code = numbers[0], let column = numbers[1], let row = numbers[2]
            else { return .unknown }
            return .event(
                .mouse(KeyEvent.Mouse(sgrCode: code, column: column, row: row, released: final == UInt8(ascii: "m"))))
        }
    }
}
