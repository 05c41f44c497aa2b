import Typography

/// `[display]`: motion, contrast, colour, how larger text is drawn, and room for another screen reader.
public struct DisplaySettings: Sendable, Equatable {
    /// `color`: true or "always", false or "never", "auto" (colour on a TTY unless `NO_COLOR`
    /// is set) — all in the terminal's own palette — or "truecolor" (the 24-bit themes, with
    /// their background).
    public enum ColorPreference: String, CaseIterable, Sendable, Equatable {
        case auto, always, never, truecolor
    }

    public var reduceMotion: Bool = false
    public var contrast: ContrastLevel = .standard
    public var color: ColorPreference = .auto
    public var textSizing: TextSizingPreference = .auto
    /// `screen_reader`: another screen reader (Orca, Fenrir, Speakup, BRLTTY) reads the terminal:
    /// the bottom line carries the focus's whole phrase with the cursor at its start, nothing
    /// decorative is drawn, and announcements are printed as lines.
    public var screenReader: Bool = false

    public init() {}

    /// The motion preference the renderer and presentation code read.
    public var motion: MotionPreference { MotionPreference(reduceMotion: reduceMotion) }
}
