import Accessibility
import Presentation

/// Sheets, the drawer and screens, as the listener hears them come and go: Presentation reports a
/// ``PanelFact``; these are its words. No word of how they are built ("sheet", "short form").
extension Wording {
    /// The hint of a reaction the listener gave already (selected in the actions and the picker).
    static let takeReactionBackHint = "Press Enter to take your reaction back."

    /// What a sheet that shows some of its actions teaches as it appears, until learnt (a hint).
    static let moreActionsHint = "More actions shows the rest"

    /// The notification to post for what Presentation reported. `learnt`: the listener knows a
    /// sheet shows some of its actions first (``moreActionsHint``), so its title is enough.
    static func notification(_ panel: PanelNotification, learnt: Bool = false) -> AccessibilityNotification {
        func words(_ fact: PanelFact) -> String { sentence(panel: fact, learnt: learnt) }
        return switch panel {
        case .screenChanged(let focus, let fact): .screenChanged(focus: focus, announcing: fact.map(words))
        case .layoutChanged(let focus, let fact): .layoutChanged(focus: focus, announcing: fact.map(words))
        case .announcement(let fact): .announcement(words(fact), priority: .default)
        }
    }

    /// "Message actions, 7 of 11 shown. More actions shows the rest" ("Message actions" once
    /// `learnt`); "All 11 actions"; "Channels, a few shown"; "Nothing to go back to".
    static func sentence(panel fact: PanelFact, learnt: Bool = false) -> String {
        switch fact {
        case .sheetAppeared(let title, let shown, let total, let noun):
            // A sheet of mixed things (a field, then results) is not counted: its count is
            // no news ("Search, 2 items" before anything is searched).
            if noun.singular == "item" { return title }
            guard shown < total else { return "\(title), \(counted(total, noun))" }
            return learnt ? title : "\(title), \(shown) of \(total) shown. \(moreActionsHint)"
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

    /// How much of the channel list shows, in the listener's words (not "drawer, expanded"):
    /// "Channels, 5 of 12 shown", "Channels, all 12 shown", "Channels, search only".
    static func drawerState(_ state: Drawer.State) -> String {
        switch state {
        case .compressed: "search only"
        case .expanded: "a few shown"
        case .fullHeight: "all shown"
        }
    }

    /// The channel list, counted: `shown` of the `total` that match its search.
    static func drawer(_ state: Drawer.State, shown: Int, of total: Int) -> String {
        if state == .compressed, shown == 0, total > 0 { return "Channels, search only" }
        if total == 0 { return "Channels, none found" }
        if shown >= total { return total == 1 ? "Channels, just 1" : "Channels, all \(total) shown" }
        return "Channels, \(shown) of \(total) shown"
    }

    /// ``notification(_:)``, with the drawer's sentence counted from what it shows.
    static func notification(
        _ panel: PanelNotification, channels: (shown: Int, total: Int)
    ) -> AccessibilityNotification {
        func words(_ fact: PanelFact) -> String {
            if case .drawer(_, let state) = fact { return drawer(state, shown: channels.shown, of: channels.total) }
            return sentence(panel: fact)
        }
        switch panel {
        case .screenChanged(let focus, let fact): return .screenChanged(focus: focus, announcing: fact.map(words))
        case .layoutChanged(let focus, let fact): return .layoutChanged(focus: focus, announcing: fact.map(words))
        case .announcement(let fact): return .announcement(words(fact), priority: .default)
        }
    }

    /// "1 action", "8 actions".
    static func counted(_ count: Int, _ noun: SheetConfiguration.Noun) -> String {
        "\(count) \(count == 1 ? noun.singular : noun.plural)"
    }

    /// A count of what was not heard: "1 new message in #b", "12 new mentions in #a. Newest,
    /// kim: look", "3 new announcements"; soon after another count of the region, what came
    /// since and the total: "3 more mentions in #a, 8 in all".
    static func summary(_ summary: SpeechRequest.Summary) -> String {
        // People joining, leaving and changing nick: "4 comings and goings in #a", not "4 new
        // events", which says nothing of what they were.
        var text =
            summary.noun == "event"
            ? (summary.more.map { "\($0) more comings and goings" } ?? "\(summary.count) comings and goings")
            : summary.more.map { Plural.phrase($0, "more " + summary.noun) }
                ?? Plural.phrase(summary.count, "new " + summary.noun)
        if let region = summary.region { text += " in " + region }
        if summary.more != nil { text += ", \(summary.count) in all" }
        if let newest = summary.newest { text += ". Newest, " + newest }
        return text
    }
}
