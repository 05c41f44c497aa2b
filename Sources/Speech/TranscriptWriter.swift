import Synchronization
import SystemPackage

/// Writes the speech transcript: JSON lines, one ``TranscriptRecord`` per event.
///
/// `{"t": 12, "event": "speak", "priority": "default", "voice": "reader", "text": "Send, button."}`
/// where `t` is milliseconds since the writer was made. `--speech text` writes it to stdout;
/// `--speech-log FILE` to a file.
///
/// ```swift
/// let writer = try TranscriptWriter(path: "/tmp/speech.jsonl")
/// ```
public final class TranscriptWriter: Sendable {
    private struct State {
        var descriptor: Int32
        var ownsDescriptor: Bool
    }

    private let state: Mutex<State>
    private let start: UInt64
    private let clock: @Sendable () -> UInt64

    /// Appends to the file at `path` (created with mode 0600 if missing, truncated).
    public convenience init(path: String, clock: @escaping @Sendable () -> UInt64 = SpeechClock.now) throws(SpeechError)
    {
        let descriptor: FileDescriptor
        do {
            // By the path as given (a `FilePath` would tidy it), and tried once, as `open` is.
            descriptor = try path.withCString { name in
                try FileDescriptor.open(
                    name, .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: .ownerReadWrite,
                    retryOnInterrupt: false)
            }
        } catch {
            // `Errno`'s description is its `strerror`.
            throw SpeechError(.outputFailed, "Cannot write the speech log \(path): \(error).", path: path)
        }
        self.init(descriptor: descriptor.rawValue, owns: true, clock: clock)
    }

    /// Writes to an open descriptor (`STDOUT_FILENO` for `--speech text`).
    public init(descriptor: Int32, owns: Bool = false, clock: @escaping @Sendable () -> UInt64 = SpeechClock.now) {
        self.state = Mutex(State(descriptor: descriptor, ownsDescriptor: owns))
        self.clock = clock
        self.start = clock()
    }

    deinit {
        state.withLock { if $0.ownsDescriptor { try? FileDescriptor(rawValue: $0.descriptor).close() } }
    }

    /// Writes one event as a line.
    public func write(_ event: SpeechEvent) {
        let milliseconds = (clock() &- start) / 1_000_000
        let line = Self.line(event, milliseconds: milliseconds)
        state.withLock { state in
            // A line that cannot be written (a full disk) is dropped, not retried forever.
            _ = try? FileDescriptor(rawValue: state.descriptor).writeAll(line.utf8)
        }
    }

    /// The JSON line for an event, newline included (see ``TranscriptRecord/jsonLine``).
    public static func line(_ event: SpeechEvent, milliseconds: UInt64) -> String {
        TranscriptRecord(event, milliseconds: milliseconds).jsonLine
    }

    /// `text` as a JSON string literal, with every control character escaped.
    public static func jsonString(_ text: String) -> String { TranscriptRecord.jsonString(text) }
}

/// The clock the transcript and the engine use.
public enum SpeechClock {
    /// Monotonic time in nanoseconds (`CLOCK_MONOTONIC`).
    @Sendable
    public static func now() -> UInt64 { Libc.monotonicNanoseconds() }
}
