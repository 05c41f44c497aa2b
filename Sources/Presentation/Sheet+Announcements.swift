import Accessibility

extension Sheet {
    /// The fact for appearing: "Message actions, 4 of 9 shown. More actions shows the rest" once worded
    /// (the button that shows the rest is counted as what it is).
    var appearFact: PanelFact {
        .sheetAppeared(
            title: configuration.title,
            shown: min(configuration.shortFormVisibleCount, configuration.actionIdentifiers.count),
            total: configuration.actionIdentifiers.count, noun: configuration.itemNoun)
    }

    var appearNotification: PanelNotification {
        .screenChanged(focus: configuration.firstElementIdentifier, announcing: appearFact)
    }

    /// Focus the first action the long form adds, for a listener on the "More actions" button
    /// (gone now); the core keeps focus where it is for anyone else.
    var expandNotification: PanelNotification {
        let ids = configuration.actionIdentifiers
        let visible = configuration.shortFormVisibleCount
        let focus = visible < ids.count ? ids[visible] : nil
        return .layoutChanged(focus: focus, announcing: .sheetExpanded(total: ids.count, noun: configuration.itemNoun))
    }

    /// Focus the "More actions" button, where the hidden actions now are, for a listener on an
    /// action the short form hides; the core keeps focus where it is for anyone else.
    var compressNotification: PanelNotification {
        .layoutChanged(
            focus: configuration.hasMoreActions ? configuration.moreActionsIdentifier : nil,
            announcing: .sheetCompressed(
                shown: configuration.shortFormVisibleCount, total: configuration.actionIdentifiers.count))
    }

    /// "Message actions closed", then the element that opened it has focus again.
    var dismissNotification: PanelNotification {
        .screenChanged(focus: openerIdentifier, announcing: .sheetClosed(title: configuration.title))
    }
}
