import Accessibility

/// A drawer with three heights (the Siri Shortcuts drawer), as a state machine without I/O.
///
/// ``State/compressed`` and ``State/expanded`` are not modal: the drawer and the content behind
/// are both in the navigation order. ``State/fullHeight`` is modal (``isModal``) and dims the
/// content behind by ``dim``, the progress from the expanded to the full height (0…1).
///
/// Every change of state produces exactly one notification, "Channels, a few shown"
/// (likewise "compressed" and "full height"): `screenChanged` focusing the drawer when it
/// becomes modal, `layoutChanged` otherwise. Drawing steps are never spoken; with
/// ``reduceMotion`` only the final step is returned.
///
/// ## The hand-off between the list and the drawer
/// One pan moves the drawer and scrolls its list without a second gesture. Moving *up through
/// the list* means the finger (or mouse) moves down, toward the list's first row:
/// - dragging down first scrolls the list back to its top; once the list is at its top the rest
///   of the same drag collapses the drawer;
/// - dragging up first raises the drawer; once it is full height the rest scrolls the list.
///
/// A release snaps by velocity and distance
/// (``releaseTarget(height:velocity:compressed:expanded:full:)``); a pan that only scrolled the
/// list leaves the drawer where it is.
///
/// ```swift
/// var drawer = Drawer(configuration: channels, terminalRows: 24)
/// drawer.expand()  // .settle(steps, .layoutChanged(focus: nil, announcing: "Channels, a few shown"))
/// ```
public struct Drawer: Hashable, Sendable {
    /// How far the drawer is open.
    public enum State: Hashable, Sendable, CaseIterable {
        /// A peek at the drawer; not modal.
        case compressed
        /// Drawer and content share the screen; not modal.
        case expanded
        /// The drawer fills the screen; modal, content behind dimmed.
        case fullHeight
    }

    /// What the caller must do after an event.
    public enum Action: Hashable, Sendable {
        /// The event does not apply in this state; nothing changed.
        case none
        /// Draw these steps in order; nothing is spoken.
        case draw([PresentationFrame])
        /// Follow the pointer: draw the frame and scroll the list to `listOffset` rows from its top.
        case track(PresentationFrame, listOffset: Int)
        /// The state changed: draw the steps, then post the notification.
        case settle([PresentationFrame], PanelNotification)
    }

    /// The drawer's name and heights.
    public let configuration: DrawerConfiguration
    /// How far the drawer is open.
    public internal(set) var state: State
    /// Rows of the terminal the drawer is drawn in.
    public internal(set) var terminalRows: Int
    /// Complete transitions at once, with no intermediate drawing steps.
    public var reduceMotion: Bool
    /// The pan in progress, if any.
    var pan: PanelPan?

    /// A drawer in `state` (compressed unless told) in a terminal of `terminalRows` rows.
    ///
    /// ```swift
    /// let drawer = Drawer(configuration: channels, terminalRows: 24, state: .expanded)
    /// ```
    public init(
        configuration: DrawerConfiguration, terminalRows: Int, state: State = .compressed,
        reduceMotion: Bool = false
    ) {
        self.configuration = configuration
        self.terminalRows = max(terminalRows, 1)
        self.state = state
        self.reduceMotion = reduceMotion
    }
}

// MARK: - Geometry

extension Drawer {
    /// Rows at full height.
    public var fullHeight: Int { configuration.fullHeight.resolved(terminalRows: terminalRows) }

    /// Rows when expanded; never above the full height.
    public var expandedHeight: Int {
        min(configuration.expandedHeight.resolved(terminalRows: terminalRows), fullHeight)
    }

    /// Rows when compressed; never above the expanded height.
    public var compressedHeight: Int {
        min(configuration.compressedHeight.resolved(terminalRows: terminalRows), expandedHeight)
    }

    /// Rows of a state.
    public func height(of state: State) -> Int {
        switch state {
        case .compressed: compressedHeight
        case .expanded: expandedHeight
        case .fullHeight: fullHeight
        }
    }

    /// Rows the drawer occupies now, following a pan while one is in progress.
    public var height: Int { pan?.height ?? height(of: state) }

    /// Whether a pan is in progress.
    public var isPanning: Bool { pan != nil }

    /// Whether the drawer traps focus: only at full height.
    public var isModal: Bool { state == .fullHeight }

    /// How dim the content behind is now: the progress from expanded to full height, 0…1.
    public var dim: Double { dim(height: Double(height)) }

    /// Progress from the expanded to the full height at `height` rows, clamped to 0…1.
    ///
    /// When the two heights coincide (a very short terminal) the drawer is fully dimmed at
    /// that height only in ``State/fullHeight``.
    func dim(height: Double) -> Double {
        let span = Double(fullHeight - expandedHeight)
        guard span > 0 else { return state == .fullHeight && height >= Double(fullHeight) ? 1 : 0 }
        return min(max((height - Double(expandedHeight)) / span, 0), 1)
    }

    func frame(height: Double) -> PresentationFrame {
        PresentationFrame(height: rows(height: height), dim: dim(height: height))
    }
}

extension Drawer: DetentedPanel {}
