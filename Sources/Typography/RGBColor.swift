/// A 24-bit sRGB colour.
///
/// ```swift
/// let grey = RGBColor(hex: "#717274")
/// grey?.hexString  // "#717274"
/// ```
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `0xRRGGBB`.
    public init(_ rgb: UInt32) {
        red = UInt8((rgb >> 16) & 0xFF)
        green = UInt8((rgb >> 8) & 0xFF)
        blue = UInt8(rgb & 0xFF)
    }

    /// A colour from "#RRGGBB" or "RRGGBB"; nil when the text is not six hex digits.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(value)
    }

    /// "#RRGGBB" in upper case.
    public var hexString: String {
        func two(_ byte: UInt8) -> String {
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }
        return "#" + two(red) + two(green) + two(blue)
    }

    public var description: String { hexString }

    public static let white = RGBColor(0xFFFFFF)
    public static let black = RGBColor(0x000000)
}
