/// Live audio that survives its sound server: when the device stops taking samples, speech moves
/// to `captions` at once (the sentence that was cut off is captioned whole), and the device is
/// tried again every `retryInterval` until it opens; then speech returns to audio.
///
/// `onChange` hears each move, from the player's or the retry thread, so the client can say on
/// screen where speech went.
///
/// ```swift
/// let failover = AudioFailover(sampleRate: 22050, captions: captionSink) { route in show(route) }
/// let sink = failover.sink
/// ```
public final class AudioFailover: Sendable {
    /// Where speech goes now.
    public enum Route: Sendable, Equatable {
        case audio
        /// Text captions, because of `reason` (the device's own words).
        case captions(reason: String)
    }

    private struct State {
        var player: AudioPlayer?
        var route: Route
        /// The utterance being spoken, captioned whole if the audio fails in the middle of it.
        var speaking: Utterance?
        var closed = false
    }

    public let sampleRate: Int
    private let captions: SpeechSink
    private let onChange: @Sendable (Route) -> Void
    private let retryNanoseconds: UInt64
    private let state: ConditionLock<State>

    /// Opens the device; when it does not open, starts on captions and keeps trying.
    public init(
        sampleRate: Int, captions: SpeechSink, retryInterval: Duration = .seconds(1),
        onChange: @escaping @Sendable (Route) -> Void
    ) {
        self.sampleRate = sampleRate
        self.captions = captions
        self.onChange = onChange
        let (seconds, attoseconds) = retryInterval.components
        self.retryNanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        self.state = ConditionLock(State(route: .audio))
        do {
            let player = try openPlayer()
            state.withLock { $0.player = player }
        } catch {
            state.withLock { $0.route = .captions(reason: error.message) }
            startRetrying()
        }
    }

    /// Where speech goes now.
    public var route: Route { state.withLock { $0.route } }

    /// Events go to the captions while audio is down; samples to the device while it is up.
    public var sink: SpeechSink {
        SpeechSink(
            event: { [self] event in
                let onCaptions = state.withLock { state in
                    switch event.kind {
                    case .speak: state.speaking = event.utterance
                    default: if state.speaking?.id == event.utterance.id { state.speaking = nil }
                    }
                    return state.route != .audio
                }
                if onCaptions { captions.event(event) }
            },
            samples: { [self] buffer, _ in
                state.withLock { $0.player }?.enqueue(buffer)
            },
            flush: { [self] in state.withLock { $0.player }?.flush() },
            backlogMilliseconds: { [self] in state.withLock { $0.player }?.backlogMilliseconds ?? 0 })
    }

    /// Stops trying and closes the device.
    public func close() {
        let player = state.withLockThenBroadcast { state in
            state.closed = true
            return state.player
        }
        player?.close()
    }

    private func openPlayer() throws(SpeechError) -> AudioPlayer {
        try AudioPlayer(sampleRate: sampleRate) { [weak self] reason in self?.lost(reason) }
    }

    /// The device failed: captions from now on, starting with what was being said.
    private func lost(_ reason: String) {
        let cutOff: Utterance? = state.withLock { state in
            guard !state.closed, state.route == .audio else { return nil }
            state.player = nil
            state.route = .captions(reason: reason)
            return state.speaking
        }
        guard state.withLock({ !$0.closed }) else { return }
        onChange(.captions(reason: reason))
        if let cutOff { captions.event(SpeechEvent(.speak, cutOff)) }
        startRetrying()
    }

    private func startRetrying() {
        Libc.startThread(name: "earshot-audio-retry") { [self] in
            while true {
                let closed = state.wait(until: { $0.closed }, timeoutNanoseconds: retryNanoseconds) { $0.closed }
                if closed { return }
                guard let player = try? openPlayer() else { continue }
                let kept = state.withLock { state in
                    guard !state.closed else { return false }
                    state.player = player
                    state.route = .audio
                    return true
                }
                if kept { onChange(.audio) } else { player.close() }
                return
            }
        }
    }
}
