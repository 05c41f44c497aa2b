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
///   (that key does nothing else); a new focus replaces it at once.
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
    /// Messages waiting for the one on the display to go (at most ``queueLimit``, the newest kept).
    var queued: [BrailleRendering] = []
    public static let queueLimit = 3
    /// How long the message on the display lasts from its last key (panning it gives it more).
    var messageLength: Duration = .seconds(4)
    /// The last pan went left past the start: the next focus is shown from its end.
    var enteringFromEnd = false
    /// The last window written, so an unchanged one is not written again.
    var written: BrailleWindow?

    public init(width: Int) {
        self.width = max(1, width)
    }

    /// When the message on the display ends, if one is shown.
    public var nextDeadline: Duration? { messageUntil }

    /// Whether a message covers the focus now.
    public var showsMessage: Bool { message != nil }

    /// The focus changed (or its value or caret did): shown at once, over any message.
    public mutating func show(_ rendering: BrailleRendering) -> [Action] {
        var shown = Shown(rendering: rendering)
        if let old = focus, let oldField = old.rendering.line.fieldStart, let field = rendering.line.fieldStart,
            old.rendering.line.text.prefix(oldField) == rendering.line.text.prefix(field)
        {
            // The same field edited: the window stays unless the caret leaves it.
            shown.start = old.start
        }
        shown.start = Self.start(keeping: rendering.caretCell, from: shown.start, in: rendering, width: width)
        if enteringFromEnd, rendering.caretCell == nil {
            // Panned back into the previous element: its last part, so reading backwards reads on.
            shown.start = rendering.windowStarts(width: width).last ?? 0
        }
        enteringFromEnd = false
        // The same element drawn again (read now, a reaction more) is not a move: a message on
        // the display stays. Another element, or typing in a field, takes the display.
        let sameElement =
            rendering.line.element != nil && rendering.line.element == focus?.rendering.line.element
            && rendering.line.fieldStart == nil
        focus = shown
        if !sameElement {
            message = nil
            messageUntil = nil
            queued = []
        }
        return write()
    }

    /// An announcement, shown from `now` for `length`; each pan through it gives it `length` again.
    public mutating func message(_ rendering: BrailleRendering, at now: Duration, for length: Duration) -> [Action] {
        if message != nil {
            // One at a time, each for its time: under a flood the oldest waiting ones go.
            queued.append(rendering)
            if queued.count > Self.queueLimit { queued.removeFirst(queued.count - Self.queueLimit) }
            messageLength = length
            return []
        }
        message = Shown(rendering: rendering)
        messageLength = length
        messageUntil = now + length
        return write()
    }

    /// Time passed: an expired message gives the display back to the focus.
    public mutating func tick(at now: Duration) -> [Action] {
        guard let until = messageUntil, until <= now else { return [] }
        return nextMessage(at: now)
    }

    /// The next waiting message, or the focus again.
    mutating func nextMessage(at now: Duration) -> [Action] {
        if !queued.isEmpty {
            message = Shown(rendering: queued.removeFirst())
            messageUntil = now + messageLength
        } else {
            message = nil
            messageUntil = nil
        }
        return write()
    }

    /// The display has `cells` cells now (at connection, or when it changes).
    public mutating func resize(_ cells: Int) -> [Action] {
        width = max(1, cells)
        written = nil
        if var focus {
            focus.start = Self.start(keeping: focus.rendering.caretCell, from: 0, in: focus.rendering, width: width)
            self.focus = focus
        }
        if message != nil { message?.start = 0 }
        return write()
    }

    /// The connection was made again: write what is shown even if it has not changed.
    public mutating func reconnected(width cells: Int) -> [Action] {
        written = nil
        return resize(cells)
    }

    /// A key on the display.
    public mutating func command(_ command: Command, at now: Duration) -> [Action] {
        if message != nil {
            switch command {
            case .panLeft, .panRight:
                // A long message pans like the focus does, and stays while it is read.
                if var shown = message, let start = Self.panned(shown, right: command == .panRight, width: width) {
                    shown.start = start
                    message = shown
                    messageUntil = now + messageLength
                    return write()
                }
            default: break
            }
            return nextMessage(at: now)
        }
        guard var shown = focus else { return [] }
        switch command {
        case .route(let cell):
            let index = shown.start + cell
            let character = index < shown.rendering.characterOfCell.count ? shown.rendering.characterOfCell[index] : nil
            return [.report(.route(character))]
        case .panLeft, .panRight:
            guard let start = Self.panned(shown, right: command == .panRight, width: width) else {
                enteringFromEnd = command == .panLeft
                return [.report(command == .panRight ? .next : .previous)]
            }
            shown.start = start
            focus = shown
            return write()
        case .lineUp: return [.report(.previous)]
        case .lineDown: return [.report(.next)]
        }
    }

    /// The next or previous window's start, or nil past either end.
    static func panned(_ shown: Shown, right: Bool, width: Int) -> Int? {
        let starts = shown.rendering.windowStarts(width: width)
        return right ? starts.first { $0 > shown.start } : starts.last { $0 < shown.start }
    }

    /// The start of a window that shows `caret`; without one, `start` if it is still a window's.
    static func start(keeping caret: Int?, from start: Int, in rendering: BrailleRendering, width: Int) -> Int {
        let starts = rendering.windowStarts(width: width)
        guard let caret else { return starts.contains(start) ? start : 0 }
        if starts.contains(start), caret >= start, caret < (starts.first { $0 > start } ?? Int.max) { return start }
        return starts.last { $0 <= caret } ?? 0
    }

    mutating func write() -> [Action] {
        guard let shown = message ?? focus else { return [] }
        let window = shown.rendering.window(from: shown.start, width: width)
        guard window != written else { return [] }
        written = window
        return [.write(window)]
    }
}
