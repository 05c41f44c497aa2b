/// The display as a machine without I/O: the focus's line and a timed message, a window of the
/// display's width over whichever is shown, and the display's keys. Fed events, it answers with
/// what to write and what to report to the core (the swift-nio style; ``BrailleConnection`` is
/// the shell that performs them).
///
/// - The window pans by whole displays, never cutting a line: the display's panning keys move
///   it; past either end they move to the previous or next element, as VoiceOver's do.
/// - In a text field the window follows the caret (the display width a page), so the caret is
///   always in view.
/// - A message (an announcement) shows until its deadline or until a display key dismisses it
///   (that key does nothing else). The answer to the reader's own key (``message(_:at:for:answer:)``)
///   takes the display at once, over news, which waits its turn: the news it covered goes back to
///   the front of the queue. News queues, three at most; what a full queue drops is counted and
///   shown as a sign in its place; news of a topic (the connection's state) replaces the
///   older news of it, waiting or shown, which is out of date. A focus the reader's key moved to replaces a message at once
///   (and news waits a moment after it); a focus drawn for any other reason (a channel that
///   opened, a redraw after a reaction) goes beneath the message, which stays its time.
/// - Paced reading (``restLength``): the focus's line is reported read (``BrailleInput/read(_:)``)
///   once its last window has been shown, uncovered, for the rest length, or the reader pans
///   on past its end.
///
/// ```swift
/// var display = BrailleDisplay(width: 40)
/// display.show(.computer(BrailleLine("Send, btn")))  // [.write(…)]
/// display.command(.route(2), at: .zero)              // [.report(.route(2))]
/// ```
public struct BrailleDisplay: Sendable {
    /// A key on the display, as BrlAPI's commands name them.
    public enum Command: Sendable, Equatable {
        /// The routing key over cell `n` of the display (0-based).
        case route(Int)
        case panLeft, panRight
        case lineUp, lineDown
    }

    public enum Action: Sendable, Equatable {
        case write(BrailleWindow)
        case report(BrailleInput)
    }

    struct Shown: Sendable {
        var rendering: BrailleRendering
        var start = 0
    }

    public private(set) var width: Int
    var focus: Shown?
    var message: Shown?
    var messageUntil: Duration?
    /// Whether the message shown answers the reader's own key (else it is news), and when it
    /// began to show.
    var messageAnswers = false
    var messageShownAt: Duration = .zero
    /// News dismissed by a key sooner than this after it showed was hardly read: it waits again.
    public static let glance: Duration = .milliseconds(1500)
    /// The news last cut off at a glance and put back: it comes back once only.
    var glancedAgain: BrailleRendering?
    /// News waiting for the display (at most ``queueLimit``, the newest kept).
    var queued: [BrailleRendering] = []
    /// News a full queue dropped, shown as a sign (``sign``) before the next news.
    var dropped = 0
    public static let queueLimit = 3
    /// How long the message on the display lasts from its last key (panning it gives it more).
    var messageLength: Duration = .seconds(4)
    /// The last pan went left past the start: the next focus is shown from its end.
    var enteringFromEnd = false
    /// The last window written, so an unchanged one is not written again.
    var written: BrailleWindow?
    /// Queued news waits until then: the reader's key has just drawn the focus.
    var newsHeldUntil: Duration?
    /// How long an answer that brought a new focus shows before it: a second and a
    /// twentieth of a second for each character.
    static func flash(_ rendering: BrailleRendering) -> Duration {
        .seconds(1) + .milliseconds(50 * rendering.line.text.count)
    }
    /// The sign at the end of a message's window when more of it follows: " >" (in computer
    /// braille, dots 3-4-5).
    static let moreFollows: (text: String, dots: [UInt8]) = (" >", [0, 0b0001_1100])

    /// The width a message's windows are cut to: the display's, or two cells less for the
    /// sign that more follows when it does not fit.
    func messageWidth(_ rendering: BrailleRendering) -> Int {
        rendering.count > width && width > 8 ? width - 2 : width
    }

    /// The width the windows of a line are cut to: a message's, and a focus's the same way (a
    /// long message's "unrd" is not out of sight without a sign), except a text field's, whose
    /// window follows the caret a page at a time.
    func cutWidth(_ rendering: BrailleRendering) -> Int {
        rendering.line.fieldStart == nil ? messageWidth(rendering) : width
    }

