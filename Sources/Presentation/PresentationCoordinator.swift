import Accessibility

/// Runs sheets one transition at a time, and queues what arrives meanwhile.
///
/// "Think horizontally": a present or dismiss requested while a sheet is presenting or
/// dismissing is **queued** and carried out, in order, once ``transitionFinished()`` ends the
/// running transition — never dropped. Gestures (expand, compress, pans) during a transition
/// are ignored, as PanModal ignores them. With Reduce Motion transitions complete at once and
/// nothing ever waits.
///
/// ## A sheet over a sheet: stacking
/// Presenting while a sheet is up **stacks** the new sheet on top (PanModal #151 asked for this
/// to be safe). The lower sheet stays where it is but becomes inert (``isInert(_:)``): it leaves
/// the navigation order, gets no events, and a pan on it is cancelled. The new sheet's
/// appearance is the one announcement (`screenChanged` into it). Dismissing the top sheet
/// returns focus to the element that opened it — usually an action of the sheet below, which
/// is active again. Escape and dismiss always address the top sheet.
///
/// ## What each sheet is
/// Each entry carries the caller's `Payload` (the app's kind of sheet: message actions, the
/// emoji picker) given when it was requested, queued with it, and the last frame drawn for it,
/// so the caller keeps no table beside the coordinator. ``NoPayload`` serves a caller that
/// needs none.
///
/// ```swift
/// var coordinator = PresentationCoordinator(terminalRows: 24)
/// coordinator.present(messageActions, openedBy: "message.42")  // [.sheet(1, .draw(steps))]
/// coordinator.dismiss(.escape)                                  // [.queued(.dismiss(.escape))]
/// coordinator.transitionFinished()
/// // [.sheet(1, .settle([], .screenChanged(focus: "reply", …))), .sheet(1, .draw(steps))]
/// ```
public struct PresentationCoordinator<Payload: Hashable & Sendable>: Hashable, Sendable {
    /// A present or dismiss, as queued while a transition runs.
    public enum Request: Hashable, Sendable {
        /// Present a sheet showing `payload`; focus returns to `openedBy` when it goes.
        case present(SheetConfiguration, openedBy: String?, payload: Payload)
        /// Dismiss the top sheet.
        case dismiss(Sheet.DismissReason)
    }

    /// What the caller must do; events return these in order.
    public enum Action: Hashable, Sendable {
        /// Draw or announce for one sheet.
        case sheet(SheetID, Sheet.Action)
        /// The request waits for the running transition; it will be carried out after it.
        case queued(Request)
    }

    /// One presented sheet.
    public struct Entry: Hashable, Sendable {
        /// The sheet's name in actions.
        public let id: SheetID
        /// The sheet's state machine.
        public internal(set) var sheet: Sheet
        /// What the caller presented it for.
        public let payload: Payload
        /// The last frame drawn for it (its height in rows and the dim behind it); nil before
        /// its first step.
        public internal(set) var frame: PresentationFrame?
    }

    /// Presented sheets, bottom first; all but the last are inert.
    public private(set) var entries: [Entry] = []
    /// Requests waiting for the running transition, oldest first.
    public private(set) var pending: [Request] = []
    /// Rows of the terminal.
    public private(set) var terminalRows: Int
    /// Complete transitions at once; applies to every sheet.
    public var reduceMotion: Bool {
        didSet {
            for index in entries.indices { entries[index].sheet.reduceMotion = reduceMotion }
        }
    }
    private var lastID = 0

    /// A coordinator with no sheets, whose sheets will carry `Payload`.
    ///
    /// ```swift
    /// var coordinator = PresentationCoordinator(terminalRows: 24, reduceMotion: true, payloads: SheetKind.self)
    /// ```
    public init(terminalRows: Int, reduceMotion: Bool = false, payloads: Payload.Type) {
        self.terminalRows = max(terminalRows, 1)
        self.reduceMotion = reduceMotion
    }

    /// The top sheet, which gets events; nil when no sheet is up.
    public var activeSheet: Entry? { entries.last }

    /// Whether a sheet is presenting or dismissing.
    public var isTransitioning: Bool {
        guard let top = entries.last else { return false }
        return !top.sheet.state.isResting
    }

    /// Whether any sheet is up (or on its way up or down).
    public var hasSheet: Bool { !entries.isEmpty }

    /// Whether the sheet `id` is under another one: out of the navigation order, no events.
    public func isInert(_ id: SheetID) -> Bool {
        guard let top = entries.last else { return false }
        return top.id != id && entries.contains { $0.id == id }
    }

    /// Present a sheet (stacking over any sheet that is up), or queue it during a transition.
    ///
    /// ```swift
    /// coordinator.present(messageActions, openedBy: "message.42", payload: .messageActions(42))
    /// ```
    public mutating func present(
        _ configuration: SheetConfiguration, openedBy opener: String?, payload: Payload
    ) -> [Action] {
        perform(.present(configuration, openedBy: opener, payload: payload))
    }

