import Typography

/// `[text]`: the text size.
public struct TextSettings: Sendable, Equatable {
    /// `size`: a category name ("accessibilityLarge") or a percent ("194%" or 194), stored as
    /// the nearest category.
    public var size: ContentSizeCategory = .large

    public init(size: ContentSizeCategory = .large) {
        self.size = size
    }
}