    /// How long a message shows from `shown`'s window on: the message time for each window left
    /// to read, so news longer than the display does not go before it can be panned through.
    func messageTime(_ shown: Shown?) -> Duration {
        guard let shown else { return messageLength }
        let windowWidth = max(1, messageWidth(shown.rendering))
        let left = max(0, shown.rendering.count - shown.start)
        return messageLength * max(1, (left + windowWidth - 1) / windowWidth)
    }

    /// How long queued news waits after a key moved the focus.
    public static let newsHold: Duration = .seconds(1)
    /// Paced reading: how long the focus's last window must show, uncovered, to count as read
    /// (nil: nothing is reported read).
    public var restLength: Duration?
    /// A focus the reader's key brought within this of its answer came with it (the answer
    /// flashes before it).
    static let together: Duration = .milliseconds(100)
    /// Since when the focus's last window has shown uncovered.
    var lastWindowSince: Duration?
    /// The element last reported read (each once, until another is focused).
    var reportedRead: String?
    /// The sign for news dropped from a full queue ("+2"); the shell words and renders it.
    public var sign: @Sendable (Int) -> BrailleRendering = { .computer(BrailleLine("+\($0)")) }

    public init(width: Int) {
        self.width = max(1, width)
    }

    /// When the display next changes by itself: a message ends, held news shows, or the focus
    /// has rested long enough to count as read.
    public var nextDeadline: Duration? {
        var deadlines: [Duration] = []
        if let messageUntil { deadlines.append(messageUntil) }
        if message == nil, !queued.isEmpty || dropped > 0, let held = newsHeldUntil { deadlines.append(held) }
        if let rest = restLength, let since = lastWindowSince { deadlines.append(since + rest) }
        return deadlines.min()
    }

    /// Whether a message covers the focus now.
    public var showsMessage: Bool { message != nil }

    /// The focus changed (or its value or caret did). `fromKey`: the reader's key moved it, and
    /// it replaces a message at once; otherwise it is drawn beneath one.
    public mutating func show(
        _ rendering: BrailleRendering, fromKey: Bool = true, at now: Duration = .zero
    )
        -> [Action]
    {
        var shown = Shown(rendering: rendering)
        let old = focus
        if let old, let oldField = old.rendering.line.fieldStart, let field = rendering.line.fieldStart,
            old.rendering.line.text.prefix(oldField) == rendering.line.text.prefix(field)
        {
            // The same field edited: the window stays unless the caret leaves it.
            shown.start = old.start
        }
        if let old, old.rendering.line == rendering.line {
            // The same line drawn again: the window stays where the reader panned it.
            shown.start = old.start
        } else if let old, rendering.caretCell == nil, rendering.line.element != nil,
            rendering.line.element == old.rendering.line.element
        {
            // The same element changed ("unrd" gone once read): the window over the same place.
            shown.start = rendering.windowStarts(width: cutWidth(rendering)).last { $0 <= old.start } ?? 0
        } else {
            shown.start = Self.start(
                keeping: rendering.caretCell, from: shown.start, in: rendering, width: cutWidth(rendering))
        }
        if enteringFromEnd {
            // Panned back into the previous element: its last part, so reading backwards reads
            // on (a long draft's too: every window is visited, not only the caret's).
            shown.start = rendering.windowStarts(width: cutWidth(rendering)).last ?? 0
        }
        enteringFromEnd = false
        // The same element drawn again (read now, a reaction more) is not a move: a message on
        // the display stays. Another element, or typing in a field, is.
        let sameElement =
            rendering.line.element != nil && rendering.line.element == old?.rendering.line.element
            && rendering.line.fieldStart == nil
        focus = shown
        if rendering.line.element != old?.rendering.line.element {
            // Another element: its own rest, and its own report.
            reportedRead = nil
            lastWindowSince = nil
        }
        if !sameElement, fromKey, messageAnswers, let shown = message, let until = messageUntil,
            now - messageShownAt < Self.together
        {
            // The answer came a moment before the focus the same key brought (a reaction's
            // "Reacted with …", then the item the closed actions go back to): it flashes first.
            messageUntil = min(until, messageShownAt + Self.flash(shown.rendering))
            newsHeldUntil = messageUntil.map { $0 + Self.newsHold }
        } else if !sameElement, fromKey {
            if let glanced = message, !messageAnswers, now - messageShownAt < Self.glance,
                glanced.rendering != glancedAgain
            {
                // News the key cut off almost at once shows again after the focus, once (typing
                // on, key after key, would bring it back over the field each time).
                queued.insert(glanced.rendering, at: 0)
                glancedAgain = glanced.rendering
                trimQueue()
            }
            message = nil
            messageUntil = nil
            messageAnswers = false
            newsHeldUntil = now + Self.newsHold
        } else if !sameElement, messageAnswers, let shown = message, let until = messageUntil {
            // The answer brought a new focus (a sheet's title over its first item, "Settings
            // closed" over the item it went back to): a flash long enough to read, then the
            // focus it brought.
            messageUntil = min(until, messageShownAt + Self.flash(shown.rendering))
        }
        return write(at: now)
    }

