/// A screen on the ``NavigationStack``.
///
/// A head screen (Main after Onboarding) starts a new stack: pushing it removes every screen
/// below, and Back from it goes nowhere.
///
/// ```swift
/// let main = Screen(identifier: "main", title: "Earshot", isHead: true)
/// ```
public struct Screen: Hashable, Sendable {
    /// Stable name of the screen.
    public var identifier: String
    /// Spoken title, said when the screen appears.
    public var title: String
    /// Whether the screen is a head screen.
    public var isHead: Bool
    /// Identifier of the element that takes focus when the screen appears (nil: the first).
    public var firstElementIdentifier: String?

    /// A screen; not a head screen unless told.
    ///
    /// ```swift
    /// Screen(identifier: "channel.general", title: "#general")
    /// ```
    public init(
        identifier: String, title: String, isHead: Bool = false, firstElementIdentifier: String? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.isHead = isHead
        self.firstElementIdentifier = firstElementIdentifier
    }
}
