import App
import ArgumentParser

/// The `earshot` command: argument parsing only; everything it does lives in `App`.
@main
struct Earshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "earshot",
        abstract: "A self-voicing, line-mode chat client for the terminal.",
        subcommands: [Say.self, Voices.self, ConfigCommand.self, AuditCommand.self])

    @OptionGroup var speech: SpeechOptions

    func run() throws {
        do {
            try Introduction.run(output: speech.output())
        } catch {
            throw ValidationError(error.message)
        }
    }
}
