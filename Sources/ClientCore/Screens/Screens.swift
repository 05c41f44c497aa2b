import Accessibility
import Presentation

/// Builds the element tree for a state: the screen, the drawer (on Main), then the sheets on
/// top (modal). Each screen and sheet lives in a file of its own.
public enum Screens {
    public static func tree(_ state: AppState) -> ScreenTree {
        var builder = ScreenTree.Builder()
        var children: [Element] = []
        switch state.route {
        case .onboarding(let step): children.append(OnboardingScreen.build(state, step: step, into: &builder))
        case .main:
            children.append(ChannelDrawer.build(state, into: &builder))
            children.append(MainScreen.build(state, into: &builder))
        case .thread(let rootID): children.append(ThreadScreen.build(state, rootID: rootID, into: &builder))
        }
        let shown = state.shownSheets
        for entry in shown {
            var sheet = SheetScreen.build(state, kind: entry.payload, sheet: entry.sheet, into: &builder)
            // Under another sheet shown: inert. One the coordinator holds but the core has not
            // begun to show yet does not hide the sheet settling below it.
            sheet.isHidden = entry.id != shown.last?.id
            children.append(sheet)
        }
        let root = builder.make(.root, Element(label: "Earshot", children: children))
        return ScreenTree(root: root, behaviours: builder.behaviours, searchMatches: builder.searchMatches)
    }

    /// The first element of each route, for the navigation stack.
    static func firstElement(of route: AppState.Route, state: AppState) -> ElementID {
        switch route {
        case .onboarding: .onboardingTitle
        case .main: MainScreen.firstFocus(state)
        // The title ("Thread, 2 replies") is announced: focus starts on what it is about.
        // (A reply search opened starts on that reply.)
        case .thread(let rootID):
            state.threadFocus.flatMap { id in
                state.threadMessages.contains { $0.id == id } ? ElementID.message(id) : nil
            }
                ?? .message(rootID)
        }
    }
}
