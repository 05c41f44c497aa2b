#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The in-process speech engine: libespeak-ng on one dedicated thread, an utterance queue with
/// three priorities, and a sink that receives PCM as it is produced.
///
/// Synthesis is synchronous with small buffers: each buffer reaches the sink from inside
/// libespeak-ng's callback, and the callback aborts synthesis the moment its utterance stops
/// being current. The sink is only ever called with the engine's lock held, so once ``stop()``
/// returns no sample of a cancelled utterance can reach it.
///
/// libespeak-ng is one per process, so only one engine runs at a time: a second waits for the
/// first's ``shutdown()``. libespeak-ng is initialised once per process and never terminated
/// (espeak-ng 1.51 hangs in a second `espeak_ng_Terminate`); later engines reuse it.
///
/// ```swift
/// let engine = try SpeechEngine(sink: .transcript(TranscriptWriter(descriptor: 1)))
/// engine.speak("Volume, 50%, adjustable.")
/// engine.speak("Press Up or Down to adjust the value.", priority: .low, voice: .hint)
/// engine.stop()
/// engine.shutdown()
/// ```
///
/// Sendable because every field is guarded: `state` and `finished` by their own locks; `sink`,
/// `configuration`, `sampleRate` and `speechDispatcherProblem` never change after `init`; and
/// `loadedVoice`, `loadedLanguage` and `synthesizing` belong to the engine thread alone (its run
/// loop, the bodies it runs for ``perform(_:)``, and libespeak-ng's callback, which it calls
/// from inside `espeak_Synth` on that thread).
public final class SpeechEngine: @unchecked Sendable {
    /// How the engine starts.
    public struct Configuration: Sendable {
        public var voices: VoiceLibrary
        public var parameters: SpeechParameters
        /// The espeak-ng data folder (`espeak-ng-data`); `nil` uses the system's.
        public var dataPath: String?
        /// Length of one synthesis buffer in milliseconds of audio.
        public var bufferMilliseconds: Int32
        /// How far synthesis may run ahead of a sink that plays in real time.
        public var maxBacklogMilliseconds: Double
        /// The roles whose voice files are read and checked at start (the reader's always is);
        /// `nil` checks every role. `earshot say` names only the one it speaks with, so a broken
        /// file for another role neither stops it nor is read.
        public var roles: Set<VoiceRole>?
        /// Which synthesiser speaks the words (sound cues always play through the sink).
        public var synthesizer: Synthesizer = .espeakNG
        /// Told once when speech-dispatcher stops answering mid-session; libespeak-ng speaks
        /// from then on.
        public var onSpeechDispatcherLost: (@Sendable () -> Void)?

        public init(
            voices: VoiceLibrary = .discover(), parameters: SpeechParameters = SpeechParameters(),
            dataPath: String? = nil, bufferMilliseconds: Int32 = 5, maxBacklogMilliseconds: Double = 20,
            roles: Set<VoiceRole>? = nil
        ) {
            self.roles = roles
            self.voices = voices
            self.parameters = parameters
            self.dataPath = dataPath
            self.bufferMilliseconds = bufferMilliseconds
            self.maxBacklogMilliseconds = maxBacklogMilliseconds
        }
    }

    struct State {
        var queue = UtteranceQueue()
        var commands: [@Sendable () -> Void] = []
        var running = true
        var nextID: UInt64 = 1
        var parameters: SpeechParameters
        var parametersChanged = true
        var voiceFiles: [VoiceRole: VoiceFile] = [:]
        /// Sound cues' loudness, 0–100.
        var cueVolume = 50
        /// A sound pack's cues, at the engine's sample rate; a cue not here is its built-in tone.
        var cueSounds: [SoundCue: [Int16]] = [:]
        /// speech-dispatcher, while it speaks (nil: libespeak-ng does). Never called with the
        /// lock held: its reader thread takes this lock to report a message's end.
        var dispatcher: SpeechDispatcher?
        /// The speech-dispatcher message sounding, and whether it has ended.
        var dispatcherMessage: Int?
        var dispatcherFinished = false
    }

    /// Who synthesises the words.
    public enum Synthesizer: String, Sendable, Equatable {
        /// libespeak-ng in this process: the fast path.
        case espeakNG = "espeak-ng"
        /// The user's speech-dispatcher, with their module, voice, rate and pitch.
        case speechDispatcher = "speech-dispatcher"
    }

