/// Scales values the way `UIFontMetrics.scaledValue(for:)` does.
///
/// The input is a value designed at ``ContentSizeCategory/large``; the output is that value
/// times the text style's scale at the category, optionally capped.
///
/// ```swift
/// let metrics = FontMetrics(textStyle: .body)
/// metrics.scaledValue(10, for: .accessibilityLarge)              // 19.41…
/// metrics.scaledValue(10, for: .accessibilityLarge, maximum: 15) // 15
/// ```
public struct FontMetrics: Sendable, Hashable {
    /// The text style whose scale is used.
    public var textStyle: TextStyle

    public init(textStyle: TextStyle = .body) {
        self.textStyle = textStyle
    }

    /// `value` (designed at Large) scaled for `category`, capped at `maximum` when given.
    public func scaledValue(
        _ value: Double, for category: ContentSizeCategory, maximum: Double? = nil
    ) -> Double {
        let scaled = value * textStyle.scale(for: category)
        if let maximum { return min(scaled, maximum) }
        return scaled
    }

    /// `value` scaled for `style` at `category`, capped at `maximum` when given.
    public static func scaledValue(
        _ value: Double, for style: TextStyle, category: ContentSizeCategory,
        maximum: Double? = nil
    ) -> Double {
        FontMetrics(textStyle: style).scaledValue(value, for: category, maximum: maximum)
    }
}
