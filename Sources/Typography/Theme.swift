/// A colour theme: a background and a 24-bit colour for every ``TextRole``.
///
/// There are two themes, one per ``ContrastLevel``. ``audit()`` checks every role against the
/// level's minimum ratio; tests and `earshot audit --theme` use it.
///
/// ```swift
/// let theme = Theme.theme(for: .increased)
/// theme.color(for: .link)        // a dark blue
/// theme.audit().allSatisfy(\.passes)  // true
/// ```
public struct Theme: Sendable, Hashable {
    /// The contrast level this theme is designed for.
    public var contrast: ContrastLevel
    /// The background all roles are measured against.
    public var background: RGBColor
    /// The colour of each role, in ``TextRole/allCases`` order.
    public var colors: [TextRole: RGBColor]

    public init(contrast: ContrastLevel, background: RGBColor, colors: [TextRole: RGBColor]) {
        self.contrast = contrast
        self.background = background
        self.colors = colors
    }

    /// The colour of `role` (body colour when the theme leaves a role out).
    public func color(for role: TextRole) -> RGBColor {
        colors[role] ?? colors[.body] ?? .black
    }

    /// The theme for `level`.
    public static func theme(for level: ContrastLevel) -> Theme {
        switch level {
        case .standard: .standard
        case .increased: .increased
        }
    }

    /// WCAG AA on white: every role at least 4.5:1.
    public static let standard = Theme(
        contrast: .standard, background: .white,
        colors: [
            .body: RGBColor(0x1D1C1D),
            .secondary: RGBColor(0x616061),
            .heading: RGBColor(0x1D1C1D),
            .author: RGBColor(0x1D4F91),
            .timestamp: RGBColor(0x717274),
            .link: RGBColor(0x1264A3),
            .mention: RGBColor(0x8A4B00),
            .focus: RGBColor(0x6B2C91),
            .error: RGBColor(0xC0252D),
            .success: RGBColor(0x1E7B4B),
        ])

    /// WCAG AAA on white: every role at least 7:1.
    public static let increased = Theme(
        contrast: .increased, background: .white,
        colors: [
            .body: RGBColor(0x000000),
            .secondary: RGBColor(0x3B3B3C),
            .heading: RGBColor(0x000000),
            .author: RGBColor(0x0B3A75),
            .timestamp: RGBColor(0x454547),
            .link: RGBColor(0x0A4A80),
            .mention: RGBColor(0x5C3200),
            .focus: RGBColor(0x4B1669),
            .error: RGBColor(0x8E1118),
            .success: RGBColor(0x0F5132),
        ])
}
