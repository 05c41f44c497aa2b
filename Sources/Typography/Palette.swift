/// How each text role is drawn with the terminal's own colours: its default foreground, bold,
/// underline and the 16-colour palette — never a background.
///
/// Programs people keep in a terminal (irssi, weechat, vim) draw this way, so the user's theme
/// applies. The palette is chosen for the background the terminal reports (OSC 11): colours that
/// are readable on a dark background are not on a light one. When the background is unknown only
/// the default foreground, bold and underline are used, which read on any background.
///
/// ```swift
/// let palette = Palette.palette(for: .dark, contrast: .standard)
/// palette.style(for: .link).sgr      // "4;36": underlined cyan
/// palette.style(for: .body).sgr      // "": the terminal's own foreground
/// ```
public struct Palette: Sendable, Hashable {
    /// Whether the terminal's background is light or dark.
    public enum Tone: String, Sendable, Hashable, CaseIterable {
        case light, dark, unknown

        /// Light when black text reads better on `background` than white text does.
        public init(background: RGBColor) {
            self =
                RGBColor.black.contrastRatio(with: background) >= RGBColor.white.contrastRatio(with: background)
                ? .light : .dark
        }
    }

    /// One role's look: a palette colour (or the default foreground), bold, underline.
    public struct Style: Sendable, Hashable {
        /// 0…15, or nil for the terminal's default foreground.
        public var color: Int?
        public var bold: Bool
        public var underline: Bool

        public init(color: Int? = nil, bold: Bool = false, underline: Bool = false) {
            self.color = color
            self.bold = bold
            self.underline = underline
        }

        /// The SGR parameters ("1;4;34"); empty for plain text in the default foreground.
        public var sgr: String {
            var codes: [String] = []
            if bold { codes.append("1") }
            if underline { codes.append("4") }
            if let color { codes.append(String(color < 8 ? 30 + color : 90 + color - 8)) }
            return codes.joined(separator: ";")
        }
    }

    public var tone: Tone
    public var contrast: ContrastLevel
    public var styles: [TextRole: Style]

    public init(tone: Tone, contrast: ContrastLevel, styles: [TextRole: Style]) {
        self.tone = tone
        self.contrast = contrast
        self.styles = styles
    }

    /// The look of `role` (plain when the palette leaves it out).
    public func style(for role: TextRole) -> Style { styles[role] ?? Style() }

    /// The palette for a background `tone` at a contrast `level`. Every colour meets the level on
    /// xterm's default palette (``xtermColors``) against black (dark) or white (light).
    public static func palette(for tone: Tone, contrast level: ContrastLevel) -> Palette {
        let increased = level == .increased
        let styles: [TextRole: Style]
        switch tone {
        case .dark:
            styles = [
                .secondary: Style(color: 7), .heading: Style(bold: true), .author: Style(color: 3, bold: true),
                .timestamp: Style(color: 7), .link: Style(color: 6, underline: true),
                .mention: Style(color: increased ? 11 : 13, bold: true), .focus: Style(bold: true, underline: true),
                .error: increased ? Style(bold: true) : Style(color: 9, bold: true), .success: Style(color: 2),
            ]
        case .light:
            styles = [
                .heading: Style(bold: true), .author: Style(color: 4, bold: true),
                .link: Style(color: 4, underline: true),
                .mention: Style(color: increased ? 4 : 5, bold: true), .focus: Style(bold: true, underline: true),
                .error: increased ? Style(bold: true) : Style(color: 1, bold: true), .success: Style(bold: true),
            ]
        case .unknown:
            styles = [
                .heading: Style(bold: true), .author: Style(bold: true), .link: Style(underline: true),
                .mention: Style(bold: true), .focus: Style(bold: true, underline: true), .error: Style(bold: true),
            ]
        }
        return Palette(tone: tone, contrast: level, styles: styles)
    }

    /// xterm's default RGB values for palette colours 0…15, used to measure contrast.
    public static let xtermColors: [RGBColor] = [
        RGBColor(0x000000), RGBColor(0xCD0000), RGBColor(0x00CD00), RGBColor(0xCDCD00),
        RGBColor(0x0000EE), RGBColor(0xCD00CD), RGBColor(0x00CDCD), RGBColor(0xE5E5E5),
        RGBColor(0x7F7F7F), RGBColor(0xFF0000), RGBColor(0x00FF00), RGBColor(0xFFFF00),
        RGBColor(0x5C5CFF), RGBColor(0xFF00FF), RGBColor(0x00FFFF), RGBColor(0xFFFFFF),
    ]

    /// Every role's contrast against `background`: palette colours as xterm draws them, the
    /// default foreground as black on a light background and white on a dark one.
    public func audit(background: RGBColor) -> [Theme.AuditEntry] {
        let foreground: RGBColor = Tone(background: background) == .light ? .black : .white
        return TextRole.allCases.map { role in
            let color = style(for: role).color.map { Self.xtermColors[$0] } ?? foreground
            return Theme.AuditEntry(
                role: role, foreground: color, background: background, ratio: color.contrastRatio(with: background),
                minimum: contrast.minimumRatio)
        }
    }
}
