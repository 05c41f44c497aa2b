import Accessibility

/// A screen's element tree with what each element does: one tree serves drawing, speaking and
/// (through ``behaviours``) the core's handling of keys.
///
/// ```swift
/// let tree = ScreenTree.build(state)
/// tree.behaviours["message.42"]?.activate  // .openActions(messageID: 42)
/// ```
public struct ScreenTree: Sendable {
    public var root: Element
    /// Behaviour by element identifier.
    public var behaviours: [String: ElementBehaviour]
    /// How many items match the words typed in a search the screen shows (the picker's emoji,
    /// the drawer's channels), counted once as the tree is built; nil without a typed search.
    public var searchMatches: Int? = nil

    /// What the element with `identifier` does, if anything.
    public func behaviour(_ identifier: String?) -> ElementBehaviour? {
        identifier.flatMap { behaviours[$0] }
    }

    /// Collects elements and their behaviours while a tree is built.
    public struct Builder {
        public private(set) var behaviours: [String: ElementBehaviour] = [:]
        /// Set by the sheet whose search has words typed: see ``ScreenTree/searchMatches``.
        public var searchMatches: Int?

        public init() {}

        /// `element` named `id`, doing `behaviour`: handlers are inert markers so the navigator
        /// knows the element can be operated; what happens is the core's business.
        public mutating func make(_ id: ElementID, _ element: Element, _ behaviour: ElementBehaviour? = nil) -> Element
        {
            var element = element
            element.identifier = id.identifier
            guard let behaviour else { return element }
            behaviours[id.identifier] = behaviour
            if behaviour.activate != nil { element.activate = Self.inert }
            if behaviour.increment != nil { element.increment = Self.inert }
            if behaviour.decrement != nil { element.decrement = Self.inert }
            if behaviour.edits != nil { element.setText = { _ in } }
            element.customActions = behaviour.actions.map { CustomAction($0.name, handler: Self.inert) }
            return element
        }

        /// A text field (a search field when `search`) showing `text` and edited as `field`;
        /// Enter on it does `activate`.
        public mutating func field(
            _ id: ElementID, _ label: String, text: String, edits field: TextField, search: Bool = false,
            hint: String, activate: Intent? = nil
        ) -> Element {
            make(
                id, Element(label: label, value: text, traits: search ? .searchField : .textField, hint: hint),
                ElementBehaviour(activate: activate, edits: field))
        }

        static let inert: @Sendable () -> Void = {}
    }
}
