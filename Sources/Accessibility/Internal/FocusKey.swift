/// What identifies an element across rebuilds of a tree.
struct FocusKey: Hashable, Sendable {
    var identifier: String?
    var label: String
    var occurrence: Int
}
