extension Theme {
    /// One role's contrast against the theme's background.
    public struct AuditEntry: Sendable, Hashable {
        public var role: TextRole
        public var foreground: RGBColor
        public var background: RGBColor
        public var ratio: Double
        public var minimum: Double
        public var passes: Bool { ratio >= minimum }
    }

    /// Every role's contrast ratio against ``background`` and whether it meets the level.
    public func audit() -> [AuditEntry] {
        TextRole.allCases.map { role in
            let foreground = color(for: role)
            return AuditEntry(
                role: role, foreground: foreground, background: background,
                ratio: foreground.contrastRatio(with: background), minimum: contrast.minimumRatio)
        }
    }
}
