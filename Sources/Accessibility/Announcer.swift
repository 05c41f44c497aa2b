/// Turns notifications and live-region changes into utterances, pacing and coalescing them.
///
/// A state machine without I/O or clocks: every event carries the time (a `Duration` since any
/// fixed start, so tests use a simulated clock), and every event returns an ``Action``.
///
/// - Default and high priority speak at once (the speech layer interrupts for them).
/// - Polite (low) content waits behind current speech, and after an utterance from the same
///   region (or from plain announcements) waits at least ``interval`` before the next.
/// - While it waits, further content from the same region coalesces into one entry that is
///   spoken as a count: "12 new messages in #general". Counts are never lost, and they are
///   the real number of items (``LiveRegionChange/count``), in agreement with their noun
///   (a ``SpeechRequest/Summary``: the app words it).
/// - A count is a total of what the listener has not heard: while content keeps coming, a
///   count waits for its region to be quiet for ``countQuiet`` (at most ``countLimit`` after its
///   first item), and a count said within ``countSpan`` of the last one for the same region
///   adds to it ("9 new messages", then "19 new messages", never "9" then "10"). Hearing an
///   item of the region in full starts the total again.
/// - The pending queue never holds more than ``maxPending`` entries (Orca keeps 9); beyond
///   that, new content merges into the last entry as "N new messages".
/// - Assertive live-region content is spoken at high priority; a flood of it coalesces too.
/// - One person's messages (a change with a ``LiveRegionChange/speaker``) that may begin a
///   burst (``LiveRegionChange/waitsForMore``) wait ``burstWindow`` for more from them; what
///   follows while it waits in that time joins the same utterance, the name said once
///   ("kim: deploy is done. tests pass. merging now"), for at most ``burstLimit`` after the
///   first. An utterance that continues the last one's speaker in its region, within
///   ``sameSpeakerSpan``, leaves the name out. Someone else's message in the region makes it a
///   count again.
///
/// Tell it when speech ends (``speechFinished(at:)``) and call ``tick(at:)`` at
/// ``nextDeadline``; each may release the next pending utterance.
///
/// ```swift
/// var announcer = Announcer()
/// announcer.liveRegionChanged(LiveRegionChange(region: "#general", politeness: .polite,
///                                              text: "alice: hi"), at: .zero)
/// // .speak("alice: hi")
/// ```
public struct Announcer: Sendable {
    /// What an event asks the speech layer to do.
    public enum Action: Hashable, Sendable {
        /// Speak this utterance now (low: after current speech; default/high: interrupting).
        case speak(SpeechRequest)
        /// Nothing to say now.
        case none
    }

    enum State: Hashable, Sendable {
        case idle
        case speaking(SpeechPriority)
    }

    /// How long one person's message waits for the next from them (zero: not at all, and
    /// each is said, or counted, on its own).
    public var burstWindow: Duration = .milliseconds(1000)
    /// The longest a burst waits after its first message.
    public var burstLimit: Duration = .seconds(3)
    /// How long after a person's utterance the next of theirs in the region goes without the name
    /// (when ``names`` is ``SpeakerNames/onChange``).
    public var sameSpeakerSpan: Duration = .seconds(6)
    /// When a person's message names them: always, when the speaker changes, or never (a voice
    /// per speaker tells who).
    public var names: SpeakerNames = .onChange
    /// The most words of plain announcements a count keeps (the newest): a flood keeps no more.
    public static let unheardKept = 50
    /// The most messages one utterance joins; more are a count.
    public static let burstMessages = 8
    /// How long a region must be quiet before its count is said (the count is a total).
    public var countQuiet: Duration = .milliseconds(1000)
    /// The longest a count waits for its region to be quiet, after its first item.
    public var countLimit: Duration = .seconds(8)
    /// How long after a count the next count of the same region adds to it.
    public var countSpan: Duration = .seconds(30)

    /// The most entries the pending queue holds.
    public let maxPending: Int
    /// The least time between two utterances from the same polite region.
    public let interval: Duration

    private(set) var state: State = .idle
    private(set) var pending: [Pending] = []
    private var lastSpoken: [String: Duration] = [:]
    /// The polite entry being spoken, to put back if typing cuts it off.
    private var speaking: Pending?
    /// Polite entries wait until then (the user is typing).
    private var politeHeldUntil: Duration?
    /// Whose message, in which region, was last said, and when.
    private var lastSpeaker: (key: String, speaker: String, at: Duration)?
    /// The total last counted for each key, and when: a count soon after adds to it.
    private var counted: [String: (total: Int, at: Duration)] = [:]

    /// An announcer holding at most `maxPending` entries (at least 1) and pacing each region
    /// by `interval`.
    public init(maxPending: Int = 9, interval: Duration = .milliseconds(500)) {
        self.maxPending = max(1, maxPending)
        self.interval = interval
    }

    /// How many entries are waiting.
    public var pendingCount: Int { pending.count }

