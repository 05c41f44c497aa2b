import Typography

/// `earshot audit --theme`: every text role's contrast ratio, in the palettes the client draws
/// with by default and in the 24-bit themes of `display.color = "truecolor"`.
///
/// The palettes are measured against the terminal's background as it reported it (OSC 11), or
/// as the user stated it; the report says which. With neither, the background-neutral palette is
/// measured against both white and black.
///
/// ```text
/// Background: #000000, detected (the terminal answered OSC 11): the dark palette.
/// standard dark palette: every role needs 4.5:1 on #000000
///   body        #FFFFFF  21.00:1  pass
/// ```
public enum ThemeAudit {
    /// Where the background measured against came from.
    public enum Background: Sendable, Hashable {
        /// Reported by the terminal (OSC 11).
        case detected(RGBColor)
        /// Given on the command line.
        case stated(RGBColor)
        /// Neither.
        case unknown
    }

    /// Asks the terminal for its background; `.unknown` when it does not say or is not a terminal.
    public static func detect() -> Background {
        BackgroundQuery.ask().map(Background.detected) ?? .unknown
    }

    /// `light`, `dark` or `#RRGGBB`, as `--background` takes it.
    public static func parse(background text: String) -> RGBColor? {
        switch text.lowercased() {
        case "light": return .white
        case "dark": return .black
        default:
            guard text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) else {
                return nil
            }
            return RGBColor(value)
        }
    }

    /// The report and whether every role meets its level everywhere it was measured.
    public static func report(background: Background) -> (text: String, passed: Bool) {
        var lines: [String] = []
        var passed = true
        let width = TextRole.allCases.map(\.rawValue.count).max() ?? 0

        func add(_ title: String, _ entries: [Theme.AuditEntry], level: ContrastLevel, on color: RGBColor) {
            lines.append("\(title): every role needs \(ratio(level.minimumRatio)):1 on \(color)")
            for entry in entries {
                let name = entry.role.rawValue + String(repeating: " ", count: width - entry.role.rawValue.count)
                lines.append(
                    "  \(name)  \(entry.foreground)  \(ratio(entry.ratio)):1  \(entry.passes ? "pass" : "FAIL")")
                passed = passed && entry.passes
            }
        }

        let measured: [RGBColor]
        switch background {
        case .detected(let color):
            lines.append(
                "Background: \(color), detected (the terminal answered OSC 11): the \(Palette.Tone(background: color).rawValue) palette."
            )
            measured = [color]
        case .stated(let color):
            lines.append(
                "Background: \(color), as stated (--background): the \(Palette.Tone(background: color).rawValue) palette."
            )
            measured = [color]
        case .unknown:
            lines.append(
                "Background: unknown (the terminal did not answer OSC 11): the plain palette, measured on white and on black."
            )
            measured = [.white, .black]
        }
        for color in measured {
            let tone: Palette.Tone = background == .unknown ? .unknown : Palette.Tone(background: color)
            for level in ContrastLevel.allCases {
                let palette = Palette.palette(for: tone, contrast: level)
                add(
                    "\(level.rawValue) \(tone == .unknown ? "plain" : tone.rawValue) palette",
                    palette.audit(background: color), level: level, on: color)
            }
        }
        for theme in [Theme.standard, Theme.increased] {
            add(
                "\(theme.contrast.rawValue) truecolor theme (its own background)", theme.audit(), level: theme.contrast,
                on: theme.background)
        }
        lines.append(passed ? "Every role meets its contrast level." : "Some roles fall short of their contrast level.")
        return (lines.joined(separator: "\n") + "\n", passed)
    }

    /// A ratio with two decimals ("4.83"), without Foundation.
    static func ratio(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
