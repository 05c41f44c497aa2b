import CPCAudio
import CPulseSimple

/// An open mono s16le output: a PulseAudio playback stream made in one connection to the
/// sound server, or, without a sound server, libpcaudio's ALSA or OSS device.
///
/// libpcaudio reaches PulseAudio too, but it first opens and closes a stream at 44.1 kHz to see
/// whether a server is there, and only then the real one: two connections before the first
/// sample, where a new `earshot say` has none to spare. Opening the stream is the probe.
///
/// ```swift
/// let output = try SoundOutput.open(sampleRate: 22050)
/// let status = samples.withUnsafeBytes { output.write($0) }
/// output.close()
/// ```
///
/// Unchecked because of the C pointers. ``AudioPlayer`` is their one user: its player thread
/// alone writes and drains; a flush (speech cut off) and the close come from other threads,
/// under the player's lock and never after the close. libpulse-simple takes its stream's own
/// lock in every call, and libpcaudio is built for a flush during a write (espeak-ng cancels
/// that way).
enum SoundOutput: @unchecked Sendable {
    /// A libpulse-simple stream (`pa_simple`).
    case pulse(OpaquePointer)
    /// A libpcaudio device (`audio_object`), already opened.
    case pcaudio(OpaquePointer)

    /// The stream's target buffer (`tlength`), in milliseconds: what libpcaudio asks for, so the
    /// server reports the same requested latency as before (15 ms at 22,050 Hz) and a stop cuts
    /// the sound as soon.
    static let pulseTargetMilliseconds: UInt32 = 60

    /// Opens the default output for `sampleRate`: PulseAudio first, then libpcaudio's devices.
    static func open(sampleRate: Int) throws(SpeechError) -> SoundOutput {
        if let stream = openPulse(sampleRate: sampleRate) { return .pulse(stream) }
        return .pcaudio(try openPCAudio(sampleRate: sampleRate))
    }

    /// A playback stream on the default PulseAudio server and sink, or nil when none answers.
    static func openPulse(sampleRate: Int) -> OpaquePointer? {
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(sampleRate), channels: 1)
        let bytesPerSecond = UInt32(sampleRate) * 2
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: bytesPerSecond * pulseTargetMilliseconds / 1000,
            prebuf: UInt32.max, minreq: UInt32.max, fragsize: UInt32.max)
        var error: Int32 = 0
        return pa_simple_new(
            nil, "earshot", PA_STREAM_PLAYBACK, nil, "Earshot speech", &spec, nil, &attributes, &error)
    }

    /// libpcaudio's ALSA device, else its OSS one, opened: what libpcaudio itself would try
    /// after PulseAudio, which ``openPulse(sampleRate:)`` has tried already.
    static func openPCAudio(sampleRate: Int) throws(SpeechError) -> OpaquePointer {
        // ALSA writes its own complaints to stderr while probing; Earshot says it once, itself.
        try Libc.withStandardErrorSilenced { () throws(SpeechError) -> OpaquePointer in
            guard
                let device = create_alsa_object(nil, "earshot", "Earshot speech")
                    ?? create_oss_object(nil, "earshot", "Earshot speech")
            else {
                throw SpeechError(
                    .audioUnavailable,
                    "No audio device could be created: no sound server answered, and neither ALSA nor OSS has a device."
                )
            }
            let status = audio_object_open(device, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), 1)
            if status != 0 {
                let reason = audio_object_strerror(device, status).map { String(cString: $0) } ?? "error \(status)"
                audio_object_destroy(device)
                throw SpeechError(.audioUnavailable, "No audio device could be opened (\(reason)).")
            }
            return device
        }
    }

    /// Writes PCM, blocking while the device is full; 0, or an error code for ``describe(_:)``.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        switch self {
        case .pulse(let stream):
            var error: Int32 = 0
            return pa_simple_write(stream, bytes.baseAddress, bytes.count, &error) < 0 ? max(error, 1) : 0
        case .pcaudio(let device):
            return audio_object_write(device, bytes.baseAddress, bytes.count)
        }
    }

    /// Waits until everything written has been played.
    func drain() {
        switch self {
        case .pulse(let stream):
            var error: Int32 = 0
            _ = pa_simple_drain(stream, &error)
        case .pcaudio(let device):
            _ = audio_object_drain(device)
        }
    }

    /// Drops what the device holds and has not played yet.
    func flush() {
        switch self {
        case .pulse(let stream):
            var error: Int32 = 0
            _ = pa_simple_flush(stream, &error)
        case .pcaudio(let device):
            _ = audio_object_flush(device)
        }
    }

    /// The reason behind an error code from ``write(_:)``.
    func describe(_ status: Int32) -> String {
        switch self {
        case .pulse:
            return pa_strerror(status).map { String(cString: $0) } ?? "error \(status)"
        case .pcaudio(let device):
            return audio_object_strerror(device, status).map { String(cString: $0) } ?? "error \(status)"
        }
    }

    /// Closes the device; nothing may use it afterwards.
    func close() {
        switch self {
        case .pulse(let stream):
            pa_simple_free(stream)
        case .pcaudio(let device):
            audio_object_close(device)
            audio_object_destroy(device)
        }
    }
}
