/// Where speech goes: a struct of closures with live values (audio, WAV, transcript) and test
/// values (recording), in the style of swift-dependencies.
///
/// The engine calls `event` for every transcript event, `samples` with 16-bit mono PCM as it is
/// produced, and `flush` when speech must fall silent at once. `backlog` tells how many
/// milliseconds of audio are queued but not yet heard, so the engine can pace synthesis to
/// playback (live audio) or run flat out (files).
///
/// ```swift
/// let sink = SpeechSink.combine([.transcript(writer), .wav(file)])
/// ```
public struct SpeechSink: Sendable {
    public var event: @Sendable (SpeechEvent) -> Void
    public var samples: @Sendable (UnsafeBufferPointer<Int16>, Utterance) -> Void
    public var flush: @Sendable () -> Void
    public var backlogMilliseconds: @Sendable () -> Double

    public init(
        event: @escaping @Sendable (SpeechEvent) -> Void = { _ in },
        samples: @escaping @Sendable (UnsafeBufferPointer<Int16>, Utterance) -> Void = { _, _ in },
        flush: @escaping @Sendable () -> Void = {},
        backlogMilliseconds: @escaping @Sendable () -> Double = { 0 }
    ) {
        self.event = event
        self.samples = samples
        self.flush = flush
        self.backlogMilliseconds = backlogMilliseconds
    }

    /// Discards everything.
    public static let null = SpeechSink()

    /// Every sink in `sinks` gets every call; the backlog is the largest of theirs.
    public static func combine(_ sinks: [SpeechSink]) -> SpeechSink {
        if sinks.count == 1 { return sinks[0] }
        return SpeechSink(
            event: { event in for sink in sinks { sink.event(event) } },
            samples: { buffer, utterance in for sink in sinks { sink.samples(buffer, utterance) } },
            flush: { for sink in sinks { sink.flush() } },
            backlogMilliseconds: { sinks.map { $0.backlogMilliseconds() }.max() ?? 0 })
    }

    /// JSON lines of events to `writer`; PCM is ignored.
    public static func transcript(_ writer: TranscriptWriter) -> SpeechSink {
        SpeechSink(event: { writer.write($0) })
    }

    /// All PCM to a WAV file.
    public static func wav(_ writer: WAVWriter) -> SpeechSink {
        SpeechSink(samples: { buffer, _ in writer.append(buffer) })
    }

    /// PCM to the sound card, paced to playback.
    public static func audio(_ player: AudioPlayer) -> SpeechSink {
        SpeechSink(
            samples: { buffer, _ in player.enqueue(buffer) },
            flush: { player.flush() },
            backlogMilliseconds: { player.backlogMilliseconds })
    }
}
