import Accessibility

extension Drawer {
    /// Open one step: compressed → expanded → full height (Shift-Up).
    ///
    /// ```swift
    /// drawer.expand()  // .settle(steps, "Channels, a few shown")
    /// ```
    public mutating func expand() -> Action {
        switch state {
        case .compressed: move(to: .expanded)
        case .expanded: move(to: .fullHeight)
        case .fullHeight: .none
        }
    }

    /// Close one step: full height → expanded → compressed (Shift-Down).
    ///
    /// ```swift
    /// drawer.compress()  // .settle(steps, "Channels, search only")
    /// ```
    public mutating func compress() -> Action {
        switch state {
        case .compressed: .none
        case .expanded: move(to: .compressed)
        case .fullHeight: move(to: .expanded)
        }
    }

    /// Close all the way to compressed (what Escape does to an open drawer).
    ///
    /// ```swift
    /// drawer.collapse()  // from full height: .settle(steps, "Channels, search only")
    /// ```
    public mutating func collapse() -> Action {
        state == .compressed ? .none : move(to: .compressed)
    }

    /// Go straight to `target`, cancelling a pan in progress.
    ///
    /// ```swift
    /// drawer.move(to: .fullHeight)  // .settle(steps, .screenChanged(focus: "channels.list", …))
    /// ```
    public mutating func move(to target: State) -> Action {
        let start = height
        pan = nil
        let steps = frames(from: start, to: height(of: target))
        guard target != state else { return .draw(steps) }
        state = target
        return .settle(steps, notification)
    }

    /// A drag on the drawer began; its list is scrolled `listOffset` rows from its top and can
    /// scroll at most `maximumListOffset` rows.
    ///
    /// ```swift
    /// drawer.panBegan(listOffset: 5, maximumListOffset: 40)  // .track(frame, listOffset: 5)
    /// ```
    public mutating func panBegan(listOffset: Int = 0, maximumListOffset: Int = 0) -> Action {
        guard pan == nil else { return .none }
        let maximum = max(maximumListOffset, 0)
        let offset = min(max(listOffset, 0), maximum)
        let start = height(of: state)
        pan = PanelPan(height: start, offset: offset, maximumOffset: maximum)
        return .track(frame(height: Double(start)), listOffset: offset)
    }

    /// The drag moved: `translation` rows since it began, positive downward.
    ///
    /// Down: the list scrolls to its top first, then the drawer collapses (down to compressed).
    /// Up: the drawer rises first (up to full height), then the list scrolls.
    ///
    /// ```swift
    /// drawer.panChanged(translation: 8)  // list from 5 to 0, then the drawer 3 rows lower
    /// ```
    public mutating func panChanged(translation: Int) -> Action {
        guard var moving = pan else { return .none }
        if translation >= 0 {
            moving.dragDown(translation, floor: compressedHeight)
        } else {
            let distance = -translation
            let room = max(fullHeight - moving.startHeight, 0)
            let raised = min(distance, room)
            moving.height = moving.startHeight + raised
            moving.offset = min(moving.startOffset + (distance - raised), moving.maximumOffset)
            if moving.height != moving.startHeight { moving.moved = true }
        }
        pan = moving
        return .track(frame(height: Double(moving.height)), listOffset: moving.offset)
    }

    /// The drag was released at `velocity`: snap by velocity and distance.
    ///
    /// A pan that only scrolled the list returns `.draw([])`: the drawer stays put.
    ///
    /// ```swift
    /// drawer.panEnded(velocity: .rowsPerSecond(-30))  // fling up: next height up
    /// ```
    public mutating func panEnded(velocity: PanVelocity) -> Action {
        guard let released = pan else { return .none }
        pan = nil
        guard released.moved else {
            return .draw([])
        }
        let target = Self.releaseTarget(
            height: released.height, velocity: velocity,
            compressed: compressedHeight, expanded: expandedHeight, full: fullHeight)
        let steps = frames(from: released.height, to: height(of: target))
        guard target != state else { return .draw(steps) }
        state = target
        return .settle(steps, notification)
    }

    /// The terminal changed size; heights are resolved again. Drawn, never spoken.
    ///
    /// ```swift
    /// drawer.resize(terminalRows: 40)  // .draw([frame])
    /// ```
    public mutating func resize(terminalRows rows: Int) -> Action {
        terminalRows = max(rows, 1)
        let (floor, ceiling) = (compressedHeight, fullHeight)
        pan?.clamp(floor: floor, ceiling: ceiling)
        return .draw([frame(height: Double(height))])
    }

    /// Where a released drawer comes to rest.
    ///
    /// - A fling (faster than ``PanVelocity/flingThreshold``) goes to the next height in its
    ///   direction: up, the lowest height above the drawer (else full); down, the highest
    ///   height below it (else compressed).
    /// - A slow release goes to the nearest height; ties go to the lower one.
    ///
    /// ```swift
    /// Drawer.releaseTarget(height: 14, velocity: .zero, compressed: 3, expanded: 12, full: 23)
    /// // .expanded
    /// ```
    public static func releaseTarget(
        height: Int, velocity: PanVelocity, compressed: Int, expanded: Int, full: Int
    ) -> State {
        let detents: [(State, Int)] = [(.compressed, compressed), (.expanded, expanded), (.fullHeight, full)]
        if velocity.isFling {
            if velocity.isUpward {
                return detents.first { $0.1 > height }?.0 ?? .fullHeight
            }
            return detents.last { $0.1 < height }?.0 ?? .compressed
        }
        return Detents.nearest(to: height, in: detents) ?? .compressed
    }

    /// The fact for a state ("Channels, all shown" once worded).
    public func fact(for state: State) -> PanelFact { .drawer(title: configuration.title, state: state) }

    /// The one notification for arriving in the current state.
    var notification: PanelNotification {
        if state == .fullHeight {
            return .screenChanged(focus: configuration.firstElementIdentifier, announcing: fact(for: state))
        }
        return .layoutChanged(focus: nil, announcing: fact(for: state))
    }
}
