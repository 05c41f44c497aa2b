/// An extra action an element offers, as `UIAccessibilityCustomAction` does.
///
/// Reached through the Actions rotor setting or the actions sheet ("a").
///
/// ```swift
/// CustomAction("Reply in thread") { openThread(id) }
/// ```
public struct CustomAction: Sendable {
    /// What the action does, spoken as is ("Reply in thread").
    public var name: String
    /// Performs the action.
    public var handler: @Sendable () -> Void

    /// An action called `name` that runs `handler`.
    public init(_ name: String, handler: @escaping @Sendable () -> Void) {
        self.name = name
        self.handler = handler
    }
}
