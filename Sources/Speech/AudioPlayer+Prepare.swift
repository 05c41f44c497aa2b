#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import CPCAudio

extension AudioPlayer {
    /// An opened libpcaudio device, handed from the thread that opened it to the player.
    struct Device: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// A device opened ahead of time by ``prepare(sampleRate:)``.
    enum Prepared {
        case none
        case opening(sampleRate: Int)
        case ready(sampleRate: Int, Result<Device, SpeechError>)
    }

    static let prepared = ConditionLock(Prepared.none)

    /// Starts opening the default device for `sampleRate` on a thread of its own, so that the
    /// connection to the sound server (two round trips through libpcaudio) overlaps
    /// libespeak-ng's start instead of following it. The next ``init(sampleRate:onFailure:)``
    /// at that rate takes the device, waiting for it if it is still opening; at another rate
    /// it is closed and a new one opened. A new process's first sound comes sooner: `earshot
    /// say` calls this first thing.
    ///
    /// ```swift
    /// AudioPlayer.prepare(sampleRate: 22050)
    /// // … start libespeak-ng …
    /// let player = try AudioPlayer(sampleRate: 22050)   // takes the prepared device
    /// ```
    public static func prepare(sampleRate: Int) {
        let start = prepared.withLock { state -> Bool in
            guard case .none = state else { return false }
            state = .opening(sampleRate: sampleRate)
            return true
        }
        guard start else { return }
        startThread(name: "earshot-audio-open") {
            let result: Result<Device, SpeechError>
            do throws(SpeechError) {
                result = .success(Device(pointer: try openDevice(sampleRate: sampleRate)))
            } catch {
                result = .failure(error)
            }
            prepared.withLockThenBroadcast { $0 = .ready(sampleRate: sampleRate, result) }
        }
    }

    /// Waits for a device still being prepared and closes it, if no player took it: after
    /// this, nothing hides stderr any more. `earshot say` calls it before it returns.
    public static func discardPrepared() {
        _ = try? takePrepared(sampleRate: -1)
    }

    /// The prepared device for `sampleRate`, if one was prepared (waiting for it to open);
    /// `nil` when none was, or it was for another rate (then it is closed).
    static func takePrepared(sampleRate: Int) throws(SpeechError) -> OpaquePointer? {
        let taken: (rate: Int, result: Result<Device, SpeechError>)? = prepared.wait(
            until: { if case .opening = $0 { false } else { true } }
        ) { state in
            guard case .ready(let rate, let result) = state else { return nil }
            state = .none
            return (rate, result)
        }
        guard let taken else { return nil }
        switch taken.result {
        case .success(let device) where taken.rate == sampleRate:
            return device.pointer
        case .success(let device):
            audio_object_close(device.pointer)
            audio_object_destroy(device.pointer)
            return nil
        case .failure(let error) where taken.rate == sampleRate:
            throw error
        case .failure:
            return nil
        }
    }

    /// Creates and opens the default device (PulseAudio, ALSA or OSS) for mono s16le at
    /// `sampleRate`; the corresponding C functions are `create_audio_device_object` and
    /// `audio_object_open`.
    static func openDevice(sampleRate: Int) throws(SpeechError) -> OpaquePointer {
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
        return device
    }
}
