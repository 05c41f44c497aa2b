/// What kind of thing an element is and what state it is in.
///
/// Every member of `UIAccessibilityTraits`, plus what a terminal chat client needs and UIKit
/// leaves out: ``textField`` (UIKit has no text-field trait), ``tab`` (UIKit derives it from a
/// tab bar), ``message`` and ``unread`` (for the Messages and Unread rotor settings).
///
/// Traits decide the trait words of a phrase (see ``Phrase``); they never appear in a label.
///
/// ```swift
/// let send = Element(label: "Send", traits: .button)
/// let toggle = Element(label: "Hints", traits: [.toggleButton, .selected]) // "Hints, toggle, on."
/// ```
public struct Traits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No traits.
    public static let none: Traits = []
    /// Activating it performs an action. Spoken "button".
    public static let button = Traits(rawValue: 1 << 0)
    /// Activating it opens a link. Spoken "link".
    public static let link = Traits(rawValue: 1 << 1)
    /// A heading; its level comes from ``Element/headingLevel``. Spoken "heading level 2".
    public static let header = Traits(rawValue: 1 << 2)
    /// A search field. Spoken "search field".
    public static let searchField = Traits(rawValue: 1 << 3)
    /// An image. Spoken "image".
    public static let image = Traits(rawValue: 1 << 4)
    /// Selected (or, with ``toggleButton``, on). Spoken "selected".
    public static let selected = Traits(rawValue: 1 << 5)
    /// Plays its own sound when activated.
    public static let playsSound = Traits(rawValue: 1 << 6)
    /// A key of a keyboard.
    public static let keyboardKey = Traits(rawValue: 1 << 7)
    /// Text that does not change.
    public static let staticText = Traits(rawValue: 1 << 8)
    /// A summary spoken when the screen appears.
    public static let summaryElement = Traits(rawValue: 1 << 9)
    /// Disabled. Spoken "dimmed".
    public static let notEnabled = Traits(rawValue: 1 << 10)
    /// Its value changes often; VoiceOver polls it.
    public static let updatesFrequently = Traits(rawValue: 1 << 11)
    /// Activating it starts media; speech should stop.
    public static let startsMediaSession = Traits(rawValue: 1 << 12)
    /// Up and Down change its value. Spoken "adjustable".
    public static let adjustable = Traits(rawValue: 1 << 13)
    /// It takes keys directly.
    public static let allowsDirectInteraction = Traits(rawValue: 1 << 14)
    /// Reaching its end turns the page.
    public static let causesPageTurn = Traits(rawValue: 1 << 15)
    /// A container of tabs.
    public static let tabBar = Traits(rawValue: 1 << 16)
    /// It can be zoomed.
    public static let supportsZoom = Traits(rawValue: 1 << 17)
    /// A toggle; on when ``selected`` is set. Spoken "toggle, on" or "toggle, off".
    public static let toggleButton = Traits(rawValue: 1 << 18)

    // Earshot's additions.

    /// An editable text field (UIKit has no such trait). Spoken "text field".
    public static let textField = Traits(rawValue: 1 << 32)
    /// One tab of a tab bar; spoken "tab" with its position: "tab, 2 of 4".
    public static let tab = Traits(rawValue: 1 << 33)
    /// A chat message: what the Messages rotor setting visits. Not spoken.
    public static let message = Traits(rawValue: 1 << 34)
    /// Not yet read: what the Unread rotor setting visits. Spoken "unread".
    public static let unread = Traits(rawValue: 1 << 35)

    /// Traits of elements the user operates: the Controls rotor setting visits these.
    public static let interactive: Traits = [
        .button, .link, .searchField, .textField, .adjustable, .toggleButton, .tab, .keyboardKey,
    ]
    /// Traits of elements that take typed text.
    public static let editable: Traits = [.searchField, .textField]
}
