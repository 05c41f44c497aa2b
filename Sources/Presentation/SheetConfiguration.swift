/// What a sheet shows and how it may move: PanModal's `PanModalPresentable`, for a terminal.
///
/// A sheet lists actions. Its short form shows the first ``shortFormActionCount`` of them and,
/// when there are more, a "More actions" button (``moreActionsIdentifier``); its long form
/// shows them all.
///
/// ## Reaching every action
/// PanModal forces the long form while VoiceOver runs. Earshot keeps the short form for
/// everyone and makes the rest **one step away**: the last element of the short form is always
/// the "More actions" button when actions are hidden, and activating it sends ``Sheet/expand()``.
/// A screen-reader user therefore hears how many actions exist when the sheet appears
/// ("Message actions, 4 of 9 shown. More actions shows the rest"), reaches every action by moving to
/// the end and pressing Enter once, and keeps the short form's shorter list for the common case.
///
/// ```swift
/// var actions = SheetConfiguration(
///     title: "Message actions",
///     actionIdentifiers: ["reply", "react", "copy", "pin", "edit", "delete", "mark", "share", "info"],
///     shortFormActionCount: 4)
/// actions.allowsTapToDismiss = false
/// ```
public struct SheetConfiguration: Hashable, Sendable {
    /// Spoken name of the sheet: "Message actions".
    public var title: String
    /// Identifiers of the sheet's actions, in order.
    public var actionIdentifiers: [String]
    /// How many actions the short form shows before the "More actions" button.
    public var shortFormActionCount: Int
    /// Identifier of the "More actions" button the short form ends with.
    public var moreActionsIdentifier: String
    /// Identifier of the element that takes focus when the sheet appears.
    public var firstElementIdentifier: String?
    /// Height of the short form (PanModal's `shortFormHeight`).
    public var shortFormHeight: PresentationHeight
    /// Height of the long form (PanModal's `longFormHeight`).
    public var longFormHeight: PresentationHeight
    /// When true a drag up stops at the long form; when false it may go to the maximum height
    /// and springs back to the long form on release.
    public var anchorModalToLongForm: Bool
    /// Whether dragging down past the short form may dismiss the sheet.
    public var allowsDragToDismiss: Bool
    /// Whether the "tap outside" equivalent dismisses the sheet. Escape always does.
    public var allowsTapToDismiss: Bool
    /// How dim the screen behind is at full presentation, 0…1 (PanModal's background alpha, 0.7).
    public var dimLevel: Double
    /// What the sheet lists, for its announcements: "8 settings", "4 of 9 actions".
    public var itemNoun: Noun

    /// A sheet of actions with PanModal's defaults: short form sized to its content, long form
    /// as tall as the terminal allows, anchored, dismissible by drag and tap, dimmed to 0.7.
    ///
    /// ```swift
    /// SheetConfiguration(title: "Reactions", actionIdentifiers: ["thumbs-up", "heart"])
    /// ```
    public init(
        title: String,
        actionIdentifiers: [String],
        shortFormActionCount: Int = 4,
        moreActionsIdentifier: String? = nil,
        firstElementIdentifier: String? = nil,
        shortFormHeight: PresentationHeight? = nil,
        longFormHeight: PresentationHeight = .maxHeight,
        anchorModalToLongForm: Bool = true,
        allowsDragToDismiss: Bool = true,
        allowsTapToDismiss: Bool = true,
        dimLevel: Double = 0.7,
        itemNoun: Noun = Noun("action")
    ) {
        self.itemNoun = itemNoun
        self.title = title
        self.actionIdentifiers = actionIdentifiers
        self.shortFormActionCount = max(shortFormActionCount, 0)
        self.moreActionsIdentifier = moreActionsIdentifier ?? "\(title).more-actions"
        self.firstElementIdentifier = firstElementIdentifier ?? actionIdentifiers.first
        let visible = min(self.shortFormActionCount, actionIdentifiers.count)
        let hasMore = actionIdentifiers.count > visible
        // Title line plus the visible actions plus the "More actions" button.
        self.shortFormHeight = shortFormHeight ?? .contentHeight(1 + visible + (hasMore ? 1 : 0))
        self.longFormHeight = longFormHeight
        self.anchorModalToLongForm = anchorModalToLongForm
        self.allowsDragToDismiss = allowsDragToDismiss
        self.allowsTapToDismiss = allowsTapToDismiss
        self.dimLevel = dimLevel.isFinite ? min(max(dimLevel, 0), 1) : 0.7
    }

    /// Number of actions the short form shows.
    public var shortFormVisibleCount: Int { min(shortFormActionCount, actionIdentifiers.count) }

    /// Whether the short form hides actions behind the "More actions" button.
    public var hasMoreActions: Bool { actionIdentifiers.count > shortFormVisibleCount }

    /// A noun with its plural, so counts agree: "1 action", "8 actions".
    public struct Noun: Hashable, Sendable {
        public var singular: String
        public var plural: String

        /// A noun; the plural defaults to the singular plus "s".
        public init(_ singular: String, plural: String? = nil) {
            self.singular = singular
            self.plural = plural ?? singular + "s"
        }

    }
}
