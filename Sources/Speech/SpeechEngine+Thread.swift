/// The engine thread: it waits for work, loads voices, synthesises through libespeak-ng (or
/// speech-dispatcher), paces the sink and reports each utterance's end. Everything here runs on
/// that one thread, which alone touches `loadedVoice`, `loadedLanguage` and `synthesizing`.
extension SpeechEngine {
    private enum Work {
        case exit
        case command(@Sendable () -> Void)
        case speak(Utterance, voice: VoiceFile?, parameters: SpeechParameters?)
    }

    func run() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        while true {
            let work: Work = state.wait(
                until: {
                    !$0.running || !$0.commands.isEmpty || $0.queue.canStart
                },
                then: { state in
                    if !state.running { return .exit }
                    if !state.commands.isEmpty { return .command(state.commands.removeFirst()) }
                    guard let utterance = state.queue.next() else { return .command({}) }
                    sink.event(SpeechEvent(.speak, utterance))
                    var voice = state.voiceFiles[utterance.voice] ?? state.voiceFiles[.reader]
                    if let speaker = utterance.speaker { voice = voice?.speaking(as: speaker) }
                    let parameters = state.parametersChanged ? state.parameters : nil
                    state.parametersChanged = false
                    return .speak(utterance, voice: voice, parameters: parameters)
                }
            )
            switch work {
            case .exit:
                EspeakOwnership.release()
                finished.withLockThenBroadcast { $0 = true }
                return
            case .command(let body):
                body()
            case .speak(let utterance, let voice, let parameters):
                speakOnThread(utterance, voice: voice, parameters: parameters, context: context)
            }
        }
    }

    private func speakOnThread(
        _ utterance: Utterance, voice: VoiceFile?, parameters: SpeechParameters?, context: UnsafeMutableRawPointer
    ) {
        var reapply = parameters
        if let voice, voice != loadedVoice {
            let status = Espeak.setVoice(text: voice.text)
            if status.isOK {
                loadedVoice = voice
            } else if let previous = loadedVoice {
                _ = Espeak.setVoice(text: previous.text)
            }
            loadedLanguage = nil
            // Loading a voice resets espeak-ng's parameters to the voice's own.
            reapply = state.withLock { $0.parameters }
        }
        if let reapply { Self.apply(reapply) }
        synthesizing = utterance
        var aborted = false
        if let cue = utterance.cue {
            let (volume, packed) = state.withLock { ($0.cueVolume, $0.cueSounds[cue]) }
            // A pack's sound at the cues' volume (its own loudness at 100 percent), else the tone.
            let sound =
                packed.map { samples in
                    samples.map { Int16(clamping: Int((Double($0) * Double(volume) / 100).rounded())) }
                } ?? cue.samples(sampleRate: sampleRate, volume: volume)
            // In 10 ms pieces, so pacing and interruption work as for speech.
            let piece = max(1, sampleRate / 100)
            aborted = sound.withUnsafeBufferPointer { all in
                stride(from: 0, to: all.count, by: piece).contains { start in
                    let part = UnsafeBufferPointer(rebasing: all[start..<min(start + piece, all.count)])
                    return deliver(part) != 0
                }
            }
        }
        if !aborted && !utterance.text.isEmpty, let dispatcher = state.withLock({ $0.dispatcher }) {
            if !speak(utterance, through: dispatcher) {
                // speech-dispatcher is gone: libespeak-ng says this and all that follows.
                state.withLock { $0.dispatcher = nil }
                dispatcher.close()
                configuration.onSpeechDispatcherLost?()
                if state.withLock({ $0.queue.isCurrent(utterance.id) }) { synthesize(utterance, context: context) }
            }
        } else if !aborted && !utterance.text.isEmpty {
            synthesize(utterance, context: context)
        }
        finishOnThread(utterance)
    }

    /// The utterance's pieces through libespeak-ng, each in its language; stops when it is cut off.
    private func synthesize(_ utterance: Utterance, context: UnsafeMutableRawPointer) {
        for piece in utterance.pieces {
            // Another language: the role's voice, speaking that language's rules.
            if piece.language != loadedLanguage, let voice = loadedVoice {
                let text = piece.language.map { voice.text(language: $0) } ?? voice.text
                if Espeak.setVoice(text: text).isOK {
                    loadedLanguage = piece.language
                } else {
                    _ = Espeak.setVoice(text: voice.text)
                    loadedLanguage = nil
                }
                Self.apply(state.withLock { $0.parameters })
            }
            _ = Espeak.synthesize(String(piece.text), userData: context)
            if !state.withLock({ $0.queue.isCurrent(utterance.id) }) { break }
        }
    }

    /// The utterance's pieces through speech-dispatcher, one message at a time, each waited for
    /// (its end or cancel event); a key that cuts it off cancels it at once. Returns false when
    /// speech-dispatcher has gone (and nothing more of it will sound).
    private func speak(_ utterance: Utterance, through dispatcher: SpeechDispatcher) -> Bool {
        // A speaker's voice, as speech-dispatcher can give one: the pitch moved their way (the
        // module and its voice are the user's); everyone else at the settings' pitch.
        let base = state.withLock { $0.dispatcherPitch }
        dispatcher.setPitch(utterance.speaker.map { Self.dispatcherPitch(of: $0, from: base) } ?? base)
        for piece in utterance.pieces {
            let text = String(piece.text)
            guard text.contains(where: { !$0.isWhitespace }) else { continue }
            guard let message = dispatcher.say(text, priority: utterance.priority, language: piece.language) else {
                if dispatcher.isAlive { continue }
                return false
            }
            state.withLock {
                $0.dispatcherMessage = message
                $0.dispatcherFinished = false
            }
            // A daemon that cannot play (no sound server) takes messages and never ends them:
            // after far longer than the words could take, it is given up.
            let deadline = SpeechClock.now() + Self.dispatcherPatience(for: text)
            while true {
                let (current, finished) = state.wait(
                    until: { !$0.queue.isCurrent(utterance.id) || $0.dispatcherFinished },
                    timeoutNanoseconds: 100_000_000, then: { ($0.queue.isCurrent(utterance.id), $0.dispatcherFinished) }
                )
                if !current {
                    dispatcher.cancel()
                    return true
                }
                if finished { break }
                // No end comes from a daemon that died while speaking, or cannot play.
                if !dispatcher.isAlive || SpeechClock.now() > deadline { return false }
            }
        }
        return true
    }

    /// The longest a speech-dispatcher message may take before the daemon is taken for silent:
    /// 150 ms a character (about what the words take at the slowest rate, 80 words a minute),
    /// and 4 s more.
    static func dispatcherPatience(for text: String) -> UInt64 {
        UInt64(4_000_000_000) + UInt64(text.count) * 150_000_000
    }

    /// speech-dispatcher's rate, pitch and volume where the settings name them (nil: the
    /// user's own, from speech-dispatcher's configuration).
    public func setSpeechDispatcherParameters(rate: Int?, pitch: Int?, volume: Int?) {
        guard
            let dispatcher = state.withLock({ state in
                state.dispatcherPitch = pitch
                return state.dispatcher
            })
        else { return }
        dispatcher.setRate(rate)
        dispatcher.setPitch(pitch)
        dispatcher.setVolume(volume)
    }

    /// How far each speaker's pitch is from the user's, in speech-dispatcher's percent (50 the
    /// voice's own): neighbours apart, all within what stays a voice.
    static let speakerPitchSteps = [-32, 28, -16, 14, -44, 40, -6, 22]

    /// The pitch, 0…100, `speaker` is said at through speech-dispatcher, from the user's (nil: 50).
    static func dispatcherPitch(of speaker: SpeakerVoice, from base: Int?) -> Int {
        let step = speakerPitchSteps[speaker.number % speakerPitchSteps.count]
        return min(max((base ?? 50) + step, 0), 100)
    }

    /// speech-dispatcher's output module and voices, asked of a running daemon (about half a
    /// second for espeak-ng's thousands); throws when none answers. `spawn` lets libspeechd start
    /// one (nil: as speaking with it would, when `SPEECHD_ADDRESS` is not set); false asks only
    /// a running daemon.
    public static func speechDispatcherVoices(
        spawn: Bool? = nil
    ) throws(SpeechError) -> (module: String?, voices: [(name: String, language: String, variant: String?)]) {
        let dispatcher = try SpeechDispatcher.connect(spawn: spawn)
        defer { dispatcher.close() }
        return (dispatcher.module, dispatcher.voices().map { ($0.name, $0.language, $0.variant) })
    }

    private func finishOnThread(_ utterance: Utterance) {
        synthesizing = nil
        // Let a paced sink play out before the utterance counts as done.
        while sink.backlogMilliseconds() > 0 {
            let current = state.wait(
                until: { !$0.queue.isCurrent(utterance.id) }, timeoutNanoseconds: 2_000_000,
                then: { $0.queue.isCurrent(utterance.id) }
            )
            if !current { break }
        }
        state.withLockThenBroadcast { state in
            if let done = state.queue.finish(utterance.id) { sink.event(SpeechEvent(.done, done)) }
        }
    }

    /// Called from the synth callback on the engine thread; returns 1 to abort synthesis.
    func deliver(_ samples: UnsafeBufferPointer<Int16>) -> Int32 {
        guard let utterance = synthesizing else { return 1 }
        let keep = state.withLock { state -> Bool in
            guard state.queue.isCurrent(utterance.id) else { return false }
            sink.samples(samples, utterance)
            return true
        }
        guard keep else { return 1 }
        // Pace to playback: stay at most `maxBacklogMilliseconds` ahead of what is heard.
        while sink.backlogMilliseconds() > configuration.maxBacklogMilliseconds {
            let current = state.wait(
                until: { !$0.queue.isCurrent(utterance.id) }, timeoutNanoseconds: 2_000_000,
                then: { $0.queue.isCurrent(utterance.id) }
            )
            if !current { return 1 }
        }
        return 0
    }

    static func apply(_ parameters: SpeechParameters) {
        _ = Espeak.setParameter(Espeak.rate, Int32(parameters.rate))
        _ = Espeak.setParameter(Espeak.pitch, Int32(parameters.pitch))
        _ = Espeak.setParameter(Espeak.volume, Int32(parameters.volume))
        _ = Espeak.setParameter(
            Espeak.capitals, parameters.capitals == .pitch ? Int32(SpeechParameters.capitalPitchRaise) : 0)
        switch parameters.punctuation {
        case .none: _ = Espeak.setParameter(Espeak.punctuation, 0)
        case .all: _ = Espeak.setParameter(Espeak.punctuation, 1)
        case .some, .most:
            _ = Espeak.setPunctuationList(parameters.punctuation.spokenCharacters ?? "")
            _ = Espeak.setParameter(Espeak.punctuation, 2)
        }
    }

    /// Initialises libespeak-ng on the calling (engine) thread; returns the sample rate.
    static func startEspeak(dataPath: String?, bufferMilliseconds: Int32) -> Result<Int, SpeechError> {
        let status = Espeak.initialize(dataPath: dataPath)
        guard status.isOK else {
            return .failure(
                SpeechError(
                    .dataMissing,
                    "espeak-ng could not load its data\(dataPath.map { " from \($0)" } ?? "") (\(Espeak.message(for: status))). Install it with: apt-get install -y espeak-ng-data",
                    path: dataPath, status: status))
        }
        let output = Espeak.initializeSynchronousOutput(bufferMilliseconds: bufferMilliseconds)
        guard output.isOK else {
            return .failure(
                SpeechError(.engineFailure, "espeak-ng output failed (\(Espeak.message(for: output))).", status: output)
            )
        }
        Espeak.setCallback(synthCallback)
        return .success(Espeak.sampleRate)
    }
}
