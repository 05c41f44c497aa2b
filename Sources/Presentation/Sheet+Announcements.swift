import Accessibility

extension Sheet {
    /// What is said when the sheet appears: "Message actions, 4 of 9 actions, then More
    /// actions" (the button that shows the rest is counted as what it is). The listener hears
    /// what is there, not how it is built: no "sheet", no "short form".
    ///
    /// When the short form shows every action: "Reactions, 2 actions".
    public var appearPhrase: String {
        let total = configuration.actionIdentifiers.count
        let visible = configuration.shortFormVisibleCount
        let count =
            visible < total ? "\(visible) of \(actions(total)), then More actions" : actions(total)
        return "\(configuration.title), \(count)"
    }

    /// What is said on expanding: "All 9 actions".
    public var expandPhrase: String {
        "All \(actions(configuration.actionIdentifiers.count))"
    }

    /// What is said on compressing: "4 of 9 shown".
    public var compressPhrase: String {
        "\(configuration.shortFormVisibleCount) of \(configuration.actionIdentifiers.count) shown"
    }

    var appearNotification: AccessibilityNotification {
        .screenChanged(focus: configuration.firstElementIdentifier, announcing: appearPhrase)
    }

    /// Focus the first action the long form adds, for a listener on the "More actions" button
    /// (gone now); the core keeps focus where it is for anyone else.
    var expandNotification: AccessibilityNotification {
        let ids = configuration.actionIdentifiers
        let visible = configuration.shortFormVisibleCount
        let focus = visible < ids.count ? ids[visible] : nil
        return .layoutChanged(focus: focus, announcing: expandPhrase)
    }

    /// Focus the "More actions" button, where the hidden actions now are, for a listener on an
    /// action the short form hides; the core keeps focus where it is for anyone else.
    var compressNotification: AccessibilityNotification {
        .layoutChanged(
            focus: configuration.hasMoreActions ? configuration.moreActionsIdentifier : nil,
            announcing: compressPhrase)
    }

    /// "Message actions closed", then the element that opened it has focus again.
    var dismissNotification: AccessibilityNotification {
        .screenChanged(focus: openerIdentifier, announcing: "\(configuration.title) closed")
    }

    func actions(_ count: Int) -> String { configuration.itemNoun.count(count) }
}
