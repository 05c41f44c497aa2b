extension AudioPlayer {
    /// A PulseAudio stream opened ahead of time by ``prepare(sampleRate:)``.
    enum Prepared {
        case none
        case opening(sampleRate: Int)
        /// nil: no sound server answered; the player opens whatever libpcaudio can.
        case ready(sampleRate: Int, SoundOutput?)
    }

    static let prepared = ConditionLock(Prepared.none)

    /// Starts connecting to the sound server for `sampleRate` on a thread of its own, so that
    /// the connection overlaps everything else a new process does before its first sound
    /// (parsing its arguments, starting libespeak-ng). The next ``init(sampleRate:onFailure:)``
    /// at that rate takes the stream, waiting for it if it is still opening; at another rate it
    /// is closed and a new one opened. Only PulseAudio is tried here: libpcaudio's ALSA and OSS
    /// probing writes to stderr, which the player hides while it probes, and that must not
    /// happen while the process may be printing an error. `earshot say` calls this first thing.
    ///
    /// ```swift
    /// AudioPlayer.prepare(sampleRate: 22050)
    /// // … start libespeak-ng …
    /// let player = try AudioPlayer(sampleRate: 22050)   // takes the prepared stream
    /// ```
    public static func prepare(sampleRate: Int) {
        let start = prepared.withLock { state -> Bool in
            guard case .none = state else { return false }
            state = .opening(sampleRate: sampleRate)
            return true
        }
        guard start else { return }
        Libc.startThread(name: "earshot-audio-open") {
            let stream = SoundOutput.openPulse(sampleRate: sampleRate).map(SoundOutput.pulse)
            prepared.withLockThenBroadcast { $0 = .ready(sampleRate: sampleRate, stream) }
        }
    }

    /// Waits for a stream still being prepared and closes it, if no player took it. `earshot
    /// say` calls it before it returns.
    public static func discardPrepared() {
        _ = takePrepared(sampleRate: -1)
    }

    /// The prepared stream for `sampleRate`, if one was prepared (waiting for it to open);
    /// `nil` when none was, none opened, or it was for another rate (then it is closed).
    static func takePrepared(sampleRate: Int) -> SoundOutput? {
        let taken: (rate: Int, output: SoundOutput?)? = prepared.wait(
            until: { if case .opening = $0 { false } else { true } },
            then: { state in
                guard case .ready(let rate, let output) = state else { return nil }
                state = .none
                return (rate, output)
            }
        )
        guard let taken, let output = taken.output else { return nil }
        if taken.rate == sampleRate { return output }
        output.close()
        return nil
    }
}
