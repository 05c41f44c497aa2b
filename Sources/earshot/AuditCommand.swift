import App
import ArgumentParser

/// `earshot audit`: the accessibility audit of every shipped screen, and the contrast of every
/// text role in both themes.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit every screen's accessibility and the colour themes' contrast (WCAG 2.x).",
        discussion: """
            Exits with status 1 when a screen has a finding, or a text role falls short of 4.5:1 \
            (standard) or 7:1 (increased).
            """)

    @Flag(help: "Only the colour themes.")
    var theme = false

    @Flag(help: "Only the screens.")
    var screens = false

    func run() throws {
        var passed = true
        if !theme {
            let report = try ScreenAudit.report()
            print(report.text, terminator: "")
            passed = passed && report.passed
        }
        if !screens {
            let report = ThemeAudit.report()
            print(report.text, terminator: "")
            passed = passed && report.passed
        }
        if !passed { throw ExitCode(1) }
    }
}
