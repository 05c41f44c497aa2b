extension Navigator {
    /// What changed when a rebuilt tree reached the navigator.
    public struct Update: Sendable {
        /// What to say about focus: `.focus` when focus had to move, `.say(value)` when the
        /// focused element's value or state changed (after an adjustment only the new value is
        /// spoken), `nil` when nothing needs saying.
        public var action: Action?
        /// New children of live-region containers, for the ``Announcer``.
        public var liveRegionChanges: [LiveRegionChange]
    }

    /// Takes the rebuilt tree, keeping focus on the same element or its nearest neighbour.
    ///
    /// Focus is matched by identifier, then by label (and how many same-labelled elements
    /// precede it), then by path. If the focused element is gone, the nearest surviving element
    /// of the old reading order (next first, then previous) gets focus; failing that, the first.
    /// When a new front-most modal appears focus moves into it; when it goes, focus returns to
    /// the element that opened it.
    public mutating func update(tree newTree: Element) -> Update {
        let old = snapshot
        let oldFocus = focus
        let oldElement = focusedElement
        let oldModalKey = old.modalKey
        tree = newTree
        snapshot = ReadingOrder(newTree)
        let liveChanges = Navigator.liveRegionChanges(from: old, to: snapshot, options: options)

        guard !snapshot.order.isEmpty else {
            focus = nil
            return Update(action: nil, liveRegionChanges: liveChanges)
        }
        let newModalKey = snapshot.modalKey
        var oldKeys: [FocusKey]?
        func oldKey(_ position: Int) -> FocusKey {
            if oldKeys == nil { oldKeys = old.keys() }
            return oldKeys?[position] ?? FocusKey(identifier: nil, label: "", occurrence: -1)
        }
        var newPositionTable: [FocusKey: Int]?
        let snapshot = self.snapshot
        func newPosition(_ key: FocusKey) -> Int? {
            if newPositionTable == nil {
                let newKeys = snapshot.keys()
                var table: [FocusKey: Int] = [:]
                table.reserveCapacity(newKeys.count)
                for (position, key) in newKeys.enumerated() where table[key] == nil {
                    table[key] = position
                }
                newPositionTable = table
            }
            return newPositionTable?[key]
        }

        if newModalKey != oldModalKey {
            let stillOpen = snapshot.allModalKeys()
            if let newModalKey, !modalStack.contains(where: { $0.modalKey == newModalKey }) {
                // A modal appeared (or replaced the old one): remember who opened it.
                var record = ModalRecord(
                    modalKey: newModalKey, openerKey: oldFocus.map(oldKey),
                    openerPath: oldFocus.map { old.path(atPosition: $0) })
                if let oldModalKey, !stillOpen.contains(oldModalKey),
                    let replaced = modalStack.last, replaced.modalKey == oldModalKey
                {
                    modalStack.removeLast()
                    record.openerKey = replaced.openerKey
                    record.openerPath = replaced.openerPath
                }
                modalStack.append(record)
                return Update(action: moveFocus(to: 0), liveRegionChanges: liveChanges)
            }
            // A modal went: unwind to the current one and return focus to the opener.
            var opener: ModalRecord?
            while let top = modalStack.last, top.modalKey != newModalKey {
                opener = modalStack.removeLast()
            }
            if let opener {
                if let key = opener.openerKey, let position = newPosition(key) {
                    return Update(action: moveFocus(to: position), liveRegionChanges: liveChanges)
                }
                if let path = opener.openerPath, let position = nearestPosition(to: path) {
                    return Update(action: moveFocus(to: position), liveRegionChanges: liveChanges)
                }
            }
            let position = oldFocus.flatMap { newPosition(oldKey($0)) } ?? 0
            return Update(action: moveFocus(to: position), liveRegionChanges: liveChanges)
        }

        guard let oldFocus, let oldElement else {
            focus = nil
            return Update(action: nil, liveRegionChanges: liveChanges)
        }
        let oldPath = old.path(atPosition: oldFocus)
        // Fast path: the same element still stands at the same path.
        if let position = snapshot.position(of: oldPath),
            Navigator.isSame(snapshot.element(atPosition: position), as: oldElement)
        {
            return Update(
                action: keepFocus(at: position, was: oldElement), liveRegionChanges: liveChanges)
        }
        if newPosition(oldKey(oldFocus)) == nil, let position = snapshot.position(of: oldPath),
            snapshot.element(atPosition: position).normalizedLabel != oldElement.normalizedLabel
        {
            // Another element now stands where the focused one was: say it.
            return Update(action: moveFocus(to: position), liveRegionChanges: liveChanges)
        }
        if let position = newPosition(oldKey(oldFocus)) ?? snapshot.position(of: oldPath) {
            return Update(
                action: keepFocus(at: position, was: oldElement), liveRegionChanges: liveChanges)
        }
        // The focused element is gone: its nearest surviving neighbour, next first.
        var distance = 1
        while oldFocus + distance < old.order.count || oldFocus - distance >= 0 {
            for candidate in [oldFocus + distance, oldFocus - distance]
            where old.order.indices.contains(candidate) {
                if let position = newPosition(oldKey(candidate)) {
                    return Update(action: moveFocus(to: position), liveRegionChanges: liveChanges)
                }
            }
            distance += 1
        }
        let position = nearestPosition(to: oldPath) ?? 0
        return Update(action: moveFocus(to: position), liveRegionChanges: liveChanges)
    }

    /// Whether `new` is the same element as `old`: same identifier, or both without one and
    /// with the same label.
    static func isSame(_ new: Element, as old: Element) -> Bool {
        if let identifier = old.identifier { return new.identifier == identifier }
        return new.identifier == nil && new.label == old.label
    }

    /// Keeps focus on the element now at `position`; says its new value if that changed.
    private mutating func keepFocus(at position: Int, was oldElement: Element) -> Action? {
        focus = position
        let element = snapshot.element(atPosition: position)
        let stateTraits: Traits = [.selected]
        if element.value != oldElement.value
            || element.traits.intersection(stateTraits) != oldElement.traits.intersection(stateTraits)
        {
            return .say(Phrase.adjusted(element, options: options))
        }
        return nil
    }

    /// The first reachable position at or after `path` in document order, else the last.
    private func nearestPosition(to path: ElementPath) -> Int? {
        guard !snapshot.order.isEmpty else { return nil }
        for position in 0..<snapshot.order.count where !(snapshot.path(atPosition: position) < path) {
            return position
        }
        return snapshot.order.count - 1
    }

    /// New children of each visible live-region container, by child identifier or phrase.
    static func liveRegionChanges(
        from old: ReadingOrder, to new: ReadingOrder, options: PhraseOptions
    ) -> [LiveRegionChange] {
        func regions(_ order: ReadingOrder) -> [String: (Element, [String])] {
            var result: [String: (Element, [String])] = [:]
            // Empty regions count too: the first message into an empty channel is news.
            for element in order.elements where element.liveRegion != .off {
                let key = element.identifier ?? element.normalizedLabel
                let children = element.children.filter { !$0.isHidden }.map { child in
                    child.identifier ?? Phrase(child, options: options).text
                }
                result[key] = (element, children)
            }
            return result
        }
        let before = regions(old)
        guard !before.isEmpty || new.elements.contains(where: { $0.liveRegion != .off }) else {
            return []
        }
        var changes: [LiveRegionChange] = []
        for (key, (region, children)) in regions(new) {
            guard let previous = before[key] else { continue }
            let known = Set(previous.1)
            let visible = region.children.filter { !$0.isHidden }
            // Headings in a region (date separators, "New messages") are structure, not news.
            for (index, childKey) in children.enumerated()
            where !known.contains(childKey) && !visible[index].traits.contains(.header) {
                changes.append(
                    LiveRegionChange(
                        region: region.label.isEmpty ? "this conversation" : region.label,
                        politeness: region.liveRegion,
                        text: Phrase(visible[index], options: options).text))
            }
        }
        return changes
    }
}
