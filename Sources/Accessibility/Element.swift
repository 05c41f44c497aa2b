/// One thing on screen, as a screen reader sees it: label, value, traits, hint, and children.
///
/// A screen is a pure function from state to a tree of elements, rebuilt whenever the state
/// changes; `Element` is a cheap `Sendable` value so that rebuilding is cheap. Behaviour rides
/// along as `@Sendable` closures (activate, adjust, escape, custom actions, set text).
///
/// Rules the rest of the module relies on:
/// - The ``label`` never contains a trait word ("Send", not "Send button"); ``Audit`` checks.
/// - The ``identifier`` is for tests and for keeping focus across rebuilds; it is never spoken.
/// - An element with children is a container: it is not focused itself, its children are.
/// - ``isHidden`` removes the element and everything under it from navigation and speech.
/// - ``isModal`` on a container traps navigation inside it while it is the front-most modal.
///
/// ```swift
/// let screen = Element(label: "Emoji", isModal: true, escape: { dismiss(); return true }, children: [
///     Element(label: "Search", traits: .searchField, identifier: "emoji.search"),
///     Element(label: "Clear text", traits: .button, activate: { clear() }),
///     Element(label: ":smile:", traits: .button, hint: "Press Enter to pick this emoji."),
/// ])
/// ```
public struct Element: Sendable {
    /// What the element is, in a few words, without its trait word ("Send").
    public var label: String
    /// Its current value ("50%", the text of a field); empty when it has none.
    public var value: String
    /// What activating or adjusting it does, as a full sentence starting with a verb and
    /// describing keys ("Press Up or Down to adjust the value."); empty when none.
    public var hint: String
    /// Its kind and state.
    public var traits: Traits
    /// A stable name for tests and for keeping focus across rebuilds. Never spoken.
    public var identifier: String?
    /// The level of a heading (1 … 6); 0 when not given.
    public var headingLevel: Int
    /// Where it sits in its set ("3 of 12"), when that is worth saying.
    public var positionInSet: SetPosition?
    /// Extra actions offered by the Actions rotor setting and the actions sheet.
    public var customActions: [CustomAction]
    /// The language its value is read in (an espeak-ng code, as UIKit's
    /// `accessibilityLanguage`), when it is not the reader's own: a channel's messages.
    public var language: String?
    /// Called on Enter or Space.
    public var activate: (@Sendable () -> Void)?
    /// Called on Up for an adjustable element.
    public var increment: (@Sendable () -> Void)?
    /// Called on Down for an adjustable element.
    public var decrement: (@Sendable () -> Void)?
    /// Called on Escape; returns whether it handled the press (else the parent is asked).
    public var escape: (@Sendable () -> Bool)?
    /// Replaces the text of an editable element (a text or search field).
    public var setText: (@Sendable (String) -> Void)?
    /// The elements inside this one, in reading order.
    public var children: [Element]
    /// A modal container: while it is the front-most modal, nothing outside it can be reached.
    public var isModal: Bool
    /// Hidden from navigation and speech, with everything under it.
    public var isHidden: Bool
    /// How new children of this container are announced.
    public var liveRegion: LiveRegion

    /// Creates an element; everything but the label has a default.
    public init(
        label: String = "",
        value: String = "",
        traits: Traits = [],
        hint: String = "",
        identifier: String? = nil,
        headingLevel: Int = 0,
        positionInSet: SetPosition? = nil,
        customActions: [CustomAction] = [],
        isModal: Bool = false,
        isHidden: Bool = false,
        liveRegion: LiveRegion = .off,
        activate: (@Sendable () -> Void)? = nil,
        increment: (@Sendable () -> Void)? = nil,
        decrement: (@Sendable () -> Void)? = nil,
        escape: (@Sendable () -> Bool)? = nil,
        setText: (@Sendable (String) -> Void)? = nil,
        children: [Element] = []
    ) {
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
        self.identifier = identifier
        self.headingLevel = headingLevel
        self.positionInSet = positionInSet
        self.customActions = customActions
        self.activate = activate
        self.increment = increment
        self.decrement = decrement
        self.escape = escape
        self.setText = setText
        self.children = children
        self.isModal = isModal
        self.isHidden = isHidden
        self.liveRegion = liveRegion
    }

    /// Whether the user can operate it: an interactive trait or an activate/adjust handler.
    public var isInteractive: Bool {
        !traits.isDisjoint(with: .interactive) || activate != nil || increment != nil
            || decrement != nil
    }

    /// Whether navigation stops on it: a visible leaf with a label or value, or one people can
    /// operate, or an image (so that unlabelled controls and images are found, and heard).
    ///
    /// Containers (elements with children) are not focused; their children are.
    public var isFocusable: Bool {
        !isHidden && children.isEmpty
            && (!label.isEmpty || !value.isEmpty || isInteractive || traits.contains(.image))
    }
}
