/// libespeak-ng's synth callback: hands each buffer to the engine named by the events' user data.
let synthCallback: Espeak.Callback = { wav, count, events in
    guard let raw = Espeak.userData(of: events) else { return 0 }
    let engine = Unmanaged<SpeechEngine>.fromOpaque(raw).takeUnretainedValue()
    guard let wav, count > 0 else { return 0 }
    return engine.deliver(UnsafeBufferPointer(start: wav, count: Int(count)))
}

/// One engine at a time owns libespeak-ng, which is initialised once per process.
enum EspeakOwnership {
    private static let lock = ConditionLock(false)
    private static let initialized = ConditionLock<Int?>(nil)

    /// Initialises libespeak-ng the first time; later calls return the same sample rate. A
    /// `dataPath` that lacks espeak-ng's data is refused before libespeak-ng sees it.
    static func initialize(dataPath: String?, bufferMilliseconds: Int32) -> Result<Int, SpeechError> {
        if let dataPath, !Libc.isReadable(dataPath + "/phontab") {
            return .failure(
                SpeechError(
                    .dataMissing,
                    "espeak-ng data not found at \(dataPath) (no phontab). Install it with: apt-get install -y espeak-ng-data",
                    path: dataPath))
        }
        return initialized.withLock { sampleRate in
            if let sampleRate { return .success(sampleRate) }
            let result = SpeechEngine.startEspeak(dataPath: dataPath, bufferMilliseconds: bufferMilliseconds)
            if case .success(let rate) = result { sampleRate = rate }
            return result
        }
    }

    static func acquire(timeoutSeconds: Double) -> Bool {
        lock.wait(
            until: { !$0 }, timeoutNanoseconds: UInt64(timeoutSeconds * 1e9),
            then: { owned in
                if owned { return false }
                owned = true
                return true
            })
    }

    /// Takes ownership if it is free; never waits.
    static func tryAcquire() -> Bool {
        lock.withLock { owned in
            if owned { return false }
            owned = true
            return true
        }
    }

    static func release() {
        lock.withLockThenBroadcast { $0 = false }
    }
}
