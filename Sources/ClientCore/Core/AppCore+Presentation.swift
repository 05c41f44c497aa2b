import Accessibility
import Presentation

extension AppCore {
    /// Presents a sheet over whatever is up (the coordinator queues it during a transition).
    mutating func present(_ kind: AppState.SheetKind) {
        let configuration = SheetScreen.configuration(kind, state: state)
        perform(state.sheets.present(configuration, openedBy: navigator.focusedElement?.identifier, payload: kind))
    }

    /// Carries out the coordinator's actions: frames are drawn (and the transition finishes
    /// when they have been), a settled sheet is shown and its one notification posted.
    mutating func perform(_ actions: [PresentationCoordinator<AppState.SheetKind>.Action]) {
        for action in actions {
            guard case .sheet(let id, let sheetAction) = action else { continue }
            state.sheetsShownThrough = max(state.sheetsShownThrough ?? id, id)
            switch sheetAction {
            case .none, .track: break
            case .draw(let frames):
                if state.sheets.isTransitioning { effects.append(.drawTransition(frames)) }
            case .settle(_, let panel):
                var notification = Wording.notification(panel, learnt: moreActionsLearnt(panel))
                let appeared = state.sheets.entries.contains { $0.id == id }
                let focusedBefore = navigator.focusedElement?.identifier
                rebuild()
                if case .layoutChanged(_?, let text) = notification, let focusedBefore,
                    navigator.focusedElement?.identifier == focusedBefore
                {
                    // Expanding or compressing moves nobody unasked: the focused element is
                    // still there, so focus stays on it.
                    notification = .layoutChanged(focus: nil, announcing: text)
                }
                let takenBack = sheetFlow.takenBack.contains(id)
                if !appeared { sheetFlow.takenBack.remove(id) }
                if appeared, takenBack {
                    // Taken back before it was heard: neither shown nor said.
                } else if appeared, case .screenChanged = notification {
                    effects.append(.lines(Lines.screen(state: state, tree: tree)))
                } else if appeared, let sheet = state.sheets.activeSheet?.sheet, sheet.state == .longForm {
                    // Expanded: the actions the short form hid are printed below it.
                    let hidden = Set(
                        sheet.configuration.actionIdentifiers.dropFirst(sheet.configuration.shortFormVisibleCount))
                    effects.append(.lines(Lines.elements(in: tree, identifiers: hidden)))
                }
                var quiet = !appeared && sheetFlow.quietDismissals > 0
                if quiet { sheetFlow.quietDismissals -= 1 }
                quiet = quiet || (appeared && takenBack)
                post(notification, quietly: quiet)
                if !state.sheets.hasSheet { runAfterSheets() }
            }
        }
    }

    /// Whether a sheet appearing with some of its actions is said by its title alone: its hint
    /// (``Wording/moreActionsHint``) is learnt, or hints are off.
    mutating func moreActionsLearnt(_ panel: PanelNotification) -> Bool {
        guard case .screenChanged(_, .sheetAppeared(_, let shown, let total, _)?) = panel, shown < total else {
            return false
        }
        return !state.settings.speech.hints || !hintTutor.stillToLearn(Wording.moreActionsHint)
    }

    /// Dismisses every sheet without speaking the return of focus, then carries out `intent`.
    mutating func closeSheets(then intent: Intent? = nil) {
        guard state.sheets.hasSheet else { return intent.map { carryOut($0) } ?? () }
        if let intent { sheetFlow.afterSheets.append(intent) }
        for _ in state.sheets.entries {
            sheetFlow.quietDismissals += 1
            perform(state.sheets.dismiss(.escape))
        }
    }

    mutating func runAfterSheets() {
        let waiting = sheetFlow.afterSheets
        sheetFlow.afterSheets = []
        for intent in waiting { carryOut(intent) }
    }

    /// The drawer moved: show its channels when it opens, and post its one notification.
    mutating func perform(drawer action: Drawer.Action, announce: Bool) {
        guard case .settle(_, let panel) = action else { return }
        let (shown, matching) = ChannelDrawer.channels(state)
        let notification = Wording.notification(panel, channels: (shown.count, matching.count))
        let focus = navigator.focusedElement?.identifier
        rebuild()
        guard announce else { return }
        if state.drawer.state != .compressed {
            effects.append(.lines(Lines.screen(state: state, tree: tree, drawerOnly: true)))
        }
        post(notification)
        // Focus that was in the list lands where the list left it: said after the list's words
        // ("Channels, search only" alone left the listener not knowing where they were).
        if let moved = navigator.focusedElement?.identifier, moved != focus {
            speakFocus(navigator.focus(identifier: moved), queued: true)
        }
    }

    /// The navigation stack moved (Back) or stayed ("Nothing to go back to").
    mutating func navigated(_ action: NavigationStack.Action) {
        switch action {
        case .stayed(let panel):
            post(Wording.notification(panel))
        case .show(_, let panel):
            let notification = Wording.notification(panel)
            if state.route == .main {
                effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .refresh)))
            }
            rebuild()
            effects.append(.lines(Lines.screen(state: state, tree: tree)))
            if case .screenChanged(let focus, _) = notification, state.route == .main {
                post(.screenChanged(focus: focus, announcing: state.channelHeading))
            } else {
                post(notification)
            }
        }
    }

    /// Pushes the screen for `route` and shows it.
    mutating func show(_ route: AppState.Route, title: String, from opener: ElementID?) {
        let focus = Screens.firstElement(of: route, state: state)
        let action = state.push(route, title: title, focus: focus, from: opener)
        navigated(action)
    }
}
