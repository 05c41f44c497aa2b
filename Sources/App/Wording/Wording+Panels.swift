import Accessibility
import Presentation

/// Sheets, the drawer and screens, as the listener hears them come and go: Presentation reports a
/// ``PanelFact``; these are its words. No word of how they are built ("sheet", "short form").
extension Wording {
    /// The notification to post for what Presentation reported.
    static func notification(_ panel: PanelNotification) -> AccessibilityNotification {
        switch panel {
        case .screenChanged(let focus, let fact): .screenChanged(focus: focus, announcing: fact.map(sentence(panel:)))
        case .layoutChanged(let focus, let fact): .layoutChanged(focus: focus, announcing: fact.map(sentence(panel:)))
        case .announcement(let fact): .announcement(sentence(panel: fact), priority: .default)
        }
    }

    /// "Message actions, 7 of 11 actions, then More actions"; "All 11 actions"; "Channels, a few
    /// shown"; "Nothing to go back to".
    static func sentence(panel fact: PanelFact) -> String {
        switch fact {
        case .sheetAppeared(let title, let shown, let total, let noun):
            let count = counted(total, noun)
            return shown < total ? "\(title), \(shown) of \(count), then More actions" : "\(title), \(count)"
        case .sheetExpanded(let total, let noun):
            return "All \(counted(total, noun))"
        case .sheetCompressed(let shown, let total):
            return "\(shown) of \(total) shown"
        case .sheetClosed(let title):
            return "\(title) closed"
        case .drawer(let title, let state):
            return "\(title), \(drawerState(state))"
        case .screen(let title):
            return title
        case .nothingToGoBack:
            return "Nothing to go back to"
        }
    }

    /// How much of the channel list shows, in the listener's words (not "drawer, expanded").
    static func drawerState(_ state: Drawer.State) -> String {
        switch state {
        case .compressed: "search only"
        case .expanded: "a few shown"
        case .fullHeight: "all shown"
        }
    }

    /// "1 action", "8 actions".
    static func counted(_ count: Int, _ noun: SheetConfiguration.Noun) -> String {
        "\(count) \(count == 1 ? noun.singular : noun.plural)"
    }

    /// A count of what was not heard: "1 new message in #b", "12 new mentions in #a. Newest,
    /// kim: look", "3 new announcements".
    static func summary(_ summary: SpeechRequest.Summary) -> String {
        var text = Plural.phrase(summary.count, "new " + summary.noun)
        if let region = summary.region { text += " in " + region }
        if let newest = summary.newest { text += ". Newest, " + newest }
        return text
    }
}
