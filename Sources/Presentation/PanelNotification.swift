/// What a sheet, the drawer or the navigation stack reports when it comes to rest: where focus
/// goes and what happened, as a fact. Presentation words nothing; the app's phrase book turns the
/// fact into the sentence a listener hears (UIKit's `screenChanged` and `layoutChanged`, with
/// typed data where UIKit takes a string).
///
/// ```swift
/// .screenChanged(focus: "reply", announcing: .sheetAppeared(title: "Message actions", shown: 4, total: 9, noun: .init("action")))
/// ```
public enum PanelNotification: Hashable, Sendable {
    /// A screen or modal appeared or went: focus moves, and the fact (if any) is said first.
    case screenChanged(focus: String?, announcing: PanelFact?)
    /// Part of the screen changed: focus moves to `focus` if given.
    case layoutChanged(focus: String?, announcing: PanelFact?)
    /// Nothing moved; the fact is said.
    case announcement(PanelFact)
}

/// What happened to a panel or a screen, with the data the phrase book needs.
public enum PanelFact: Hashable, Sendable {
    /// A sheet appeared showing `shown` of its `total` items (a "More actions" button shows the
    /// rest when fewer are shown).
    case sheetAppeared(title: String, shown: Int, total: Int, noun: SheetConfiguration.Noun)
    /// A sheet was expanded to show all `total` items.
    case sheetExpanded(total: Int, noun: SheetConfiguration.Noun)
    /// A sheet was compressed to show `shown` of `total`.
    case sheetCompressed(shown: Int, total: Int)
    /// A sheet went.
    case sheetClosed(title: String)
    /// The drawer came to rest in `state`.
    case drawer(title: String, state: Drawer.State)
    /// A screen was shown.
    case screen(title: String)
    /// Back at a head screen: there is nothing to go back to.
    case nothingToGoBack
}
