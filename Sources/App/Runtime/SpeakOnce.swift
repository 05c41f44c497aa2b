import Accessibility
import Speech
import UnicodeData

/// `earshot say TEXT`: speak once and exit.
public enum SpeakOnce {
    /// What the voice is given for `text`: prepared as the client prepares everything it says
    /// (emoji names, styled letters, invisible characters, symbols at the default level), and
    /// why emoji may be read poorly, when the emoji data is missing and the text needs it.
    ///
    /// ```swift
    /// SpeakOnce.prepared("🦩 k\u{200B}im").text // "flamingo kim"
    /// ```
    public static func prepared(_ text: String) -> (text: String, problem: String?) {
        let spoken = SpokenText.prepare(text, punctuation: .some)
        let needsEmoji = text.unicodeScalars.contains { !$0.isASCII }
        return (spoken, needsEmoji ? EmojiCatalog.shared.problem : nil)
    }

    /// Starts, each on a thread of its own, what ``run(text:voice:rate:output:warn:)`` will
    /// wait for: the sound server's connection (with `audio`) and libespeak-ng. `earshot say`
    /// calls it before its arguments are parsed, so the two overlap the parsing.
    public static func warmUp(audio: Bool) {
        // espeak-ng's voices are all 22,050 Hz; at any other rate the player opens its own.
        if audio { AudioPlayer.prepare(sampleRate: 22_050) }
        SpeechEngine.warmUp()
    }

    /// Speaks `text` with `voice` (a role name, or a path to a voice file) at `rate`, through
    /// `output`, and waits until it has been spoken. The text is prepared first
    /// (``prepared(_:)``); a missing emoji data set is said once on stderr.
    public static func run(
        text: String, voice: String?, rate: Int?, output: SpeechOutput,
        warn: (String) -> Void = { message in Libc.warn("earshot: \(message)") }
    ) throws(SpeechError) {
        let (spoken, problem) = prepared(text)
        if let problem { warn(problem) }
        // The sound server's connection opens while libespeak-ng starts (when warmUp(audio:)
        // has not begun it already).
        if output.mode == .audio { AudioPlayer.prepare(sampleRate: 22_050) }
        defer { AudioPlayer.discardPrepared() }
        var parameters = SpeechParameters()
        if let rate { parameters.rate = rate }
        try parameters.validate()
        // Only the voice spoken with is read and checked: another role's broken file is no
        // reason not to speak, and reading every file is start-up time before the first sound.
        let library = VoiceLibrary.discover()
        var role = VoiceRole.reader
        if let voice, !voice.contains("/") {
            role = VoiceRole(rawValue: voice)
            let known = library.sources().keys
            guard known.contains(role) else {
                let names = known.map(\.rawValue).sorted().joined(separator: ", ")
                throw SpeechError(.unknownVoiceRole, "No voice named “\(voice)”. Voices: \(names).")
            }
        }
        var opened: SpeechOutput.Opened?
        let engine = try SpeechEngine(configuration: .init(voices: library, parameters: parameters, roles: [role])) {
            rate throws(SpeechError) in
            let result = try output.open(sampleRate: rate)
            opened = result
            return result.sink
        }
        defer { engine.shutdown() }
        if let voice, voice.contains("/") {
            role = try engine.setVoice(path: voice)
        }
        engine.speak(spoken, voice: role)
        engine.waitUntilIdle(timeoutSeconds: 600)
        engine.shutdown()
        try opened?.close()
    }
}

/// `earshot voices`: the voices, with their roles and where each came from.
public enum VoicesCommand {
    /// One line per role: role, the voice's `name`, its file's path or "built in"; an unusable
    /// file says why instead of its path.
    public static func lines(library: VoiceLibrary = .discover()) -> [String] {
        let sources = library.sources().sorted { $0.key.rawValue < $1.key.rawValue }
        guard !sources.isEmpty else {
            return ["No voice files found in \(library.searched)."]
        }
        let width = sources.map { $0.key.rawValue.count }.max() ?? 0
        let rows = sources.map { role, source -> (role: String, name: String, origin: String) in
            let origin: String
            switch source {
            case .file(let path): origin = path
            case .builtIn: origin = "built in"
            }
            do throws(SpeechError) {
                return (role.rawValue, try library.voice(for: role).name ?? "-", origin)
            } catch {
                return (role.rawValue, "(unusable)", error.message)
            }
        }
        let nameWidth = rows.map(\.name.count).max() ?? 0
        return rows.map { row in
            func pad(_ text: String, _ width: Int) -> String {
                text + String(repeating: " ", count: width - text.count)
            }
            return "\(pad(row.role, width))  \(pad(row.name, nameWidth))  \(row.origin)"
        }
    }
}
