import Accessibility

/// An element the ``UITester`` found, with where it is.
public struct FoundElement: Sendable {
    /// The element as it was when found.
    public var element: Element
    /// Its path in the host's tree.
    public var path: ElementPath
    /// Whether it lies outside the front-most modal container (so a user cannot reach it).
    public var isObscured: Bool
}
