import Typography

/// `earshot audit --theme`: every text role's contrast ratio in both themes.
///
/// ```text
/// standard theme: every role needs 4.5:1 on #FFFFFF
///   body        #1D1C1D  17.16:1  pass
/// ```
public enum ThemeAudit {
    /// The report and whether every role in every theme meets its level.
    public static func report(themes: [Theme] = [.standard, .increased]) -> (text: String, passed: Bool) {
        var lines: [String] = []
        var passed = true
        let width = TextRole.allCases.map(\.rawValue.count).max() ?? 0
        for theme in themes {
            lines.append(
                "\(theme.contrast.rawValue) theme: every role needs \(ratio(theme.contrast.minimumRatio)):1 on \(theme.background)")
            for entry in theme.audit() {
                let name = entry.role.rawValue + String(repeating: " ", count: width - entry.role.rawValue.count)
                lines.append("  \(name)  \(entry.foreground)  \(ratio(entry.ratio)):1  \(entry.passes ? "pass" : "FAIL")")
                passed = passed && entry.passes
            }
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