    /// How many announcements are waiting, counting each coalesced one.
    public var pendingAnnouncements: Int { pending.reduce(0) { $0 + $1.count } }

    /// Whether the announcer believes speech is playing.
    public var isSpeaking: Bool { state != .idle }

    /// Whether an announcement is being heard: the speech layer said it started
    /// (``speechStarted()``) and has not yet said it ended. One handed out may still wait behind
    /// other speech; only one being heard is cut off by typing.
    public private(set) var isAudible = false

    /// The speech layer started saying an announcement.
    public mutating func speechStarted() { isAudible = true }

    /// When to call ``tick(at:)`` next, or `nil` if nothing waits on time.
    public var nextDeadline: Duration? {
        pending.compactMap { entry -> Duration? in
            if entry.priority != .high && state != .idle { return nil }
            var paced = lastSpoken[entry.key].map { $0 + interval } ?? .zero
            if let held = entry.heldUntil { paced = max(paced, held) }
            if entry.priority == .low, let held = politeHeldUntil { return max(paced, held) }
            return paced
        }.min()
    }

    /// Polite announcements wait until `time`: the user is typing, and they are spoken at the
    /// first pause (ARIA's "graceful opportunity"). Each key moves the time on.
    public mutating func holdPolite(until time: Duration) {
        politeHeldUntil = max(politeHeldUntil ?? time, time)
    }

    /// The polite announcement being spoken is being cut off (by typing): it goes back to the
    /// front of the queue, to be said whole at the next opportunity. Returns whether there
    /// was one.
    @discardableResult
    public mutating func requeueSpeaking() -> Bool {
        guard let item = speaking else { return false }
        speaking = nil
        lastSpoken[item.key] = nil
        if let index = pending.firstIndex(where: { $0.key == item.key }) {
            // Newer content of the same region arrived meanwhile: one entry, counting both.
            pending[index].count += item.count
        } else {
            pending.insert(item, at: 0)
        }
        return true
    }

    /// The listener heard something else (they moved, or the client spoke for itself): the
    /// next message says its writer's name again.
    public mutating func forgetSpeaker() { lastSpeaker = nil }

    // MARK: Events

    /// A notification was posted.
    public mutating func post(_ notification: AccessibilityNotification, at now: Duration) -> Action {
        switch notification {
        case .announcement(let text, .low):
            return arrive(
                Pending(
                    key: "announcement", priority: .low, region: nil, noun: "announcement",
                    count: 1, text: text), at: now)
        case .announcement(let text, let priority):
            return speak(SpeechRequest(text, priority: priority), key: nil, at: now)
        case .screenChanged(_, let text?), .layoutChanged(_, let text?):
            return speak(SpeechRequest(text, priority: .default), key: nil, at: now)
        case .pageScrolled(let text):
            return speak(SpeechRequest(text, priority: .default), key: nil, at: now)
        case .screenChanged(_, nil), .layoutChanged(_, nil):
            return .none
        }
    }

    /// New content appeared in a live region.
    public mutating func liveRegionChanged(_ change: LiveRegionChange, at now: Duration) -> Action {
        guard let priority = change.politeness.priority else { return .none }
        var item = Pending(
            // Messages and events (joins, quits) of one region coalesce apart: "3 new messages
            // in #a" and "2 new events in #a", never one count of both.
            key: "region:\(change.politeness.rawValue):\(change.noun):" + change.region, priority: priority,
            region: change.region, noun: change.noun, count: change.count, text: change.text,
            newestInFull: change.newestInFull, replaces: change.replaces)
        item.ids = change.ids
        item.newest = change.newest
        item.arrived = now
        if change.count == 1 { item.author = change.author }
        if let speaker = change.speaker, change.count == 1 {
            item.speaker = speaker
            item.continuation = change.continuation ?? change.text
            if burstWindow > .zero, priority == .low, change.waitsForMore { item.heldUntil = now + burstWindow }
        }
        return arrive(item, at: now)
    }

    /// The speech layer finished (or cancelled) the last utterance.
    public mutating func speechFinished(at now: Duration) -> Action {
        state = .idle
        isAudible = false
        speaking = nil
        return release(at: now)
    }

    /// Time passed; releases an entry whose wait is over.
    public mutating func tick(at now: Duration) -> Action { release(at: now) }

    // MARK: Machinery

