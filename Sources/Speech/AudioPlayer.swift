import DequeModule

/// Live audio through PulseAudio, or without a sound server through Debian's libpcaudio (ALSA
/// or OSS, whichever opens); see ``SoundOutput``.
///
/// PCM is queued here and written to the device by a player thread in 10 ms chunks, so the
/// engine never blocks on the sound card. ``flush()`` empties the queue and the device at once.
/// The engine paces synthesis to keep ``backlogMilliseconds`` near 20 ms, so a stop is heard
/// within about 20 ms of buffering.
///
/// When the device stops taking samples (the sound server died), the player stops, drops what
/// was queued and calls `onFailure` once with the reason; ``AudioFailover`` reopens it later.
///
/// ```swift
/// do { let player = try AudioPlayer(sampleRate: 22050) } catch { /* fall back to text */ }
/// ```
public final class AudioPlayer: Sendable {
    private struct State {
        var queue: Deque<Int16> = []
        var closed = false
        var failed = false
        /// The device is gone; nothing may touch it.
        var destroyed = false
    }

    public let sampleRate: Int
    private let device: SoundOutput
    private let state = ConditionLock(State())
    private let chunk: Int
    private let onFailure: @Sendable (String) -> Void

    /// Opens the default device (or takes the stream ``prepare(sampleRate:)`` opened); throws
    /// ``SpeechError/Code/audioUnavailable`` when none opens.
    public init(sampleRate: Int, onFailure: @escaping @Sendable (String) -> Void = { _ in }) throws(SpeechError) {
        if let prepared = Self.takePrepared(sampleRate: sampleRate) {
            self.device = prepared
        } else {
            self.device = try SoundOutput.open(sampleRate: sampleRate)
        }
        self.sampleRate = sampleRate
        self.chunk = sampleRate / 100
        self.onFailure = onFailure
        Libc.startThread(name: "earshot-audio") { [self] in play() }
    }

    /// Queues samples for playback (dropped once the device has failed).
    public func enqueue(_ samples: UnsafeBufferPointer<Int16>) {
        state.withLockThenBroadcast { state in
            guard !state.failed, !state.closed else { return }
            state.queue.append(contentsOf: samples)
        }
    }

    /// Drops everything queued and cuts the device's own buffer.
    public func flush() {
        state.withLock { state in
            state.queue.removeAll(keepingCapacity: true)
            if !state.destroyed { device.flush() }
        }
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
            let count: Int? = state.wait(
                until: { !$0.queue.isEmpty || $0.closed },
                then: { state in
                    if state.closed { return nil }
                    let count = min(chunk, state.queue.count)
                    for index in 0..<count { buffer[index] = state.queue.removeFirst() }
                    return count
                })
            guard let count else { break }
            let status = buffer.withUnsafeBytes { raw in
                device.write(UnsafeRawBufferPointer(rebasing: raw[0..<count * 2]))
            }
            if status != 0 {
                let reason = device.describe(status)
                state.withLockThenBroadcast { state in
                    state.failed = true
                    state.queue.removeAll()
                }
                destroyDevice()
                onFailure(reason)
                return
            }
        }
        device.drain()
        destroyDevice()
    }

    private func destroyDevice() {
        state.withLock { state in
            state.destroyed = true
            device.close()
        }
    }
}
