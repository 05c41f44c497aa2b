/// One of the eleven Dynamic Type text styles, with Apple's point size at every category.
///
/// The scale of a style at a category is its size there divided by its size at ``ContentSizeCategory/large``.
///
/// ```swift
/// TextStyle.body.pointSize(for: .accessibilityLarge)  // 33
/// TextStyle.body.scale(for: .accessibilityLarge)      // 1.941…
/// ```
public enum TextStyle: String, CaseIterable, Codable, Sendable, Hashable {
    case largeTitle
    case title1
    case title2
    case title3
    case headline
    case body
    case callout
    case subheadline
    case footnote
    case caption1
    case caption2

    /// Apple's point sizes for this style, one per category from extraSmall to AX5.
    public var pointSizes: [Int] { Self.table[tableIndex] }

    private var tableIndex: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        }
    }

    private static let table: [[Int]] = TextStyle.allCases.map(\.literalSizes)

    private var literalSizes: [Int] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        }
    }

    /// The point size of this style at `category`.
    public func pointSize(for category: ContentSizeCategory) -> Int {
        pointSizes[category.index]
    }

    /// This style's size at `category` divided by its size at Large.
    public func scale(for category: ContentSizeCategory) -> Double {
        Double(pointSize(for: category)) / Double(pointSize(for: .large))
    }

    /// Whether headings use this style (spoken and drawn as a heading).
    public var isHeading: Bool {
        switch self {
        case .largeTitle, .title1, .title2, .title3, .headline: true
        default: false
        }
    }
}
