/// A Dynamic Type content size category, from extra small to the largest accessibility size.
///
/// The twelve cases are the ones iOS offers; ``large`` is the default. Categories are ordered
/// from smallest to largest, and their raw values are the names used in the settings file.
///
/// ```swift
/// let category = ContentSizeCategory(rawValue: "accessibilityLarge")
/// category?.spokenName  // "Accessibility Large"
/// category?.percent     // 194
/// ```
public enum ContentSizeCategory: String, CaseIterable, Codable, Sendable, Hashable, Comparable {
    case extraSmall
    case small
    case medium
    case large
    case extraLarge
    case extraExtraLarge
    case extraExtraExtraLarge
    case accessibilityMedium
    case accessibilityLarge
    case accessibilityExtraLarge
    case accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The default category, as on iOS.
    public static let `default`: ContentSizeCategory = .large

    /// The position of the category from smallest (0) to largest (11).
    public var index: Int {
        switch self {
        case .extraSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .extraLarge: 4
        case .extraExtraLarge: 5
        case .extraExtraExtraLarge: 6
        case .accessibilityMedium: 7
        case .accessibilityLarge: 8
        case .accessibilityExtraLarge: 9
        case .accessibilityExtraExtraLarge: 10
        case .accessibilityExtraExtraExtraLarge: 11
        }
    }

    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        lhs.index < rhs.index
    }

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The name spoken and shown to people, such as "Accessibility Extra Large".
    public var spokenName: String {
        switch self {
        case .extraSmall: "Extra Small"
        case .small: "Small"
        case .medium: "Medium"
        case .large: "Large"
        case .extraLarge: "Extra Large"
        case .extraExtraLarge: "Extra Extra Large"
        case .extraExtraExtraLarge: "Extra Extra Extra Large"
        case .accessibilityMedium: "Accessibility Medium"
        case .accessibilityLarge: "Accessibility Large"
        case .accessibilityExtraLarge: "Accessibility Extra Large"
        case .accessibilityExtraExtraLarge: "Accessibility Extra Extra Large"
        case .accessibilityExtraExtraExtraLarge: "Accessibility Extra Extra Extra Large"
        }
    }

    /// The size announced to people: body size at this category ÷ 17 pt, in whole percent.
    ///
    /// `accessibilityLarge` is 33 pt, so 194 percent.
    public var percent: Int {
        Int((Double(TextStyle.body.pointSize(for: self)) / 17 * 100).rounded())
    }

    /// The category whose ``percent`` is nearest to `percent` (ties go to the smaller one).
    ///
    /// ```swift
    /// ContentSizeCategory(nearestPercent: 194)  // .accessibilityLarge
    /// ContentSizeCategory(nearestPercent: 150)  // .accessibilityMedium
    /// ```
    ///
    /// Any Double is accepted and none traps: below the smallest category's percent (minus
    /// infinity included) gives the smallest, above the largest's (plus infinity included)
    /// the largest, and NaN gives ``default``.
    public init(nearestPercent percent: Double) {
        guard !percent.isNaN else {
            self = .default
            return
        }
        let percent = min(max(percent, 0), 10_000)
        var best = ContentSizeCategory.large
        var bestDistance = Double.infinity
        for category in Self.allCases {
            let distance = abs(Double(category.percent) - percent)
            if distance < bestDistance {
                best = category
                bestDistance = distance
            }
        }
        self = best
    }

    /// The next larger category, or nil at the largest.
    public var larger: ContentSizeCategory? {
        let all = Self.allCases
        return index + 1 < all.count ? all[index + 1] : nil
    }

    /// The next smaller category, or nil at the smallest.
    public var smaller: ContentSizeCategory? {
        index > 0 ? Self.allCases[index - 1] : nil
    }
}
