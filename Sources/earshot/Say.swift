import App
import ArgumentParser
import Speech

struct Say: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Speak text once and exit.")

    @Argument(help: "The text to speak.")
    var text: String

    @Option(help: "A voice role (reader, announcer, hint, key-echo, or your own) or a voice file's path.")
    var voice: String?

    @Option(help: "Speech rate in words per minute, 80 to 450.")
    var rate: Int?

    @Option(help: "Also write the audio to this WAV file.")
    var wav: String?

    @OptionGroup var speech: SpeechOptions

    func run() throws {
        try Self.speak(text, voice: voice, rate: rate, output: speech.output(wav: wav))
    }

    /// What `run()` does with what was parsed; `earshot say TEXT` alone comes here unparsed.
    static func speak(_ text: String, voice: String?, rate: Int?, output: SpeechOutput) throws {
        do {
            try SpeakOnce.run(text: text, voice: voice, rate: rate, output: output)
        } catch {
            throw RuntimeFailure(error.message)
        }
    }
}

struct Voices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the voices, with their roles and where each came from: a file, or built in.")

    @Flag(
        name: .customLong("speech-dispatcher"),
        help: "List speech-dispatcher's voices instead (its output module's), when it runs.")
    var speechDispatcher = false

    func run() throws {
        guard speechDispatcher else {
            for line in VoicesCommand.lines() { print(line) }
            // A speech-dispatcher that runs already (none is started for this) is named too.
            if let (module, voices) = try? SpeechEngine.speechDispatcherVoices(spawn: false) {
                print("")
                print(
                    "speech-dispatcher runs, output module \(module ?? "unknown"), \(voices.count) voices: earshot voices --speech-dispatcher lists them; speech.engine = \"speech-dispatcher\" speaks with it."
                )
            }
            return
        }
        do {
            // Started if libspeechd would start it for speaking (no SPEECHD_ADDRESS set).
            let (module, voices) = try SpeechEngine.speechDispatcherVoices(spawn: nil)
            print("speech-dispatcher, output module \(module ?? "unknown"): \(voices.count) voices")
            for voice in voices {
                print("\(voice.name)\t\(voice.language)" + (voice.variant.map { "\t\($0)" } ?? ""))
            }
        } catch {
            throw RuntimeFailure(error.message)
        }
    }
}

/// `--speech` and `--speech-log`, shared by every command that speaks.
struct SpeechOptions: ParsableArguments {
    @Option(help: "Where speech goes: audio, text (a transcript on stdout) or off.")
    var speech: SpeechOutput.Mode = .audio

    @Option(name: .customLong("speech-log"), help: "Write the JSON-lines speech transcript to this file.")
    var speechLog: String?

    func output(wav: String? = nil) -> SpeechOutput {
        SpeechOutput(mode: speech, logPath: speechLog, wavPath: wav)
    }
}

extension SpeechOutput.Mode: ExpressibleByArgument {}
