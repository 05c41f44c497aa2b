import Accessibility

extension Sheet {
    /// What is said when the sheet appears: "Message actions, sheet, short form, 4 of 9 actions".
    ///
    /// When the short form shows every action: "Reactions, sheet, short form, 2 actions".
    public var appearPhrase: String {
        let total = configuration.actionIdentifiers.count
        let visible = configuration.shortFormVisibleCount
        let count =
            visible < total ? "\(visible) of \(actions(total))" : actions(total)
        return "\(configuration.title), sheet, short form, \(count)"
    }

    /// What is said on expanding: "Expanded, 9 actions".
    public var expandPhrase: String {
        "Expanded, \(actions(configuration.actionIdentifiers.count))"
    }

    /// What is said on compressing: "Short form".
    public static let compressPhrase = "Short form"

    var appearNotification: AccessibilityNotification {
        .screenChanged(focus: configuration.firstElementIdentifier, announcing: appearPhrase)
    }

    /// Focus the first action the long form adds (the "More actions" button that may have had
    /// focus is gone).
    var expandNotification: AccessibilityNotification {
        let ids = configuration.actionIdentifiers
        let visible = configuration.shortFormVisibleCount
        let focus = visible < ids.count ? ids[visible] : nil
        return .layoutChanged(focus: focus, announcing: expandPhrase)
    }

    /// Focus the "More actions" button, where the hidden actions now are.
    var compressNotification: AccessibilityNotification {
        .layoutChanged(
            focus: configuration.hasMoreActions ? configuration.moreActionsIdentifier : nil,
            announcing: Self.compressPhrase)
    }

    var dismissNotification: AccessibilityNotification {
        .screenChanged(focus: openerIdentifier, announcing: nil)
    }

    func actions(_ count: Int) -> String { configuration.itemNoun.count(count) }
}