    /// Why speech-dispatcher was asked for and is not speaking (it did not answer at start).
    public let speechDispatcherProblem: String?

    /// Samples per second of the PCM the sink receives (22050 for espeak-ng's voices).
    public let sampleRate: Int
    let sink: SpeechSink
    let state: ConditionLock<State>
    let configuration: Configuration
    /// The engine thread's alone (see the type's comment), as the next two are.
    private var loadedVoice: VoiceFile?
    /// The language the loaded voice speaks, when not its own.
    private var loadedLanguage: String?
    private var synthesizing: Utterance?
    private let finished = ConditionLock(false)

    /// Starts the engine thread and libespeak-ng, and checks the voice files (every role's, or
    /// those of ``Configuration/roles``).
    public convenience init(configuration: Configuration = Configuration(), sink: SpeechSink) throws(SpeechError) {
        try self.init(configuration: configuration) { _ throws(SpeechError) in sink }
    }

    /// Starts the engine, then makes its sink for the engine's sample rate (a WAV file or a
    /// sound card needs it before the first sample).
    public convenience init(
        configuration: Configuration = Configuration(),
        makeSink: (_ sampleRate: Int) throws(SpeechError) -> SpeechSink
    ) throws(SpeechError) {
        try self.init(configuration: configuration, owned: false, makeSink: makeSink)
    }

    /// Starts an engine once libespeak-ng is free, waiting by suspending rather than by blocking
    /// a thread: for callers on Swift concurrency's shared threads that take turns with other
    /// engines in one process (tests), where a blocked thread could be the one the current
    /// owner needs to finish.
    public static func started(
        configuration: Configuration = Configuration(),
        makeSink: (_ sampleRate: Int) throws(SpeechError) -> SpeechSink
    ) async throws(SpeechError) -> SpeechEngine {
        try configuration.parameters.validate()
        while !EspeakOwnership.tryAcquire() {
            do { try await Task.sleep(for: .milliseconds(5)) } catch {
                throw SpeechError(.engineFailure, "Cancelled while another speech engine was running.")
            }
        }
        return try SpeechEngine(configuration: configuration, owned: true, makeSink: makeSink)
    }

    /// ``started(configuration:makeSink:)`` with a sink that does not need the sample rate.
    public static func started(
        configuration: Configuration = Configuration(), sink: SpeechSink
    ) async throws(SpeechError)
        -> SpeechEngine
    {
        try await started(configuration: configuration) { _ throws(SpeechError) in sink }
    }

    /// `owned`: the caller has already taken libespeak-ng (and it is released on any failure).
    private init(
        configuration: Configuration, owned: Bool, makeSink: (_ sampleRate: Int) throws(SpeechError) -> SpeechSink
    ) throws(SpeechError) {
        let files: [VoiceRole: VoiceFile]
        do throws(SpeechError) {
            try configuration.parameters.validate()
            if let roles = configuration.roles {
                files = try configuration.voices.voices(for: roles.union([.reader]))
            } else {
                files = try configuration.voices.voices()
            }
            guard files[.reader] != nil else {
                throw SpeechError(.unknownVoiceRole, "No “reader” voice file in \(configuration.voices.searched).")
            }
        } catch {
            if owned { EspeakOwnership.release() }
            throw error
        }
        guard owned || EspeakOwnership.acquire(timeoutSeconds: 120) else {
            throw SpeechError(.engineFailure, "Another speech engine is still running in this process.")
        }
        self.configuration = configuration
        self.state = ConditionLock(State(parameters: configuration.parameters, voiceFiles: files))
        var problem: String?
        if configuration.synthesizer == .speechDispatcher {
            do {
                let dispatcher = try SpeechDispatcher.connect()
                let state = self.state
                dispatcher.setHandler { message, event in
                    guard event != .begin else { return }
                    state.withLockThenBroadcast { if $0.dispatcherMessage == message { $0.dispatcherFinished = true } }
                }
                state.withLock { $0.dispatcher = dispatcher }
            } catch {
                problem = error.message
            }
        }
        self.speechDispatcherProblem = problem

        let rate: Int
        switch EspeakOwnership.initialize(
            dataPath: configuration.dataPath, bufferMilliseconds: configuration.bufferMilliseconds)
        {
        case .success(let sampleRate): rate = sampleRate
        case .failure(let error):
            EspeakOwnership.release()
            throw error
        }
        self.sampleRate = rate
        do {
            self.sink = try makeSink(rate)
        } catch {
            EspeakOwnership.release()
            throw error
        }
        startThread(name: "earshot-synth") { [self] in run() }
    }

