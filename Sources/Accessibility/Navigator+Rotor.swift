extension Navigator {
    /// Ctrl-Right: turns the rotor to the next setting and says its name.
    public mutating func nextRotorSetting() -> Action { turnRotor(by: 1) }

    /// Ctrl-Left: turns the rotor to the previous setting and says its name.
    public mutating func previousRotorSetting() -> Action { turnRotor(by: -1) }

    /// Turns the rotor straight to `setting` (if it is among ``rotorSettings``).
    public mutating func setRotor(_ setting: RotorSetting) {
        guard rotorSettings.contains(setting) else { return }
        rotor = setting
        reviewIndex = nil
        actionIndex = nil
    }

    private mutating func turnRotor(by step: Int) -> Action {
        let index = rotorSettings.firstIndex(of: rotor) ?? 0
        let count = rotorSettings.count
        rotor = rotorSettings[((index + step) % count + count) % count]
        reviewIndex = nil
        actionIndex = nil
        return .say(rotor.name)
    }

    /// Moves by the current rotor setting: to the next (or previous) element of its kind, to
    /// the next custom action, or to the next character, word or line of the focused text.
    public mutating func rotorMove(forward: Bool) -> Action {
        switch rotor {
        case .actions: stepAction(forward: forward)
        case .characters, .words, .lines: review(forward: forward)
        default: jump(to: rotor, forward: forward)
        }
    }

    /// Moves to the next (or previous) element matching `setting`, whatever the rotor is on.
    public mutating func jump(to setting: RotorSetting, forward: Bool) -> Action {
        let list = snapshot.rotorLists[setting] ?? []
        let edge: Edge = forward ? .end : .start
        guard !list.isEmpty else { return .boundary(edge) }
        let current = focus ?? (forward ? -1 : snapshot.order.count)
        // First index in `list` whose value is > current (forward) or >= current (backward).
        var low = 0
        var high = list.count
        let pivot = Int32(clamping: current)
        while low < high {
            let middle = (low + high) / 2
            if forward ? list[middle] <= pivot : list[middle] < pivot {
                low = middle + 1
            } else {
                high = middle
            }
        }
        if forward {
            guard low < list.count else { return .boundary(edge) }
            return moveFocus(to: Int(list[low]))
        }
        guard low > 0 else { return .boundary(edge) }
        return moveFocus(to: Int(list[low - 1]))
    }

    private mutating func stepAction(forward: Bool) -> Action {
        guard let actions = focusedElement?.customActions, !actions.isEmpty else {
            return .unavailable
        }
        let next: Int
        if let actionIndex {
            next = actionIndex + (forward ? 1 : -1)
        } else {
            next = forward ? 0 : actions.count - 1
        }
        guard actions.indices.contains(next) else { return .boundary(forward ? .end : .start) }
        actionIndex = next
        return .say(actions[next].name)
    }

    /// The text reviewed by Characters, Words and Lines: the label, then the value on its own
    /// line(s).
    public var reviewText: String {
        guard let element = focusedElement else { return "" }
        if element.value.isEmpty { return element.label }
        if element.label.isEmpty { return element.value }
        return element.label + "\n" + element.value
    }

    private mutating func review(forward: Bool) -> Action {
        guard focus != nil else { return .unavailable }
        let units = reviewUnits(of: reviewText, by: rotor)
        guard !units.isEmpty else { return .boundary(forward ? .end : .start) }
        let next: Int
        if let reviewIndex {
            next = reviewIndex + (forward ? 1 : -1)
        } else {
            next = forward ? 0 : units.count - 1
        }
        guard units.indices.contains(next) else { return .boundary(forward ? .end : .start) }
        reviewIndex = next
        return .say(units[next])
    }

    private func reviewUnits(of text: String, by setting: RotorSetting) -> [String] {
        switch setting {
        case .characters:
            return text.map { SpokenText.characterName($0) }
        case .words:
            return text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).map {
                SpokenText.prepare(String($0), punctuation: options.punctuation, emoji: options.emoji)
            }.filter { !$0.isEmpty }
        default:
            return text.split(whereSeparator: \.isNewline).map {
                SpokenText.prepare(String($0), punctuation: options.punctuation, emoji: options.emoji)
            }.map { $0.isEmpty ? "blank" : $0 }
        }
    }
}
