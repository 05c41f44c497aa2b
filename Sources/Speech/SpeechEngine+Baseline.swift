extension SpeechEngine {
    /// Synthesises `text` by calling libespeak-ng directly — no queue, no lock, no sink, a
    /// callback that only counts samples — on the engine's thread, with the engine's current
    /// voice and parameters. The benchmark's baseline for synthesis speed.
    ///
    /// Returns the samples produced and the seconds it took.
    public func measureDirectSynthesis(_ text: String) -> (samples: Int, seconds: Double) {
        perform {
            let counter = SampleCounter()
            let pointer = Unmanaged.passUnretained(counter).toOpaque()
            Espeak.setCallback(countingCallback)
            let start = SpeechClock.now()
            _ = Espeak.synthesize(text, userData: pointer)
            let seconds = Double(SpeechClock.now() - start) / 1e9
            Espeak.setCallback(synthCallback)
            return (counter.samples, seconds)
        }
    }
}

private final class SampleCounter {
    var samples = 0
}

/// Adds each buffer's length to the `SampleCounter` named by the events' user data.
private let countingCallback: Espeak.Callback = { wav, count, events in
    guard let raw = Espeak.userData(of: events), wav != nil, count > 0 else { return 0 }
    Unmanaged<SampleCounter>.fromOpaque(raw).takeUnretainedValue().samples += Int(count)
    return 0
}
