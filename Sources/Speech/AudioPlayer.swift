#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import CPCAudio
import DequeModule

/// Live audio through Debian's libpcaudio (PulseAudio, ALSA or OSS, whichever opens).
///
/// PCM is queued here and written to the device by a player thread in 10 ms chunks, so the
/// engine never blocks on the sound card. ``flush()`` empties the queue and the device at once.
/// The engine paces synthesis to keep ``backlogMilliseconds`` near 20 ms, so a stop is heard
/// within about 20 ms of buffering.
///
/// ```swift
/// do { let player = try AudioPlayer(sampleRate: 22050) } catch { /* fall back to text */ }
/// ```
public final class AudioPlayer: @unchecked Sendable {
    private struct State {
        var queue: Deque<Int16> = []
        var closed = false
    }

    public let sampleRate: Int
    private let device: OpaquePointer
    private let state = ConditionLock(State())
    private let chunk: Int

    /// Opens the default device; throws ``SpeechError/Code/audioUnavailable`` when none opens.
    public init(sampleRate: Int) throws(SpeechError) {
        // ALSA writes its own complaints to stderr while probing; Earshot says it once, itself.
        let savedStderr = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 2); Glibc.close(null) }
        defer {
            if savedStderr >= 0 { dup2(savedStderr, 2); Glibc.close(savedStderr) }
        }
        guard let device = create_audio_device_object(nil, "earshot", "Earshot speech") else {
            throw SpeechError(.audioUnavailable, "No audio device could be created.")
        }
        let status = audio_object_open(device, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), 1)
        if status != 0 {
            let reason = audio_object_strerror(device, status).map { String(cString: $0) } ?? "error \(status)"
            audio_object_destroy(device)
            throw SpeechError(.audioUnavailable, "No audio device could be opened (\(reason)).")
        }
        self.device = device
        self.sampleRate = sampleRate
        self.chunk = sampleRate / 100
        startThread(name: "earshot-audio") { [self] in play() }
    }

    /// Queues samples for playback.
    public func enqueue(_ samples: UnsafeBufferPointer<Int16>) {
        state.withLockThenBroadcast { $0.queue.append(contentsOf: samples) }
    }

    /// Drops everything queued and cuts the device's own buffer.
    public func flush() {
        state.withLock { $0.queue.removeAll(keepingCapacity: true) }
        audio_object_flush(device)
    }

    /// Milliseconds of audio queued here and not yet handed to the device.
    public var backlogMilliseconds: Double {
        let count = state.withLock { $0.queue.count }
        return Double(count) * 1000 / Double(sampleRate)
    }

    /// Stops the player thread and closes the device.
    public func close() {
        state.withLockThenBroadcast { $0.closed = true }
    }

    private func play() {
        var buffer = [Int16](repeating: 0, count: chunk)
        while true {
            let count: Int? = state.wait(until: { !$0.queue.isEmpty || $0.closed }) { state in
                if state.closed { return nil }
                let count = min(chunk, state.queue.count)
                for index in 0..<count { buffer[index] = state.queue.removeFirst() }
                return count
            }
            guard let count else { break }
            _ = buffer.withUnsafeBytes { raw in
                audio_object_write(device, raw.baseAddress, count * 2)
            }
        }
        audio_object_drain(device)
        audio_object_close(device)
        audio_object_destroy(device)
    }
}
