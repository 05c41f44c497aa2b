import App
import ArgumentParser

/// The `earshot` command: argument parsing only; everything it does lives in `App`.
@main
struct Earshot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "earshot",
        abstract: "A self-voicing, line-mode chat client for the terminal.",
        subcommands: [])

    func run() async throws {
        print("Earshot")
    }
}
