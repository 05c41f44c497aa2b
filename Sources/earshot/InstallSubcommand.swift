import App
import ArgumentParser

/// `earshot install`: the binary, voices, man page and completions under a prefix.
struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Install earshot, its voices, man page and shell completions.",
        discussion: """
            Copies this binary to PREFIX/bin/earshot and writes PREFIX/share/earshot/voices, \
            PREFIX/share/man/man1/earshot.1 and the bash, zsh and fish completions under \
            PREFIX/share, printing each file's path. Installing over the running copy works.
            """)

    @Option(help: "Where to install (default ~/.local).")
    var prefix: String?

    func run() throws {
        let completions = InstallCommand.Completions(
            bash: Earshot.completionScript(for: .bash), zsh: Earshot.completionScript(for: .zsh),
            fish: Earshot.completionScript(for: .fish))
        do {
            let page = try ManualPage.render(Earshot.self)
            try InstallCommand.run(prefix: prefix, manualPage: page, completions: completions) { print($0) }
        } catch {
            throw RuntimeFailure("\(error)")
        }
    }
}
