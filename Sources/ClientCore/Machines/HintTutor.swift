/// Hints heard until learnt, as a VoiceOver user learns a hint once.
///
/// An element kind's hint (one text: "Press A for actions.") is said after its phrase the first
/// ``timesBeforeLearnt`` times in a session; after that only when the listener rests on the
/// element for ``rest`` with no key pressed. A plain value type with its own deadline, fed with
/// focus moves, keys and time, as swift-nio's state machines are.
///
/// ```swift
/// var tutor = HintTutor()
/// tutor.focused(on: "message.1", hint: "Press A for actions.", at: .zero)  // true: say it
/// ```
struct HintTutor: Sendable, Equatable {
    static let timesBeforeLearnt = 3
    static let rest: Duration = .seconds(8)

    /// How many times each hint has been said this session.
    private var heard: [String: Int] = [:]
    /// A learnt hint waiting for the listener to rest on its element.
    private var resting: Resting?

    struct Resting: Sendable, Equatable {
        var hint: String
        var element: String?
        var due: Duration
    }

    /// Focus moved onto `element`, whose hint is `hint`: whether to say the hint now. A learnt
    /// hint waits for a rest instead.
    mutating func focused(on element: String?, hint: String, at now: Duration) -> Bool {
        resting = nil
        guard !hint.isEmpty else { return false }
        let kind = Self.kind(of: hint)
        let count = heard[kind, default: 0]
        if count < Self.timesBeforeLearnt {
            heard[kind] = count + 1
            return true
        }
        resting = Resting(hint: hint, element: element, due: now + Self.rest)
        return false
    }

    /// A hint that is part of an announcement (a sheet's "More actions shows the rest"): whether
    /// it is still to be said (the listener has not heard it ``timesBeforeLearnt`` times); said now.
    mutating func stillToLearn(_ hint: String) -> Bool {
        let count = heard[hint, default: 0]
        guard count < Self.timesBeforeLearnt else { return false }
        heard[hint] = count + 1
        return true
    }

    /// The kind of hint `hint` is: its words with each number as one ("Alt-3 opens it from
    /// anywhere" and "Alt-4 …" are one hint, learnt once, not one per channel).
    static func kind(of hint: String) -> String {
        String(hint.map { $0.isNumber ? "#" : $0 })
    }

    /// A key was pressed: the rest is broken.
    mutating func keyPressed() { resting = nil }

    /// News was said: the rest is over, so the hint never follows news it has nothing to do
    /// with ("kim replied to you: …", then "Press A for actions."); the next rest on an element
    /// brings it.
    mutating func newsSaid(at now: Duration) {
        resting = nil
    }

    /// When to be told the time, if a hint waits for a rest.
    var nextDeadline: Duration? { resting?.due }

    /// Time passed: the hint to say now, when the listener has rested on its element.
    mutating func tick(at now: Duration, focus: String?) -> String? {
        guard let waiting = resting, now >= waiting.due else { return nil }
        resting = nil
        return waiting.element == focus ? waiting.hint : nil
    }
}
