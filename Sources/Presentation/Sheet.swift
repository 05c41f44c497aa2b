import Accessibility

/// A sheet with a short and a long form (Slack's PanModal), as a state machine without I/O.
///
/// Feed it events (``present(openedBy:)``, ``expand()``, ``compress()``, ``dismiss(_:)``, the
/// pan events and ``transitionFinished()``); each returns an ``Action`` to draw and announce.
///
/// ## States
/// ``State/dismissed``, ``State/shortForm`` and ``State/longForm`` are *resting* states;
/// ``State/presenting`` and ``State/dismissing`` last while a transition is drawn, and end with
/// ``transitionFinished()``. With ``reduceMotion`` a transition completes at once and the
/// transient states are never entered. While a transition runs every other event is ignored;
/// ``PresentationCoordinator`` queues presents and dismisses so none is lost.
///
/// ## Announcements
/// Every change of resting state produces exactly one notification, posted when the sheet comes
/// to rest (as UIKit posts `screenChanged` once a presentation completes):
/// - appears: `screenChanged` focusing the first element, "Message actions, 4 of 9 shown. More actions shows the rest";
/// - expand: `layoutChanged` focusing the first newly shown action, "All 9 actions";
/// - compress: `layoutChanged` focusing the "More actions" button, "4 of 9 shown";
/// - dismiss: `screenChanged` returning focus to the element that opened the sheet.
/// Drawing steps (height and dim) are never spoken.
///
/// ## Pans
/// A pan is measured in rows, positive downward, cumulative since it began (as
/// `UIPanGestureRecognizer.translation(in:)`). On release a fling (faster than
/// ``PanVelocity/flingThreshold``) snaps by direction, a slow release to the nearest of
/// dismissed, short and long form (see ``releaseTarget(height:velocity:shortForm:longForm:canDismiss:)``).
/// **Dismiss guard:** a pan that begins while the content is scrolled (``panBegan(contentOffset:)``
/// with an offset above 0) first scrolls the content back to its top and then moves the sheet,
/// but cannot dismiss it; the user must release and drag again.
///
/// ```swift
/// var sheet = Sheet(configuration: actions, terminalRows: 24)
/// sheet.reduceMotion = true
/// sheet.present(openedBy: "message.42")
/// // .settle([frame], .screenChanged(focus: "reply",
/// //     announcing: "Message actions, 4 of 9 shown. More actions shows the rest"))
/// sheet.dismiss(.escape)
/// // .settle([frame], .screenChanged(focus: "message.42", announcing: nil))
/// ```
public struct Sheet: Hashable, Sendable {
    /// Where the sheet is.
    public enum State: Hashable, Sendable, CaseIterable {
        /// Not on screen.
        case dismissed
        /// Moving in to the short form; ends with ``Sheet/transitionFinished()``.
        case presenting
        /// Resting at the short form.
        case shortForm
        /// Resting at the long form.
        case longForm
        /// Moving out; ends with ``Sheet/transitionFinished()``.
        case dismissing

        /// Whether this is a resting state (not a running transition).
        public var isResting: Bool { self != .presenting && self != .dismissing }
    }

    /// What dismissed the sheet. Dragging down dismisses through the pan events.
    public enum DismissReason: Hashable, Sendable, CaseIterable {
        /// The Escape key (VoiceOver's two-finger scrub). Always dismisses.
        case escape
        /// The "tap outside" equivalent: activating the dimmed area. Needs ``SheetConfiguration/allowsTapToDismiss``.
        case tapOutside
    }

    /// What the caller must do after an event.
    public enum Action: Hashable, Sendable {
        /// The event does not apply in this state; nothing changed.
        case none
        /// Draw these steps in order; nothing is spoken. When the sheet is now
        /// ``State/presenting`` or ``State/dismissing``, send ``Sheet/transitionFinished()``
        /// after the last step.
        case draw([PresentationFrame])
        /// Follow the pointer during a pan: draw the frame and scroll the content to
        /// `contentOffset` rows from its top. Nothing is spoken.
        case track(PresentationFrame, contentOffset: Int)
        /// The resting state changed: draw the steps (possibly none), then post the notification.
        case settle([PresentationFrame], PanelNotification)
    }

    /// What the sheet shows and how it may move.
    public let configuration: SheetConfiguration
    /// Where the sheet is.
    public internal(set) var state: State = .dismissed
    /// Rows of the terminal the sheet is drawn in.
    public internal(set) var terminalRows: Int
    /// Complete transitions at once, with no intermediate drawing steps.
    public var reduceMotion: Bool
    /// Identifier of the element that opened the sheet; focus returns there on dismissal.
    public internal(set) var openerIdentifier: String?
    /// The pan in progress, if any; one that began with the content scrolled may not dismiss.
    var pan: PanelPan?

    /// A dismissed sheet in a terminal of `terminalRows` rows.
    ///
    /// ```swift
    /// let sheet = Sheet(configuration: actions, terminalRows: 24)
    /// ```
    public init(configuration: SheetConfiguration, terminalRows: Int, reduceMotion: Bool = false) {
        self.configuration = configuration
        self.terminalRows = max(terminalRows, 1)
        self.reduceMotion = reduceMotion
    }
}

// MARK: - Geometry

extension Sheet {
    /// Rows of the long form.
    public var longFormHeight: Int {
        configuration.longFormHeight.resolved(terminalRows: terminalRows)
    }

    /// Rows of the short form; never taller than the long form (as PanModal).
    public var shortFormHeight: Int {
        min(configuration.shortFormHeight.resolved(terminalRows: terminalRows), longFormHeight)
    }

    /// The tallest a drag may pull the sheet: the long form when anchored, else the maximum.
    public var maximumPanHeight: Int {
        configuration.anchorModalToLongForm
            ? longFormHeight : PresentationHeight.maximum(terminalRows: terminalRows)
    }

    /// Rows the sheet occupies now, following a pan while one is in progress.
    public var height: Int {
        if let pan { return pan.height }
        return restingHeight(for: state)
    }

    /// Whether a pan is in progress.
    public var isPanning: Bool { pan != nil }

    /// Identifiers of the actions shown now (the first ones in short form, all in long form).
    public var visibleActionIdentifiers: [String] {
        switch state {
        case .dismissed: []
        case .presenting, .shortForm, .dismissing:
            Array(configuration.actionIdentifiers.prefix(configuration.shortFormVisibleCount))
        case .longForm: configuration.actionIdentifiers
        }
    }

    /// Whether the "More actions" button is shown now.
    public var showsMoreActionsButton: Bool {
        state != .longForm && state != .dismissed && configuration.hasMoreActions
    }

    func restingHeight(for state: State) -> Int {
        switch state {
        case .dismissed, .dismissing: 0
        case .presenting, .shortForm: shortFormHeight
        case .longForm: longFormHeight
        }
    }

    /// The frame for a sheet `height` rows tall: the dim fades as the sheet drops below its
    /// short form (as PanModal's dimmed view does).
    func frame(height: Double) -> PresentationFrame {
        let progress = shortFormHeight > 0 ? min(max(height / Double(shortFormHeight), 0), 1) : 0
        return PresentationFrame(height: rows(height: height), dim: configuration.dimLevel * progress)
    }
}

extension Sheet: DetentedPanel {}
