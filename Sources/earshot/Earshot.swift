import App
import ArgumentParser
import Settings

/// The `earshot` command: argument parsing only; everything it does lives in `App`.
@main
struct Earshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "earshot",
        abstract: "A self-voicing, line-mode chat client for the terminal.",
        discussion: """
            With no server it opens the local workspace, whose #welcome channel teaches the keys. \
            Right and Left move, Enter activates, Escape goes back, ? lists every key.
            """,
        subcommands: [Say.self, Voices.self, Sounds.self, ConfigCommand.self, AuditCommand.self, Install.self])

    @Option(help: "An IRC server, HOST[:PORT]. Without one, the local workspace opens.")
    var server: String?

    @Flag(help: "Connect with TLS (certificates are verified).")
    var tls = false

    @Flag(help: "Allow plain TCP to a server that is not on this machine.")
    var insecure = false

    @Option(help: "Your nick on IRC, and your name in the local workspace.")
    var nick: String?

    @Option(name: .customLong("channel"), help: "A channel to join; repeat for more.")
    var channels: [String] = []

    @Option(help: "The settings file (default $XDG_CONFIG_HOME/earshot/config.toml).")
    var config: String?

    @Flag(
        help: "Report mouse drags, so sheets can be dragged by mouse (the terminal's wheel scrolling stops meanwhile).")
    var mouse = false

    @Flag(
        help:
            "Another screen reader (Orca, Fenrir, Speakup, BRLTTY) reads the terminal: the focus's whole phrase on the bottom line with the cursor at its start, announcements as lines, nothing decorative. Use with --speech off."
    )
    var screenReader = false

    @OptionGroup var speech: SpeechOptions

    @Option(
        help:
            "Who speaks: espeak-ng (Earshot's own voices, the fastest) or speech-dispatcher (your own speech-dispatcher setup); as speech.engine."
    )
    var engine: SpeechSettings.Engine?

    /// `earshot say …` is parsed by ``Say`` alone: building the whole command tree (every
    /// subcommand's options, found by reflection) costs milliseconds that a listener waits
    /// through before the first word. `earshot say TEXT` alone, the commonest form, is not
    /// parsed at all: what ``Say`` would make of it is its defaults and the text, and parsing
    /// it still cost two milliseconds. Help, and any mistake, go through the whole tree as
    /// before, so what they print names `earshot say`.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let asksForHelp = arguments.contains {
            $0 == "-h" || $0 == "--help" || $0 == "-help" || $0.hasPrefix("--generate")
                || $0.hasPrefix("--experimental")
        }
        if arguments.first == "say", !asksForHelp {
            // The sound server and libespeak-ng start while the arguments are parsed; a
            // `--speech` other than audio is looked for only to spare a needless connection.
            SpeakOnce.warmUp(
                audio: !arguments.indices.contains { index in
                    let argument = arguments[index]
                    let value =
                        argument.hasPrefix("--speech=")
                        ? String(argument.dropFirst(9))
                        : argument == "--speech" && index + 1 < arguments.count ? arguments[index + 1] : nil
                    return value.map { $0 != "audio" } ?? false
                })
            if arguments.count == 2, !arguments[1].hasPrefix("-") {
                do {
                    try Say.speak(arguments[1], voice: nil, rate: nil, output: SpeechOutput())
                } catch {
                    Say.exit(withError: error)
                }
                return
            }
            if let say = try? Say.parse(Array(arguments.dropFirst())) {
                do {
                    try say.run()
                } catch {
                    Say.exit(withError: error)
                }
                return
            }
        }
        main(nil)
    }

    func validate() throws {
        if let server, server.split(separator: ":").count > 2 {
            throw ValidationError("--server takes HOST or HOST:PORT, not “\(server)”.")
        }
    }

    func run() throws {
        var options = ClientCommand.Options()
        options.server = server
        options.tls = tls
        options.insecure = insecure
        options.nick = nick
        options.channels = channels
        options.configPath = config
        options.speech = speech.output()
        options.mouse = mouse
        options.screenReader = screenReader
        options.engine = engine
        let status: Int32
        do {
            status = try ClientCommand.run(options)
        } catch {
            // A runtime failure is one line and status 1; usage errors keep ArgumentParser's 64.
            throw RuntimeFailure(Wording.sentence(failure: error))
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// A failure while running, not a mistake on the command line: one line on stderr, exit 1.
struct RuntimeFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}

extension SpeechSettings.Engine: ExpressibleByArgument {}
