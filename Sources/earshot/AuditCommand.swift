import App
import ArgumentParser

/// `earshot audit --theme`: check every text role's contrast in both themes.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check the colour themes' contrast (WCAG 2.x).",
        discussion: "Exits with status 1 when a role falls short of 4.5:1 (standard) or 7:1 (increased).")

    @Flag(help: "Audit the colour themes (the default when no audit is named).")
    var theme = false

    func run() throws {
        let report = ThemeAudit.report()
        print(report.text, terminator: "")
        if !report.passed { throw ExitCode(1) }
    }
}
