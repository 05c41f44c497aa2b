/// A focus cursor over a tree of elements, moved as VoiceOver's is.
///
/// The navigator keeps a snapshot of the tree flattened into reading order (hidden elements
/// skipped, restricted to the front-most modal container), so next and previous are index
/// steps. Each event is a `mutating func` returning an ``Action`` that says what to speak;
/// the navigator does no I/O itself. It does call the element's own handlers (activate,
/// adjust, escape, custom actions), which is how screens learn about key presses.
///
/// After the screen's state changes, hand the rebuilt tree to ``update(tree:)``: focus stays on
/// the same element (by identifier, else by label, else by path) or moves to its nearest
/// surviving neighbour; when a modal appears focus moves into it, and when it goes focus
/// returns to the element that opened it.
///
/// ```swift
/// var navigator = Navigator(tree: screen(state))
/// speak(navigator.next())         // .focus([0, 1], "Search, search field.")
/// speak(navigator.rotorForward()) // .say("Links") …
/// let update = navigator.update(tree: screen(newState))
/// ```
public struct Navigator: Sendable {
    /// The tree the navigator currently sees.
    public internal(set) var tree: Element
    /// Verbosity and punctuation for phrases.
    public var options: PhraseOptions
    /// The rotor settings Ctrl-Left and Ctrl-Right cycle through.
    public var rotorSettings: [RotorSetting]
    /// The current rotor setting.
    public internal(set) var rotor: RotorSetting

    var snapshot: ReadingOrder
    /// Position of the focused element in the reading order.
    var focus: Int?
    /// Where a review by characters, words or lines stands, within the focused element's text.
    var reviewIndex: Int?
    /// The custom action chosen with the Actions rotor setting.
    var actionIndex: Int?
    /// Modals opened while navigating, innermost last, with the element that opened each.
    var modalStack: [ModalRecord] = []

    /// A navigator over `tree`; nothing is focused until the first move.
    public init(
        tree: Element, options: PhraseOptions = .standard,
        rotorSettings: [RotorSetting] = RotorSetting.allCases
    ) {
        self.tree = tree
        self.options = options
        self.rotorSettings = rotorSettings.isEmpty ? RotorSetting.allCases : rotorSettings
        rotor = self.rotorSettings[0]
        snapshot = ReadingOrder(tree)
    }

    // MARK: What is focused

    /// The focused element, if any.
    public var focusedElement: Element? { focus.map { snapshot.element(atPosition: $0) } }

    /// The path of the focused element, if any.
    public var focusedPath: ElementPath? { focus.map { snapshot.path(atPosition: $0) } }

    /// The phrase for the focused element, if any.
    public var focusedPhrase: Phrase? { focusedElement.map { Phrase($0, options: options) } }

    /// How many elements navigation can reach.
    public var reachableCount: Int { snapshot.order.count }

    /// The paths navigation can reach, in reading order.
    public var readingOrder: [ElementPath] {
        (0..<snapshot.order.count).map { snapshot.path(atPosition: $0) }
    }

    /// The path of the front-most modal container that traps navigation, if any.
    public var modalPath: ElementPath? {
        snapshot.modalNode >= 0 ? snapshot.path(ofNode: snapshot.modalNode) : nil
    }

    // MARK: Moving

    /// Moves to the next element in reading order, or reports the end boundary.
    public mutating func next() -> Action {
        guard !snapshot.order.isEmpty else { return .boundary(.end) }
        guard let focus else { return moveFocus(to: 0) }
        guard focus + 1 < snapshot.order.count else { return .boundary(.end) }
        return moveFocus(to: focus + 1)
    }

    /// Moves to the previous element in reading order, or reports the start boundary.
    public mutating func previous() -> Action {
        guard !snapshot.order.isEmpty else { return .boundary(.start) }
        guard let focus else { return moveFocus(to: snapshot.order.count - 1) }
        guard focus > 0 else { return .boundary(.start) }
        return moveFocus(to: focus - 1)
    }

    /// Moves to the first element.
    public mutating func first() -> Action {
        snapshot.order.isEmpty ? .boundary(.start) : moveFocus(to: 0)
    }

    /// Moves to the last element.
    public mutating func last() -> Action {
        snapshot.order.isEmpty ? .boundary(.end) : moveFocus(to: snapshot.order.count - 1)
    }

    /// Moves focus to the element with `identifier`, if navigation can reach it.
    public mutating func focus(identifier: String) -> Action {
        guard
            let position = snapshot.order.firstIndex(where: {
                snapshot.elements[Int($0)].identifier == identifier
            })
        else { return .unavailable }
        return moveFocus(to: position)
    }

    /// Moves focus to the element at `path`, if navigation can reach it.
    public mutating func focus(path: ElementPath) -> Action {
        guard let position = snapshot.position(of: path) else { return .unavailable }
        return moveFocus(to: position)
    }

    /// Follows a notification's focus request (`screenChanged`/`layoutChanged` with a focus).
    ///
    /// Speaking the notification's own text is the ``Announcer``'s job.
    public mutating func handle(_ notification: AccessibilityNotification) -> Action {
        switch notification {
        case .screenChanged(let focus?, _), .layoutChanged(let focus?, _):
            return self.focus(identifier: focus)
        case .screenChanged(nil, _):
            return snapshot.order.isEmpty ? .unavailable : moveFocus(to: 0)
        default:
            return .unavailable
        }
    }

    mutating func moveFocus(to position: Int) -> Action {
        focus = position
        reviewIndex = nil
        actionIndex = nil
        return .focus(
            snapshot.path(atPosition: position), Phrase(snapshot.element(atPosition: position), options: options))
    }

    // MARK: Acting

    /// Enter or Space: performs the chosen custom action (Actions rotor), else activates the
    /// focused element.
    public mutating func activate() -> Action {
        guard let element = focusedElement else { return .unavailable }
        if rotor == .actions, let actionIndex, element.customActions.indices.contains(actionIndex) {
            element.customActions[actionIndex].handler()
            return .performed
        }
        guard let activate = element.activate else { return .unavailable }
        activate()
        return .performed
    }

    /// Performs the focused element's custom action called `name` (from the actions sheet).
    public func perform(actionNamed name: String) -> Action {
        guard let action = focusedElement?.customActions.first(where: { $0.name == name }) else {
            return .unavailable
        }
        action.handler()
        return .performed
    }

    /// Up: increments an adjustable element, else moves to the previous rotor item.
    ///
    /// The new value is spoken when the rebuilt tree reaches ``update(tree:)``.
    public mutating func up() -> Action {
        if let element = focusedElement, element.traits.contains(.adjustable) {
            guard let increment = element.increment else { return .unavailable }
            increment()
            return .performed
        }
        return rotorMove(forward: false)
    }

    /// Down: decrements an adjustable element, else moves to the next rotor item.
    public mutating func down() -> Action {
        if let element = focusedElement, element.traits.contains(.adjustable) {
            guard let decrement = element.decrement else { return .unavailable }
            decrement()
            return .performed
        }
        return rotorMove(forward: true)
    }

    /// Escape: asks the focused element, then its ancestors nearest first, until one handles it.
    ///
    /// Without focus, the front-most modal (or the root) and its ancestors are asked.
    public func escape() -> Action {
        guard !snapshot.elements.isEmpty else { return .unavailable }
        var node = focus.map { Int(snapshot.order[$0]) } ?? max(snapshot.modalNode, 0)
        while node >= 0 {
            if let escape = snapshot.elements[node].escape, escape() { return .performed }
            node = Int(snapshot.parents[node])
        }
        return .unavailable
    }
}