    /// A message, shown from `now` for `length`; each pan through it gives it `length` again. An
    /// `answer` to the reader's key shows at once; news waits its turn.
    public mutating func message(
        _ rendering: BrailleRendering, at now: Duration, for length: Duration, answer: Bool = false
    ) -> [Action] {
        messageLength = length
        let topic = rendering.line.topic
        if let topic {
            // Newer news of the same topic: the older is out of date, waiting or shown.
            queued.removeAll { $0.line.topic == topic }
            if !answer, let shown = message, !messageAnswers, shown.rendering.line.topic == topic {
                return display(rendering, answer: false, at: now)
            }
        }
        if answer {
            if let covered = message, !messageAnswers, topic == nil || covered.rendering.line.topic != topic {
                // The news it covers is not lost: it shows again after the answer.
                queued.insert(covered.rendering, at: 0)
                trimQueue()
            }
            return display(rendering, answer: true, at: now)
        }
        if message != nil || newsHeldUntil.map({ now < $0 }) == true {
            queued.append(rendering)
            trimQueue()
            return []
        }
        return display(rendering, answer: false, at: now)
    }

    /// The channel `about` opened: its news, waiting or shown, is put away, since its messages
    /// are in front of the reader now (it came back over them for seconds).
    public mutating func forget(about: String, at now: Duration) -> [Action] {
        queued.removeAll { $0.line.about == about }
        guard let shown = message, !messageAnswers, shown.rendering.line.about == about else { return [] }
        return nextMessage(at: now)
    }

    /// Time passed: an expired message gives the display back (to waiting news, or the focus),
    /// held news shows, a rested focus is read.
    public mutating func tick(at now: Duration) -> [Action] {
        var actions: [Action] = []
        if let until = messageUntil, until <= now {
            actions += nextMessage(at: now)
        } else if message == nil, !queued.isEmpty || dropped > 0, newsHeldUntil.map({ $0 <= now }) ?? true {
            actions += nextMessage(at: now)
        }
        if let rest = restLength, let since = lastWindowSince, since + rest <= now {
            actions += read()
        }
        return actions
    }

    /// The next waiting news (the sign of any dropped first), or the focus again.
    mutating func nextMessage(at now: Duration) -> [Action] {
        if newsHeldUntil.map({ now < $0 }) == true || (queued.isEmpty && dropped == 0) {
            message = nil
            messageUntil = nil
            messageAnswers = false
            return write(at: now)
        }
        if dropped > 0 {
            let count = dropped
            dropped = 0
            return display(sign(count), answer: false, at: now)
        }
        return display(queued.removeFirst(), answer: false, at: now)
    }

    mutating func display(_ rendering: BrailleRendering, answer: Bool, at now: Duration) -> [Action] {
        message = Shown(rendering: rendering)
        messageAnswers = answer
        messageShownAt = now
        messageUntil = now + messageTime(message)
        return write(at: now)
    }

    /// A full queue drops its oldest news, counted for the sign.
    mutating func trimQueue() {
        guard queued.count > Self.queueLimit else { return }
        dropped += queued.count - Self.queueLimit
        queued.removeFirst(queued.count - Self.queueLimit)
    }

    /// The display has `cells` cells now (at connection, or when it changes).
    public mutating func resize(_ cells: Int) -> [Action] {
        width = max(1, cells)
        written = nil
        if var focus {
            focus.start = Self.start(
                keeping: focus.rendering.caretCell, from: 0, in: focus.rendering, width: cutWidth(focus.rendering))
            self.focus = focus
        }
        if message != nil { message?.start = 0 }
        return write(at: nil)
    }

    /// The connection was made again: write what is shown even if it has not changed.
    public mutating func reconnected(width cells: Int) -> [Action] {
        written = nil
        return resize(cells)
    }
}