    private mutating func arrive(_ item: Pending, at now: Duration) -> Action {
        if let index = pending.lastIndex(where: { $0.key == item.key }) {
            if item.replaces {
                pending[index] = item
                return release(at: now)
            }
            if burstWindow > .zero, let speaker = item.speaker, pending[index].speaker == speaker,
                pending[index].count < Self.burstMessages
            {
                // The same person again: their words join the utterance, which waits on.
                pending[index].text = Self.joined(pending[index].text, item.continuation ?? item.text)
                pending[index].continuation = Self.joined(
                    pending[index].continuation ?? "", item.continuation ?? item.text)
                pending[index].count += item.count
                pending[index].ids += item.ids
                if let held = item.heldUntil {
                    pending[index].heldUntil = min(held, pending[index].arrived + burstLimit)
                }
                return release(at: now)
            }
            if item.speaker != pending[index].speaker, pending[index].heldUntil != nil, pending.count < maxPending,
                pending.filter({ $0.key == item.key }).count < 2
            {
                // Someone else speaks, or something else happens there: the waiting burst is
                // over and goes as it is; the newcomer takes its turn after it.
                pending[index].heldUntil = nil
                pending.append(item)
                return release(at: now)
            }
            pending[index].absorb(item)
            pending[index].newest = item.newest
            // A count: said once the region is quiet, so it is the total of the flood.
            pending[index].heldUntil =
                item.priority == .low && countQuiet > .zero && item.region != nil
                ? min(now + countQuiet, pending[index].arrived + countLimit) : nil
            return release(at: now)
        }
        if pending.isEmpty && canSpeak(item, at: now) {
            return speak(item, at: now)
        }
        if pending.count < maxPending {
            pending.append(item)
        } else {
            // Full: merge into the last entry of the same priority (or the last one).
            let index = pending.lastIndex(where: { $0.priority == item.priority }) ?? pending.count - 1
            pending[index].absorb(item)
            if pending[index].region != item.region || pending[index].noun != item.noun {
                pending[index].isMixed = true
            }
        }
        return release(at: now)
    }

    private mutating func speak(_ item: Pending, at now: Duration) -> Action {
        // A count adds to the last one said for its region, if that was recent: the words say
        // the total not heard; the request still stands for the items it adds.
        var total = item.count
        if item.count > 1, item.speaker == nil {
            if let last = counted[item.key], now - last.at < countSpan { total += last.total }
            counted[item.key] = (total, now)
        } else {
            counted[item.key] = nil
        }
        var said = utterance(for: item, total: total)
        if let speaker = item.speaker, let continuation = item.continuation {
            let whole = said.text
            switch names {
            case .always: break
            case .never: said.text = continuation
            case .onChange:
                if let last = lastSpeaker, last.key == item.key, last.speaker == speaker,
                    now - last.at < sameSpeakerSpan
                {
                    said.text = continuation
                }
            }
            if said.text != whole { said.named = whole }
        }
        let action = speak(said, key: item.key, at: now)
        lastSpeaker = item.speaker.map { (item.key, $0, now) }
        speaking = item.priority == .low ? item : nil
        return action
    }

    /// Two messages as one utterance: "deploy is done. tests pass" (no full stop doubled).
    static func joined(_ first: String, _ next: String) -> String {
        guard let last = first.last else { return next }
        return first + (".!?…".contains(last) ? " " : ". ") + next
    }

    private func canSpeak(_ item: Pending, at now: Duration) -> Bool {
        if item.priority == .low, let held = politeHeldUntil, now < held { return false }
        if let held = item.heldUntil, now < held { return false }
        switch state {
        case .idle: break
        case .speaking(let current):
            guard item.priority == .high && current != .high else { return false }
        }
        guard let last = lastSpoken[item.key] else { return true }
        return now - last >= interval
    }

    private mutating func release(at now: Duration) -> Action {
        let ordered = pending.indices.sorted {
            (pending[$0].priority == .high ? 0 : 1, $0) < (pending[$1].priority == .high ? 0 : 1, $1)
        }
        for index in ordered where canSpeak(pending[index], at: now) {
            let item = pending.remove(at: index)
            return speak(item, at: now)
        }
        return .none
    }

    private mutating func speak(_ utterance: SpeechRequest, key: String?, at now: Duration) -> Action {
        lastSpeaker = nil
        state = .speaking(utterance.priority)
        speaking = nil
        if let key { lastSpoken[key] = now }
        return .speak(utterance)
    }

    private func utterance(for item: Pending, total: Int) -> SpeechRequest {
        guard item.count > 1 else {
            var utterance = SpeechRequest(item.text, priority: item.priority)
            utterance.ids = item.ids
            utterance.author = item.author
            utterance.region = item.region
            return utterance
        }
        if item.speaker != nil {
            var utterance = SpeechRequest(item.text, priority: item.priority, count: item.count)
            utterance.ids = item.ids
            utterance.author = item.author
            utterance.region = item.region
            return utterance
        }
        // A count is a fact: the app's phrase book words it ("3 new messages in #b").
        var request = SpeechRequest("", priority: item.priority, count: item.count)
        request.summary = SpeechRequest.Summary(
            count: total, noun: item.isMixed ? "message" : item.noun, region: item.isMixed ? nil : item.region,
            newest: item.newestInFull && !item.isMixed ? (item.newest ?? item.text) : nil,
            more: total > item.count ? item.count : nil)
        request.region = item.isMixed ? nil : item.region
        request.unheard = item.unheard
        return request
    }
}
