import App
import Terminal
import ArgumentParser

/// `earshot audit`: the accessibility audit of every shipped screen, and the contrast of every
/// text role in both themes.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit every screen's accessibility and the colours' contrast (WCAG 2.x).",
        discussion: """
            Exits with status 1 when a screen has a finding, or a text role falls short of 4.5:1 \
            (standard) or 7:1 (increased).
            """)

    @Flag(help: "Only the colour themes.")
    var theme = false

    @Flag(help: "Only the screens.")
    var screens = false

    @Option(help: "The background to measure colours against: light, dark or #RRGGBB (default: ask the terminal).")
    var background: String?

    func validate() throws {
        if let background, ThemeAudit.parse(background: background) == nil {
            throw ValidationError("--background takes light, dark or #RRGGBB, not “\(background)”.")
        }
    }

    func run() throws {
        var passed = true
        if !theme {
            let report = try ScreenAudit.report()
            print(report.text, terminator: "")
            passed = passed && report.passed
        }
        if !screens {
            let stated = background.flatMap(ThemeAudit.parse(background:))
            let report = ThemeAudit.report(background: stated.map(ThemeAudit.Background.stated) ?? ThemeAudit.detect())
            print(report.text, terminator: "")
            passed = passed && report.passed
        }
        if !passed { throw ExitCode(1) }
    }
}
