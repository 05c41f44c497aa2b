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
        /// The pitch the settings give speech-dispatcher (nil: its own), which a speaker's voice
        /// moves from.
        var dispatcherPitch: Int?
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
    var loadedVoice: VoiceFile?
    /// The language the loaded voice speaks, when not its own.
    var loadedLanguage: String?
    var synthesizing: Utterance?
    let finished = ConditionLock(false)

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
        Libc.startThread(name: "earshot-synth") { [self] in run() }
    }

    /// Starts libespeak-ng (loading its phoneme data and making its output buffer) on a thread
    /// of its own, so that the first engine of a new process finds it started while the
    /// process did something else: `earshot say` calls this before it parses its arguments.
    /// A failure is not kept; the engine tries again and says why.
    public static func warmUp(configuration: Configuration = Configuration()) {
        Libc.startThread(name: "earshot-espeak-start") {
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
}
