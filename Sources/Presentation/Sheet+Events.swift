import Accessibility

extension Sheet {
    /// Present the sheet in its short form; focus returns to `opener` when it is dismissed.
    ///
    /// From ``State/dismissed`` only; otherwise ``Action/none``.
    ///
    /// ```swift
    /// sheet.present(openedBy: "message.42")  // .draw(steps) — then transitionFinished()
    /// ```
    public mutating func present(openedBy opener: String?) -> Action {
        guard state == .dismissed else { return .none }
        openerIdentifier = opener
        let steps = frames(from: 0, to: shortFormHeight)
        if reduceMotion {
            state = .shortForm
            return .settle(steps, appearNotification)
        }
        state = .presenting
        return .draw(steps)
    }

    /// Grow to the long form (Shift-Up, or the "More actions" button).
    ///
    /// From ``State/shortForm`` only (cancelling a pan in progress); otherwise ``Action/none``.
    ///
    /// ```swift
    /// sheet.expand()  // .settle(steps, .layoutChanged(focus: "edit", announcing: "All 9 actions"))
    /// ```
    public mutating func expand() -> Action {
        guard state == .shortForm else { return .none }
        let start = height
        pan = nil
        state = .longForm
        return .settle(frames(from: start, to: longFormHeight), expandNotification)
    }

    /// Shrink to the short form (Shift-Down).
    ///
    /// From ``State/longForm`` only (cancelling a pan in progress); otherwise ``Action/none``.
    /// Compressing never dismisses.
    ///
    /// ```swift
    /// sheet.compress()  // .settle(steps, .layoutChanged(focus: "Message actions.more-actions", announcing: "4 of 9 shown"))
    /// ```
    public mutating func compress() -> Action {
        guard state == .longForm else { return .none }
        let start = height
        pan = nil
        state = .shortForm
        return .settle(frames(from: start, to: shortFormHeight), compressNotification)
    }

    /// Dismiss the sheet by Escape or the "tap outside" equivalent.
    ///
    /// From ``State/shortForm`` or ``State/longForm`` (cancelling a pan in progress). Escape
    /// always dismisses; tap outside only when ``SheetConfiguration/allowsTapToDismiss``.
    ///
    /// ```swift
    /// sheet.dismiss(.escape)  // .draw(steps) — then transitionFinished()
    /// ```
    public mutating func dismiss(_ reason: DismissReason) -> Action {
        guard state == .shortForm || state == .longForm else { return .none }
        if reason == .tapOutside && !configuration.allowsTapToDismiss { return .none }
        let start = height
        pan = nil
        return beginDismissal(from: start)
    }

    /// The transition being drawn has finished.
    ///
    /// ``State/presenting`` comes to rest in the short form and ``State/dismissing`` in
    /// dismissed, each with its one notification; in any other state ``Action/none``.
    ///
    /// ```swift
    /// sheet.transitionFinished()  // .settle([], .screenChanged(focus: "reply", announcing: "…"))
    /// ```
    public mutating func transitionFinished() -> Action {
        switch state {
        case .presenting:
            state = .shortForm
            return .settle([], appearNotification)
        case .dismissing:
            state = .dismissed
            return .settle([], dismissNotification)
        case .dismissed, .shortForm, .longForm:
            return .none
        }
    }

    /// A drag on the grabber or the content began; `contentOffset` is how many rows the
    /// sheet's content is scrolled from its top (0 on the grabber or with the content at top).
    ///
    /// From ``State/shortForm`` or ``State/longForm`` with no pan in progress. A pan that
    /// begins with the content scrolled is guarded: it cannot dismiss the sheet.
    ///
    /// ```swift
    /// sheet.panBegan(contentOffset: 0)  // .track(frame, contentOffset: 0)
    /// ```
    public mutating func panBegan(contentOffset: Int = 0) -> Action {
        guard state == .shortForm || state == .longForm, pan == nil else { return .none }
        let offset = max(contentOffset, 0)
        let start = restingHeight(for: state)
        pan = PanelPan(height: start, offset: offset, maximumOffset: offset)
        return .track(frame(height: Double(start)), contentOffset: offset)
    }

    /// The drag moved: `translation` rows since it began, positive downward.
    ///
    /// Downward movement first scrolls the content back to its top, then lowers the sheet
    /// (to 0 at most); upward movement raises it up to ``maximumPanHeight``.
    ///
    /// ```swift
    /// sheet.panChanged(translation: 3)  // .track(frame 3 rows lower, contentOffset: 0)
    /// ```
    public mutating func panChanged(translation: Int) -> Action {
        guard var moving = pan else { return .none }
        if translation >= 0 {
            moving.dragDown(translation, floor: 0)
        } else {
            moving.offset = moving.startOffset
            moving.height = min(moving.startHeight - translation, max(maximumPanHeight, moving.startHeight))
        }
        pan = moving
        return .track(frame(height: Double(moving.height)), contentOffset: moving.offset)
    }

    /// The drag was released at `velocity`: snap to the short form, the long form or dismiss.
    ///
    /// See ``releaseTarget(height:velocity:shortForm:longForm:canDismiss:)``. Snapping back to
    /// the same form only draws; a new resting state is announced once.
    ///
    /// ```swift
    /// sheet.panEnded(velocity: .rowsPerSecond(-30))  // fling up: .settle(steps, "All 9 actions")
    /// ```
    public mutating func panEnded(velocity: PanVelocity) -> Action {
        guard let released = pan else { return .none }
        pan = nil
        let target = Self.releaseTarget(
            height: released.height, velocity: velocity,
            shortForm: shortFormHeight, longForm: longFormHeight,
            canDismiss: configuration.allowsDragToDismiss && released.startOffset == 0)
        switch target {
        case .dismissed:
            return beginDismissal(from: released.height)
        case .shortForm, .longForm:
            let steps = frames(from: released.height, to: restingHeight(for: target))
            guard target != state else { return .draw(steps) }
            state = target
            return .settle(steps, target == .longForm ? expandNotification : compressNotification)
        case .presenting, .dismissing:
            return .none
        }
    }

    /// The terminal changed size; heights are resolved again.
    ///
    /// Draws the sheet at its new height when it rests in a form; never spoken.
    ///
    /// ```swift
    /// sheet.resize(terminalRows: 40)  // .draw([frame])
    /// ```
    public mutating func resize(terminalRows rows: Int) -> Action {
        terminalRows = max(rows, 1)
        guard state == .shortForm || state == .longForm else { return .none }
        let (floor, ceiling) = (0, PresentationHeight.maximum(terminalRows: terminalRows))
        pan?.clamp(floor: floor, ceiling: ceiling)
        return .draw([frame(height: Double(height))])
    }

    /// Drop a pan in progress and return to the resting form, drawn but not spoken.
    ///
    /// Used when another sheet is presented on top of this one, which becomes inert.
    mutating func cancelPan() -> Action {
        guard let moving = pan else { return .none }
        pan = nil
        return .draw(frames(from: moving.height, to: restingHeight(for: state)))
    }

    private mutating func beginDismissal(from start: Int) -> Action {
        let steps = frames(from: start, to: 0)
        if reduceMotion {
            state = .dismissed
            return .settle(steps, dismissNotification)
        }
        state = .dismissing
        return .draw(steps)
    }
}
