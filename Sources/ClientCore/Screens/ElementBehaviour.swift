import Accessibility

/// What an element does when operated, as data: the intents for Enter, Up and Down, its named
/// custom actions, the text field it edits, and the message it shows.
///
/// The element itself carries only inert handlers (see ``ScreenTree/Builder``) so that the
/// navigator and the audit see what can be operated; the core looks the behaviour up by the
/// element's identifier and carries out the intent.
public struct ElementBehaviour: Hashable, Sendable {
    public var activate: Intent?
    public var increment: Intent?
    public var decrement: Intent?
    /// Custom actions by name, in the order offered.
    public var actions: [Action] = []
    public var edits: TextField?
    /// The message this element shows, for the actions key and the screen's lines.
    public var message: Int64?

    /// A named custom action.
    public struct Action: Hashable, Sendable {
        public var name: String
        public var intent: Intent
    }

    public init(
        activate: Intent? = nil, increment: Intent? = nil, decrement: Intent? = nil,
        actions: [Action] = [], edits: TextField? = nil, message: Int64? = nil
    ) {
        self.activate = activate
        self.increment = increment
        self.decrement = decrement
        self.actions = actions
        self.edits = edits
        self.message = message
    }

    /// The intent of the custom action `name`, if the element has it.
    public func action(named name: String) -> Intent? { actions.first { $0.name == name }?.intent }
}
