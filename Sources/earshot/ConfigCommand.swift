import App
import ArgumentParser

/// `earshot config`: print the effective settings and where each came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the effective settings and where each one came from.",
        discussion: "Exits with status 1 when the settings file has errors.")

    @Flag(help: "Print only the settings file's path.")
    var path = false

    /// `--config` belongs to `earshot` and is read here, so it works before or after `config`.
    @ParentCommand var earshot: Earshot

    var configPath: String? { earshot.config }

    func run() throws {
        if path {
            print(ConfigReport.path(explicit: configPath))
            return
        }
        let report = ConfigReport.render(explicit: configPath)
        print(report.text, terminator: "")
        if report.hasErrors { throw ExitCode(1) }
    }
}
