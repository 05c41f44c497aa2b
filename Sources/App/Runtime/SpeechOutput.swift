import Speech

/// Where speech goes: `--speech audio|text|off`, `--speech-log FILE`, `--wav FILE`.
///
/// `audio` plays through the sound card; when none opens, Earshot says so once on stderr and
/// falls back to `text`. With `recover`, audio that fails (or never opened) goes to `text` and
/// comes back by itself when the sound server returns (``AudioFailover``). `text` writes the JSON transcript to stdout (the client shows caption
/// lines instead). `--speech-log` keeps the transcript in a file whatever the mode.
public struct SpeechOutput: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        case audio
        case text
        case off
    }

    public var mode: Mode
    public var logPath: String?
    public var wavPath: String?

    public init(mode: Mode = .audio, logPath: String? = nil, wavPath: String? = nil) {
        self.mode = mode
        self.logPath = logPath
        self.wavPath = wavPath
    }

    /// What was opened, so it can be closed (WAV sizes are written on close).
    public final class Opened: Sendable {
        public let sink: SpeechSink
        public let mode: Mode
        let wav: WAVWriter?
        let player: AudioPlayer?
        let failover: AudioFailover?

        init(sink: SpeechSink, mode: Mode, wav: WAVWriter?, player: AudioPlayer?, failover: AudioFailover?) {
            self.sink = sink
            self.mode = mode
            self.wav = wav
            self.player = player
            self.failover = failover
        }

        /// Finishes the WAV file and closes the sound card.
        public func close() throws(SpeechError) {
            player?.close()
            failover?.close()
            try wav?.close()
        }
    }

    /// Opens the sinks for `sampleRate`. `textSink` replaces the JSON transcript on stdout for
    /// `text` mode (the client's caption lines); `warn` gets the one-time fallback message.
    /// `recover` (the client) keeps audio alive across a sound server that dies or starts late:
    /// speech moves to `textSink` meanwhile and `onRoute` hears each move.
    public func open(
        sampleRate: Int, textSink: SpeechSink? = nil,
        recover onRoute: (@Sendable (AudioFailover.Route) -> Void)? = nil,
        warn: (String) -> Void = { message in Libc.warn(message) }
    ) throws(SpeechError) -> Opened {
        var sinks: [SpeechSink] = []
        var effective = mode
        var player: AudioPlayer?
        var failover: AudioFailover?
        if mode == .audio, let onRoute {
            let captions = textSink ?? .transcript(TranscriptWriter(descriptor: Libc.standardOutput))
            let opened = AudioFailover(sampleRate: sampleRate, captions: captions, onChange: onRoute)
            if case .captions(let reason) = opened.route {
                warn("earshot: \(reason) Speech falls back to text until a sound server answers.")
            }
            failover = opened
            sinks.append(opened.sink)
        } else if mode == .audio {
            do {
                let opened = try AudioPlayer(sampleRate: sampleRate)
                player = opened
                sinks.append(.audio(opened))
            } catch {
                warn("earshot: \(error.message) Speech falls back to text.")
                effective = .text
            }
        }
        if effective == .text {
            sinks.append(textSink ?? .transcript(TranscriptWriter(descriptor: Libc.standardOutput)))
        }
        if let logPath { sinks.append(.transcript(try TranscriptWriter(path: logPath))) }
        var wav: WAVWriter?
        if let wavPath {
            let writer = try WAVWriter(path: wavPath, sampleRate: sampleRate)
            wav = writer
            sinks.append(.wav(writer))
        }
        return Opened(
            sink: sinks.isEmpty ? .null : .combine(sinks), mode: effective, wav: wav, player: player,
            failover: failover)
    }
}
