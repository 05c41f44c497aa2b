import Typography

/// `[display]`: motion, contrast, colour and how larger text is drawn.
public struct DisplaySettings: Sendable, Equatable {
    /// `color`: true, false, "auto" (colour on a TTY unless `NO_COLOR` is set) — all in the
    /// terminal's own palette — or "truecolor" (the 24-bit themes, with their background).
    public enum ColorPreference: String, CaseIterable, Sendable, Equatable {
        case auto, always, never, truecolor
    }

    public var reduceMotion: Bool = false
    public var contrast: ContrastLevel = .standard
    public var color: ColorPreference = .auto
    public var textSizing: TextSizingPreference = .auto

    public init() {}

    /// The motion preference the renderer and presentation code read.
    public var motion: MotionPreference { MotionPreference(reduceMotion: reduceMotion) }
}
