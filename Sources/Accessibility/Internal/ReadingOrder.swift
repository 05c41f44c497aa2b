/// A flattened snapshot of a tree: every visible node in reading order, and the focusable
/// ones inside the front-most modal, so that moving focus is an index step.
struct ReadingOrder: Sendable {
    /// Visible nodes in depth-first order.
    var elements: [Element] = []
    /// Parent node index of each node (-1 for the root).
    var parents: [Int32] = []
    /// Index of each node among its parent's children.
    var childIndices: [Int32] = []
    /// One past the last node of each node's subtree.
    var subtreeEnds: [Int32] = []
    /// Node indices of focusable nodes in scope, in reading order.
    var order: [Int32] = []
    /// The front-most visible modal's node index, or -1.
    var modalNode: Int = -1
    /// For each element rotor setting, positions in `order` of the matching elements.
    var rotorLists: [RotorSetting: [Int32]] = [:]

    init() {}

    init(_ tree: Element) {
        var count = 0
        tree.walk { element, _ in
            guard !element.isHidden else { return false }
            count += 1
            return true
        }
        elements.reserveCapacity(count)
        parents.reserveCapacity(count)
        childIndices.reserveCapacity(count)
        subtreeEnds.reserveCapacity(count)
        add(tree, parent: -1, childIndex: 0)

        let range: Range<Int> =
            modalNode >= 0 ? modalNode..<Int(subtreeEnds[modalNode]) : 0..<elements.count
        for node in range where elements[node].isFocusable {
            order.append(Int32(node))
        }
        for setting in RotorSetting.elementSettings {
            var list: [Int32] = []
            for (position, node) in order.enumerated() where setting.matches(elements[Int(node)]) {
                list.append(Int32(position))
            }
            rotorLists[setting] = list
        }
    }

    private mutating func add(_ element: Element, parent: Int, childIndex: Int) {
        guard !element.isHidden else { return }
        let node = elements.count
        elements.append(element)
        parents.append(Int32(parent))
        childIndices.append(Int32(childIndex))
        subtreeEnds.append(0)
        if element.isModal { modalNode = node }
        for (index, child) in element.children.enumerated() {
            add(child, parent: node, childIndex: index)
        }
        subtreeEnds[node] = Int32(elements.count)
    }

    /// The element at position `position` of the reading order.
    func element(atPosition position: Int) -> Element { elements[Int(order[position])] }

    /// The tree path of node `node`.
    func path(ofNode node: Int) -> ElementPath {
        var indices: [Int] = []
        var current = node
        while current > 0 {
            indices.append(Int(childIndices[current]))
            current = Int(parents[current])
        }
        return ElementPath(indices.reversed())
    }

    /// The tree path of reading-order position `position`.
    func path(atPosition position: Int) -> ElementPath { path(ofNode: Int(order[position])) }

    /// The reading-order position of the node at `path`, if it is focusable and in scope.
    func position(of path: ElementPath) -> Int? {
        var node = 0
        guard !elements.isEmpty else { return nil }
        for index in path.indices {
            var child = node + 1
            var found = false
            let end = Int(subtreeEnds[node])
            while child < end {
                if Int(childIndices[child]) == index {
                    found = true
                    break
                }
                child = Int(subtreeEnds[child])
            }
            guard found else { return nil }
            node = child
        }
        return position(ofNode: node)
    }

    /// The reading-order position of node `node`, by binary search (order is sorted).
    func position(ofNode node: Int) -> Int? {
        var low = 0
        var high = order.count
        let target = Int32(node)
        while low < high {
            let middle = (low + high) / 2
            if order[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < order.count && order[low] == target ? low : nil
    }

    /// Stable keys for the reading order: the identifier, else the label and how many
    /// elements before it share that label.
    func keys() -> [FocusKey] {
        var seen: [String: Int] = [:]
        var keys: [FocusKey] = []
        keys.reserveCapacity(order.count)
        for node in order {
            let element = elements[Int(node)]
            if let identifier = element.identifier {
                keys.append(FocusKey(identifier: identifier, label: "", occurrence: 0))
            } else {
                let label = element.normalizedLabel
                let occurrence = seen[label, default: 0]
                seen[label] = occurrence + 1
                keys.append(FocusKey(identifier: nil, label: label, occurrence: occurrence))
            }
        }
        return keys
    }

    /// A key for the front-most modal (identifier, else label), or `nil` when there is none.
    var modalKey: String? {
        guard modalNode >= 0 else { return nil }
        let modal = elements[modalNode]
        return modal.identifier.map { "id:" + $0 } ?? "label:" + modal.normalizedLabel
    }

    /// Keys of every visible modal container.
    func allModalKeys() -> Set<String> {
        var keys: Set<String> = []
        for element in elements where element.isModal {
            keys.insert(element.identifier.map { "id:" + $0 } ?? "label:" + element.normalizedLabel)
        }
        return keys
    }
}
