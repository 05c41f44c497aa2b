/// The display's keys: panning, routing, reading at the reader's pace.
extension BrailleDisplay {
    /// A key on the display.
    public mutating func command(_ command: Command, at now: Duration) -> [Action] {
        if message != nil {
            switch command {
            case .panLeft, .panRight:
                // A long message pans like the focus does, and stays while it is read.
                if var shown = message,
                    let start = Self.panned(shown, right: command == .panRight, width: messageWidth(shown.rendering))
                {
                    shown.start = start
                    message = shown
                    messageUntil = now + messageTime(shown)
                    return write(at: now)
                }
            default: break
            }
            // A display key dismisses it: the next waiting news shows, at the reader's pace, else
            // the focus. Line up and line down also move, as they would have (a key met by a
            // title that came a moment after the focus is not lost); routing only dismisses,
            // since its cell was over the message.
            newsHeldUntil = nil
            let shown = nextMessage(at: now)
            switch command {
            case .lineUp: return shown + [.report(.previous)]
            case .lineDown: return shown + [.report(.next)]
            default: return shown
            }
        }
        guard var shown = focus else { return [] }
        switch command {
        case .route(let cell):
            // Over the sign that more follows: past the text shown, as past a line's end.
            guard cell < cutWidth(shown.rendering) else { return [.report(.route(nil))] }
            let index = shown.start + cell
            let character = index < shown.rendering.characterOfCell.count ? shown.rendering.characterOfCell[index] : nil
            return [.report(.route(character))]
        case .panLeft, .panRight:
            guard let start = Self.panned(shown, right: command == .panRight, width: cutWidth(shown.rendering)) else {
                enteringFromEnd = command == .panLeft
                // Panned on past the end: the line has been read through.
                return (command == .panRight ? read() : []) + [.report(command == .panRight ? .next : .previous)]
            }
            shown.start = start
            focus = shown
            return write(at: now)
        case .lineUp: return [.report(.previous)]
        case .lineDown: return [.report(.next)]
        }
    }

    /// The focus's element reported read, once (paced reading only).
    mutating func read() -> [Action] {
        lastWindowSince = nil
        guard restLength != nil, let element = focus?.rendering.line.element, reportedRead != element else { return [] }
        reportedRead = element
        return [.report(.read(element))]
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
        let page = starts.last { $0 <= caret } ?? 0
        // The caret on the blank after the text, which alone would make a page: the window ends
        // there instead, the text before it in view (a blank display read as an empty field).
        // (An empty field's caret keeps its page: the label cut to make room says nothing.)
        if page == caret, caret > (rendering.line.fieldStart ?? 0), caret >= rendering.count - 1 {
            return max(0, caret - width + 1)
        }
        return page
    }

    /// Writes what is shown, if it changed; notes when the focus's last window began to show
    /// uncovered (`now` nil: the time is not known, and the rest starts at the next event).
    mutating func write(at now: Duration?) -> [Action] {
        if message == nil, let focus, focus.rendering.line.element != reportedRead,
            focus.start == (focus.rendering.windowStarts(width: cutWidth(focus.rendering)).last ?? 0)
        {
            if lastWindowSince == nil { lastWindowSince = now }
        } else {
            lastWindowSince = nil
        }
        guard let shown = message ?? focus else { return [] }
        let cut = cutWidth(shown.rendering)
        var window = shown.rendering.window(from: shown.start, width: cut)
        if cut < width {
            // A line longer than the display (news or the focus): each window but the last ends
            // in a sign that more follows (panning shows it).
            let more = shown.rendering.windowStarts(width: cut).contains { $0 > shown.start }
            window.append(more ? Self.moreFollows : ("  ", [0, 0]))
        }
        guard window != written else { return [] }
        written = window
        return [.write(window)]
    }
}
