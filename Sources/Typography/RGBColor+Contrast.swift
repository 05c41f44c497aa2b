extension RGBColor {
    /// WCAG 2.x relative luminance, 0 (black) … 1 (white).
    ///
    /// Each sRGB channel is linearised (c ≤ 0.04045 ? c/12.92 : ((c+0.055)/1.055)^2.4), then
    /// L = 0.2126 R + 0.7152 G + 0.0722 B.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.x contrast ratio between this colour and `other`, 1 … 21.
    ///
    /// ```swift
    /// RGBColor(0x717274).contrastRatio(with: .white)  // ≈ 4.8, passes AA
    /// RGBColor(0xACADB1).contrastRatio(with: .white)  // ≈ 2.2, fails
    /// ```
    public func contrastRatio(with other: RGBColor) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
