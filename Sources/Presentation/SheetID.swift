/// Names one sheet the ``PresentationCoordinator`` presented, in order of presentation.
///
/// ```swift
/// if case .sheet(let id, let action) = coordinatorAction { render(id, action) }
/// ```
public struct SheetID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Position in the order of presentation, from 1.
    public let rawValue: Int

    /// The sheet presented `rawValue`-th.
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: SheetID, rhs: SheetID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "sheet \(rawValue)" }
}
