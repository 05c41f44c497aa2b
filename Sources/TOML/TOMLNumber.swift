/// A TOML number read by the TOML 1.0 grammar, or why it is not one.
///
/// Decimal integers: an optional sign, then `0` or a digit 1–9 followed by digits, each
/// underscore between two digits. Hex (`0x`), octal (`0o`) and binary (`0b`) integers: no
/// sign, underscores between digits. Floats: a decimal integer part, then a fraction (`.`
/// and digits) and/or an exponent (`e` or `E`, an optional sign, digits with leading zeros
/// allowed), or `inf` and `nan` with an optional sign. Integers must fit in 64 bits.
///
/// ```swift
/// TOMLNumber.parse(Array("1_000".utf8)[...])  // .integer(1000)
/// TOMLNumber.parse(Array("1e_23".utf8)[...])  // .invalid("…")
/// ```
enum TOMLNumber: Equatable {
    case integer(Int64)
    case float(Double)
    /// A valid integer that does not fit in 64 bits.
    case overflow
    case invalid(String)

    static func parse(_ token: ArraySlice<UInt8>) -> TOMLNumber {
        var rest = token
        var negative = false
        var signed = false
        if let first = rest.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            signed = true
            rest = rest.dropFirst()
        }
        if rest.elementsEqual("inf".utf8) { return .float(negative ? -.infinity : .infinity) }
        if rest.elementsEqual("nan".utf8) { return .float(negative ? -.nan : .nan) }

        if rest.count >= 2, rest.first == UInt8(ascii: "0"),
            let radix = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2][rest[rest.startIndex + 1]]
        {
            guard !signed else { return .invalid("no sign is allowed before 0x, 0o or 0b") }
            let digits = rest.dropFirst(2)
            guard let clean = digitsWithUnderscores(digits, radix: radix) else {
                return .invalid("use digits of base \(radix), an underscore only between two of them")
            }
            var value: UInt64 = 0
            for digit in clean {
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: UInt64(radix))
                let (added, overflowB) = shifted.addingReportingOverflow(UInt64(digit))
                if overflowA || overflowB || added > UInt64(Int64.max) { return .overflow }
                value = added
            }
            return .integer(Int64(value))
        }

        // Decimal: integer part, optional fraction, optional exponent.
        let integerEnd =
            rest.firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            ?? rest.endIndex
        let integerPart = rest[..<integerEnd]
        guard let integerDigits = digitsWithUnderscores(integerPart, radix: 10) else {
            return .invalid("use digits, an underscore only between two of them")
        }
        if integerDigits.count > 1 && integerDigits.first == 0 { return .invalid("a leading zero is not allowed") }
        var index = integerEnd
        var isFloat = false
        if index < rest.endIndex, rest[index] == UInt8(ascii: ".") {
            isFloat = true
            let fractionStart = rest.index(after: index)
            let fractionEnd =
                rest[fractionStart...].firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
                ?? rest.endIndex
            let fraction = rest[fractionStart..<fractionEnd]
            guard digitsWithUnderscores(fraction, radix: 10) != nil else {
                return .invalid(
                    fraction.isEmpty
                        ? "a decimal point needs digits on both sides"
                        : "only digits may follow a decimal point; text goes in quotes")
            }
            index = fractionEnd
        }
        if index < rest.endIndex {
            isFloat = true
            var exponent = rest[rest.index(after: index)...]
            if let sign = exponent.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponent = exponent.dropFirst()
            }
            guard digitsWithUnderscores(exponent, radix: 10) != nil else {
                return .invalid("an exponent needs digits, an underscore only between two of them")
            }
        }
        if isFloat {
            let clean = String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
            guard let value = Double(clean) else { return .invalid("not a float") }
            return .float(value)
        }
        var magnitude: UInt64 = 0
        for digit in integerDigits {
            let (shifted, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (added, overflowB) = shifted.addingReportingOverflow(UInt64(digit))
            if overflowA || overflowB { return .overflow }
            magnitude = added
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return .overflow }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return .overflow }
        return .integer(Int64(magnitude))
    }

    /// The digit values of `text` in `radix`, or nil unless it is digits with each underscore
    /// between two digits (and at least one digit).
    static func digitsWithUnderscores(_ text: ArraySlice<UInt8>, radix: Int) -> [UInt8]? {
        var digits: [UInt8] = []
        var previousWasDigit = false
        for byte in text {
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit else { return nil }
                previousWasDigit = false
                continue
            }
            let value: UInt8
            switch byte {
            case 0x30...0x39: value = byte - 0x30
            case 0x41...0x46: value = byte - 0x41 + 10
            case 0x61...0x66: value = byte - 0x61 + 10
            default: return nil
            }
            guard Int(value) < radix else { return nil }
            digits.append(value)
            previousWasDigit = true
        }
        return previousWasDigit ? digits : nil
    }
}