    /// Starts libespeak-ng (loading its phoneme data and making its output buffer) on a thread
    /// of its own, so that the first engine of a new process finds it started while the
    /// process did something else: `earshot say` calls this before it parses its arguments.
    /// A failure is not kept; the engine tries again and says why.
    public static func warmUp(configuration: Configuration = Configuration()) {
        startThread(name: "earshot-espeak-start") {
            _ = EspeakOwnership.initialize(
                dataPath: configuration.dataPath, bufferMilliseconds: configuration.bufferMilliseconds)
        }
    }

    // MARK: Speaking

    /// Queues `text` at `priority` in `voice`'s voice (changed to a `speaker`'s, when given);
    /// returns the utterance (with its id). With a `cue`, its sound plays first (and `text` may be
    /// empty). Speech at default or high priority ends a pause, as new speech does in NVDA.
    @discardableResult
    public func speak(
        _ text: String, priority: SpeechPriority = .default, voice: VoiceRole = .reader, cue: SoundCue? = nil,
        languages: [LanguageRun] = [], speaker: SpeakerVoice? = nil
    ) -> Utterance {
        state.withLockThenBroadcast { state in
            let utterance = Utterance(
                id: state.nextID, text: text, priority: priority, voice: voice, cue: cue, languages: languages,
                speaker: speaker)
            state.nextID += 1
            let actions = state.queue.submit(utterance)
            report(actions)
            return utterance
        }
    }

    /// Silences everything at once: aborts the current utterance, drops the queued ones, and
    /// flushes the sink. No sample of a cancelled utterance reaches the sink after this returns.
    public func stop() {
        state.withLockThenBroadcast { state in
            let actions = state.queue.stop()
            report(actions)
            if actions.isEmpty { sink.flush() }
        }
    }

    /// Falls silent at once but keeps everything: the utterance cut off goes back to the front
    /// of the queue (a `cancel` event now, a new `speak` event when it starts again, from its
    /// beginning). Returns false when nothing was speaking or waiting, or it was paused already.
    @discardableResult
    public func pause() -> Bool {
        state.withLockThenBroadcast { state in
            guard let actions = state.queue.pause() else { return false }
            report(actions)
            return true
        }
    }

    /// Continues after ``pause()``; returns false when speech was not paused.
    @discardableResult
    public func resume() -> Bool {
        state.withLockThenBroadcast { state in
            state.queue.resume()
        }
    }

    /// Whether speech is held by ``pause()``.
    public var isPaused: Bool { state.withLock { $0.queue.isPaused } }

    /// A sound pack's cues (16-bit mono PCM at ``sampleRate``); an empty table is the built-in tones.
    public func setCueSounds(_ sounds: [SoundCue: [Int16]]) {
        state.withLock { $0.cueSounds = sounds }
    }

    /// Sound cues' loudness, 0–100 (clamped).
    public func setCueVolume(_ volume: Int) {
        state.withLock { $0.cueVolume = min(max(volume, 0), 100) }
    }

    /// Emits cancel events for `actions` and flushes the sink if sound was cut. Lock held.
    private func report(_ actions: [UtteranceQueue.Action]) {
        var interrupted = false
        for action in actions {
            switch action {
            case .interrupt(let utterance):
                interrupted = true
                sink.event(SpeechEvent(.cancel, utterance))
            case .discard(let utterance):
                sink.event(SpeechEvent(.cancel, utterance))
            }
        }
        if interrupted { sink.flush() }
    }

    /// Whether nothing is being spoken or waiting.
    public var isIdle: Bool { state.withLock { $0.queue.isIdle && $0.commands.isEmpty } }

