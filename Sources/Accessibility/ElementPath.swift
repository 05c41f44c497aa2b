/// Where an element is in a tree: the child index at each level below the root.
///
/// The root is the empty path. Printed as "0.2.1" (root: "root").
///
/// ```swift
/// let path: ElementPath = [0, 2]
/// tree.element(at: path)?.label
/// ```
public struct ElementPath: Hashable, Sendable, Comparable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// Child indices from the root down.
    public var indices: [Int]

    /// A path from child indices.
    public init(_ indices: [Int]) { self.indices = indices }

    public init(arrayLiteral elements: Int...) { indices = elements }

    /// The root of the tree.
    public static let root = ElementPath([])

    /// The path of the parent, or `nil` for the root.
    public var parent: ElementPath? {
        indices.isEmpty ? nil : ElementPath(Array(indices.dropLast()))
    }

    /// The path of child `index` of this element.
    public func appending(_ index: Int) -> ElementPath { ElementPath(indices + [index]) }

    /// Whether `self` is `other` or lies under it.
    public func isDescendant(of other: ElementPath) -> Bool {
        indices.count >= other.indices.count && Array(indices.prefix(other.indices.count)) == other.indices
    }

    public var description: String {
        indices.isEmpty ? "root" : indices.map(String.init).joined(separator: ".")
    }

    /// Document order.
    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        lhs.indices.lexicographicallyPrecedes(rhs.indices)
    }
}