    /// Dismiss the top sheet, or queue the dismissal during a transition.
    ///
    /// Returns no actions when no sheet is up, or when tap outside is not allowed.
    ///
    /// ```swift
    /// coordinator.dismiss(.escape)
    /// ```
    public mutating func dismiss(_ reason: Sheet.DismissReason) -> [Action] {
        perform(.dismiss(reason))
    }

    /// The running transition finished: settle it, then carry out queued requests in order
    /// until one starts a new transition or none is left.
    ///
    /// ```swift
    /// coordinator.transitionFinished()
    /// ```
    public mutating func transitionFinished() -> [Action] {
        guard !entries.isEmpty else { return [] }
        var actions = forward { $0.transitionFinished() }
        while !isTransitioning, !pending.isEmpty {
            let next = pending.removeFirst()
            actions += carryOut(next)
        }
        return actions
    }

    /// Expand the top sheet (ignored during a transition).
    public mutating func expand() -> [Action] { forward { $0.expand() } }

    /// Compress the top sheet (ignored during a transition).
    public mutating func compress() -> [Action] { forward { $0.compress() } }

    /// A drag began on the top sheet (ignored during a transition).
    public mutating func panBegan(contentOffset: Int = 0) -> [Action] {
        forward { $0.panBegan(contentOffset: contentOffset) }
    }

    /// The drag on the top sheet moved.
    public mutating func panChanged(translation: Int) -> [Action] {
        forward { $0.panChanged(translation: translation) }
    }

    /// The drag on the top sheet was released.
    public mutating func panEnded(velocity: PanVelocity) -> [Action] {
        forward { $0.panEnded(velocity: velocity) }
    }

    /// The terminal changed size: every sheet resolves its heights again.
    public mutating func resize(terminalRows rows: Int) -> [Action] {
        terminalRows = max(rows, 1)
        var actions: [Action] = []
        for index in entries.indices {
            let action = entries[index].sheet.resize(terminalRows: terminalRows)
            note(action, at: index)
            if action != .none { actions.append(.sheet(entries[index].id, action)) }
        }
        return actions
    }

    // MARK: - Internals

    private mutating func perform(_ request: Request) -> [Action] {
        if isTransitioning {
            pending.append(request)
            return [.queued(request)]
        }
        return carryOut(request)
    }

    private mutating func carryOut(_ request: Request) -> [Action] {
        switch request {
        case .present(let configuration, let opener, let payload):
            var actions: [Action] = []
            if let top = entries.indices.last {
                let cancelled = entries[top].sheet.cancelPan()
                note(cancelled, at: top)
                if cancelled != .none { actions.append(.sheet(entries[top].id, cancelled)) }
            }
            lastID += 1
            var sheet = Sheet(
                configuration: configuration, terminalRows: terminalRows, reduceMotion: reduceMotion)
            let action = sheet.present(openedBy: opener)
            entries.append(Entry(id: SheetID(rawValue: lastID), sheet: sheet, payload: payload))
            note(action, at: entries.count - 1)
            actions.append(.sheet(SheetID(rawValue: lastID), action))
            return actions
        case .dismiss(let reason):
            return forward { $0.dismiss(reason) }
        }
    }

    /// Send an event to the top sheet, and drop it from the stack once it is dismissed.
    private mutating func forward(_ event: (inout Sheet) -> Sheet.Action) -> [Action] {
        guard let top = entries.indices.last else { return [] }
        let action = event(&entries[top].sheet)
        note(action, at: top)
        let id = entries[top].id
        if entries[top].sheet.state == .dismissed { entries.removeLast() }
        return action == .none ? [] : [.sheet(id, action)]
    }

    /// Keeps the last frame `action` draws for the sheet at `index`.
    private mutating func note(_ action: Sheet.Action, at index: Int) {
        switch action {
        case .none: break
        case .draw(let frames), .settle(let frames, _):
            if let last = frames.last { entries[index].frame = last }
        case .track(let frame, _):
            entries[index].frame = frame
        }
    }
}

/// The payload of a coordinator whose sheets need nothing beside their configuration.
public struct NoPayload: Hashable, Sendable {
    public init() {}
}

extension PresentationCoordinator where Payload == NoPayload {
    /// A coordinator with no sheets, whose sheets carry nothing.
    public init(terminalRows: Int, reduceMotion: Bool = false) {
        self.init(terminalRows: terminalRows, reduceMotion: reduceMotion, payloads: NoPayload.self)
    }

    /// Present a sheet (stacking over any sheet that is up), or queue it during a transition.
    public mutating func present(_ configuration: SheetConfiguration, openedBy opener: String?) -> [Action] {
        present(configuration, openedBy: opener, payload: NoPayload())
    }
}

extension PresentationCoordinator.Request where Payload == NoPayload {
    /// Present a sheet that carries nothing.
    public static func present(_ configuration: SheetConfiguration, openedBy opener: String?) -> Self {
        .present(configuration, openedBy: opener, payload: NoPayload())
    }
}