    /// Blocks until the queue is empty (or `timeoutSeconds` pass); returns whether it emptied.
    @discardableResult
    public func waitUntilIdle(timeoutSeconds: Double = 30) -> Bool {
        let deadline = SpeechClock.now() + UInt64(timeoutSeconds * 1e9)
        while true {
            let now = SpeechClock.now()
            if now >= deadline { return isIdle }
            let idle = state.wait(
                until: { $0.queue.isIdle && $0.commands.isEmpty }, timeoutNanoseconds: deadline - now,
                then: { $0.queue.isIdle && $0.commands.isEmpty }
            )
            if idle { return true }
        }
    }

    // MARK: Parameters and voices

    /// Rate, pitch, volume and punctuation; they survive ``stop()``.
    public var parameters: SpeechParameters { state.withLock { $0.parameters } }

    /// Sets rate, pitch, volume and punctuation for the next utterance; throws (and keeps the old
    /// values) when one is out of range.
    public func setParameters(_ parameters: SpeechParameters) throws(SpeechError) {
        try parameters.validate()
        state.withLock {
            $0.parameters = parameters
            $0.parametersChanged = true
        }
    }

    /// Sets the rate in words per minute (80…450).
    public func setRate(_ wordsPerMinute: Int) throws(SpeechError) {
        var parameters = self.parameters
        parameters.rate = wordsPerMinute
        try setParameters(parameters)
    }

    /// The voice file playing each role.
    public var voiceFiles: [VoiceRole: VoiceFile] { state.withLock { $0.voiceFiles } }

    /// Makes the file at `path` play `role` (by default, a role named after the file).
    ///
    /// The file is checked, then loaded by libespeak-ng; on any failure the error names the file
    /// and the role keeps its previous voice.
    @discardableResult
    public func setVoice(path: String, for role: VoiceRole? = nil) throws(SpeechError) -> VoiceRole {
        try setVoice(VoiceFile(path: path), for: role)
    }

    /// Makes `file` (from disk, or built in) play `role` (by default, the file's own role).
    @discardableResult
    public func setVoice(_ file: VoiceFile, for role: VoiceRole? = nil) throws(SpeechError) -> VoiceRole {
        let status = perform { [self] in
            let status = Espeak.setVoice(text: file.text)
            if !status.isOK, let previous = loadedVoice { _ = Espeak.setVoice(text: previous.text) }
            if status.isOK {
                loadedVoice = file
                loadedLanguage = nil
            }
            // Loading a voice resets espeak-ng's parameters to the voice's own.
            state.withLock { $0.parametersChanged = true }
            return status
        }
        guard status.isOK else {
            throw SpeechError(
                .voiceFileInvalid,
                "espeak-ng could not load the voice file \(file.origin) (\(Espeak.message(for: status))). Keeping the previous voice.",
                path: file.path, status: status)
        }
        let target = role ?? file.role
        state.withLock {
            $0.voiceFiles[target] = file
            $0.parametersChanged = true
        }
        return target
    }

    // MARK: Life cycle

    /// Stops speech, ends the engine thread and releases libespeak-ng for another engine.
    public func shutdown() {
        let alreadyStopped = state.withLockThenBroadcast { state -> Bool in
            guard state.running else { return true }
            report(state.queue.stop())
            state.running = false
            return false
        }
        if alreadyStopped { return }
        finished.wait(until: { $0 }, then: { _ in })
    }

    /// Runs `body` on the engine thread (where libespeak-ng lives) and returns its result.
    func perform<R: Sendable>(_ body: @escaping @Sendable () -> R) -> R {
        let result = ConditionLock<R?>(nil)
        state.withLockThenBroadcast { state in
            state.commands.append { result.withLockThenBroadcast { $0 = body() } }
        }
        return result.wait(
            until: { $0 != nil },
            then: { state in
                // The wait ends only once the engine thread has stored the result.
                guard let value = state else { preconditionFailure("the engine thread's result is missing") }
                return value
            })
    }

    // MARK: The engine thread

    private enum Work {
        case exit
        case command(@Sendable () -> Void)
        case speak(Utterance, voice: VoiceFile?, parameters: SpeechParameters?)
    }

    private func run() {
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
        guard let dispatcher = state.withLock({ $0.dispatcher }) else { return }
        dispatcher.setRate(rate)
        dispatcher.setPitch(pitch)
        dispatcher.setVolume(volume)
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
    fileprivate func deliver(_ samples: UnsafeBufferPointer<Int16>) -> Int32 {
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
        if let dataPath, access(dataPath + "/phontab", R_OK) != 0 {
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
