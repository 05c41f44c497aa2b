/// What a drawer is called and its three heights (the Siri Shortcuts drawer).
///
/// Heights resolve against the terminal and are kept in order: compressed ≤ expanded ≤ full.
///
/// ```swift
/// let channels = DrawerConfiguration(title: "Channels", firstElementIdentifier: "channels.list")
/// ```
public struct DrawerConfiguration: Hashable, Sendable {
    /// Spoken name of the drawer: "Channels".
    public var title: String
    /// Identifier of the element that takes focus when the drawer becomes modal (full height).
    public var firstElementIdentifier: String?
    /// Height when compressed: a peek at the drawer.
    public var compressedHeight: PresentationHeight
    /// Height when expanded: drawer and content share the screen.
    public var expandedHeight: PresentationHeight
    /// Height when full: the drawer is modal and the content behind is dimmed.
    public var fullHeight: PresentationHeight

    /// A drawer with Siri Shortcuts-like heights: 3 rows, half the terminal, and the maximum.
    ///
    /// ```swift
    /// DrawerConfiguration(title: "Channels", expandedHeight: .fraction(0.4))
    /// ```
    public init(
        title: String,
        firstElementIdentifier: String? = nil,
        compressedHeight: PresentationHeight = .rows(3),
        expandedHeight: PresentationHeight = .fraction(0.5),
        fullHeight: PresentationHeight = .maxHeight
    ) {
        self.title = title
        self.firstElementIdentifier = firstElementIdentifier
        self.compressedHeight = compressedHeight
        self.expandedHeight = expandedHeight
        self.fullHeight = fullHeight
    }
}
