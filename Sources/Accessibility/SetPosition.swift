/// Where an element sits in its set: item `index` (1-based) of `count`.
///
/// Spoken after the trait words: "General, tab, 2 of 4."
///
/// ```swift
/// Element(label: "Mentions", traits: .tab, positionInSet: SetPosition(2, of: 4))
/// ```
public struct SetPosition: Hashable, Sendable {
    /// The 1-based position.
    public var index: Int
    /// How many items the set has.
    public var count: Int

    /// Item `index` (1-based) of `count`.
    public init(_ index: Int, of count: Int) {
        self.index = index
        self.count = count
    }

    /// "2 of 4".
    public var spoken: String { "\(index) of \(count)" }
}
