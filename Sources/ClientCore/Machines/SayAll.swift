/// Say-all (Alt-R): reading one element after another from focus, moved on by the reading
/// voice's own events, as VoiceOver's read-all is. Fed with what speech reports and what the
/// listener does; says what to do next.
///
/// ```swift
/// var sayAll = SayAll()
/// sayAll.start()
/// sayAll.readerStarted()
/// sayAll.readerFinished()  // true: read the next element
/// ```
///
/// Ends and cuts of speech from before Alt-R belong to what was being said then, so nothing
/// moves until the first reading has started; a pause (Alt-S) cuts the reading off without
/// ending say-all, and the reading comes back on resume.
struct SayAll: Sendable, Equatable {
    enum State: Sendable, Equatable {
        /// Not reading.
        case off
        /// Asked for; the first reading has not started yet.
        case starting
        case reading
        /// Paused by Alt-S (before the first reading started, or during one).
        case paused(started: Bool)
    }

    private(set) var state = State.off

    var isOn: Bool { state != .off }

    /// Alt-R: reading starts at the focus.
    mutating func start() { state = .starting }

    /// Reading ends: the last element was read, a text field was reached, a key was pressed.
    /// Whether it was on (what it was reading is stopped then).
    @discardableResult
    mutating func end() -> Bool {
        defer { state = .off }
        return isOn
    }

    /// The reading voice started an utterance: reading is under way (again, after a resume).
    mutating func readerStarted() {
        if isOn { state = .reading }
    }

    /// The reading voice finished an utterance: whether to read the next element (also when
    /// the pause came just after it ended: the next waits in the paused engine).
    func readerFinished() -> Bool { state == .reading || state == .paused(started: true) }

    /// The reading voice was cut off: reading ends, unless the cut was the pause.
    mutating func readerCut() {
        if state == .reading { state = .off }
    }

    /// Alt-S: paused, or resumed (the reading cut off by the pause is said again, and its
    /// start resumes reading).
    mutating func pauseToggled() {
        switch state {
        case .off: break
        case .starting: state = .paused(started: false)
        case .reading: state = .paused(started: true)
        case .paused(let started): state = started ? .reading : .starting
        }
    }
}
