import DequeModule

/// The speech queue as a state machine: utterances go in, actions come out, no I/O.
///
/// Rules, as UIAccessibility announcement priorities and ARIA live regions have them:
/// - **low** waits behind everything already current or pending; but a hint (the hint voice)
///   follows the phrase it belongs to, ahead of low news queued before it (a polite message
///   after the hint, not between the phrase and its hint);
/// - **default** interrupts a current low or default utterance, replaces pending default ones
///   (they are stale), and goes ahead of pending low ones. Pending low announcements (the
///   announcer's voice) and low sound cues stay queued, so polite messages are not lost when focus moves; pending
///   low speech in any other voice — a hint, a focus phrase queued after a screen change — is
///   about a focus that has moved, so it is dropped too. Under a current high it waits its turn;
/// - **high** interrupts a current low or default utterance and goes ahead of everything
///   pending but earlier high ones; under a current high it queues behind it.
/// - ``stop()`` cancels the current utterance and drops all pending ones.
/// - ``pause()`` holds the queue: the current utterance goes back to the front, and nothing
///   starts until ``resume()``, ``stop()`` or new speech at default priority or above (as new
///   speech ends a pause in NVDA). The pause is the queue's, so what may start next is
///   decided in one place.
///
/// ```swift
/// var queue = UtteranceQueue()
/// queue.submit(Utterance(id: 1, text: "Alice, 10:42", priority: .low))   // []
/// queue.next()                                                           // utterance 1
/// queue.submit(Utterance(id: 2, text: "Send, button"))                   // [.interrupt(1)]
/// ```
public struct UtteranceQueue: Sendable {
    /// What the engine must do.
    public enum Action: Hashable, Sendable {
        /// Abort the utterance being spoken (a `cancel` event).
        case interrupt(Utterance)
        /// Drop a pending utterance that never sounded (a `cancel` event).
        case discard(Utterance)
    }

    /// The utterance being spoken, if any.
    public private(set) var current: Utterance?
    /// Utterances waiting, in the order they will be spoken.
    public private(set) var pending: Deque<Utterance> = []
    /// Held by ``pause()``: nothing starts until ``resume()``, ``stop()`` or new speech.
    public private(set) var isPaused = false

    public init() {}

    /// Adds `utterance`; returns what it interrupts or replaces.
    public mutating func submit(_ utterance: Utterance) -> [Action] {
        var actions: [Action] = []
        if utterance.priority >= .default { isPaused = false }
        switch utterance.priority {
        case .low where utterance.voice == .hint:
            // Right after its phrase: the newest waiting in the reading voice (a focus queued
            // after a screen's title is low) or of default priority or above; first when that
            // phrase is already being said.
            let index = pending.lastIndex { $0.voice == .reader || $0.priority >= .default }.map { $0 + 1 } ?? 0
            pending.insert(utterance, at: index)
        case .low:
            pending.append(utterance)
        case .default:
            if let current, current.priority < .high {
                actions.append(.interrupt(current))
                self.current = nil
            }
            let isStale: (Utterance) -> Bool = {
                $0.priority == .default || ($0.priority == .low && $0.voice != .announcer && $0.cue == nil)
            }
            actions += pending.filter(isStale).map(Action.discard)
            pending.removeAll(where: isStale)
            let index = pending.firstIndex { $0.priority < .high } ?? pending.endIndex
            pending.insert(utterance, at: index)
        case .high:
            if let current, current.priority < .high {
                actions.append(.interrupt(current))
                self.current = nil
            }
            let index = pending.firstIndex { $0.priority < .high } ?? pending.endIndex
            pending.insert(utterance, at: index)
        }
        return actions
    }

    /// Makes the next pending utterance current and returns it; `nil` while paused, while one
    /// is current, or when none is pending.
    public mutating func next() -> Utterance? {
        guard canStart, let first = pending.popFirst() else { return nil }
        current = first
        return first
    }

    /// The current utterance finished; returns it if `id` was still current (not interrupted).
    public mutating func finish(_ id: UInt64) -> Utterance? {
        guard let current, current.id == id else { return nil }
        self.current = nil
        return current
    }

    /// Puts the current utterance back at the front of the queue (a pause); returns it.
    public mutating func requeueCurrent() -> Utterance? {
        guard let current else { return nil }
        pending.insert(current, at: 0)
        self.current = nil
        return current
    }

    /// Falls silent but keeps everything: the current utterance goes back to the front (it is
    /// interrupted now and starts again from its beginning). Returns what to interrupt, or nil
    /// when nothing was speaking or waiting, or the queue was paused already.
    public mutating func pause() -> [Action]? {
        guard !isPaused, !isIdle else { return nil }
        isPaused = true
        return requeueCurrent().map { [.interrupt($0)] } ?? []
    }

    /// Ends a pause; returns false when the queue was not paused.
    @discardableResult
    public mutating func resume() -> Bool {
        guard isPaused else { return false }
        isPaused = false
        return true
    }

    /// Cancels the current utterance, drops everything pending and ends a pause.
    public mutating func stop() -> [Action] {
        isPaused = false
        var actions: [Action] = current.map { [.interrupt($0)] } ?? []
        actions += pending.map(Action.discard)
        current = nil
        pending.removeAll()
        return actions
    }

    /// Whether `id` is the utterance being spoken.
    public func isCurrent(_ id: UInt64) -> Bool { current?.id == id }

    public var isIdle: Bool { current == nil && pending.isEmpty }

    /// Whether ``next()`` would start an utterance: not paused, none current, one pending.
    public var canStart: Bool { !isPaused && current == nil && !pending.isEmpty }
}
