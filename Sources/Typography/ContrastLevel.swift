/// The contrast the user asked for (`display.contrast` in the settings file).
///
/// `standard` themes meet WCAG AA (4.5:1) for every text role; `increased` themes meet AAA (7:1).
public enum ContrastLevel: String, CaseIterable, Codable, Sendable, Hashable {
    case standard
    case increased

    /// The smallest contrast ratio every text role must reach at this level.
    public var minimumRatio: Double {
        switch self {
        case .standard: 4.5
        case .increased: 7
        }
    }
}
