import Accessibility
import Presentation

/// A sheet: its title, the elements of its kind (short form shows the first few actions), and
/// "More actions" when some are hidden. Modal; Escape dismisses it through the core.
package enum SheetScreen {
    static func build(
        _ state: AppState, kind: AppState.SheetKind, sheet: Sheet, into b: inout ScreenTree.Builder
    ) -> Element {
        var children = [
            b.make(.sheetTitle, Element(label: sheet.configuration.title, traits: .header, headingLevel: 1))
        ]
        let all = elements(kind, state: state, into: &b)
        if case .messageActions = kind {
            let visible = Set(sheet.visibleActionIdentifiers)
            children += all.filter { visible.contains($0.identifier ?? "") }
        } else {
            children += all
        }
        if sheet.showsMoreActionsButton {
            children.append(
                b.make(
                    .moreActions,
                    Element(label: "More actions", traits: .button, hint: "Press Enter to show every action."),
                    ElementBehaviour(activate: .expandSheet)))
        }
        var element = b.make(.sheet, Element(label: sheet.configuration.title, isModal: true, children: children))
        element.escape = { true }
        return element
    }

    static func elements(_ kind: AppState.SheetKind, state: AppState, into b: inout ScreenTree.Builder) -> [Element] {
        switch kind {
        case .messageActions(let id): MessageActionsSheet.build(state, messageID: id, into: &b)
        case .emojiPicker(let id): EmojiPickerSheet.build(state, messageID: id, into: &b)
        case .settings: SettingsSheet.build(state, into: &b)
        case .keyHelp: KeyHelpSheet.build(into: &b)
        case .speechHistory: SpeechHistorySheet.build(state, into: &b)
        case .search: SearchSheet.build(state, into: &b)
        case .names(let channelID): NamesSheet.build(state, channelID: channelID, into: &b)
        case .channelActions(let channelID): ChannelActionsSheet.build(state, channelID: channelID, into: &b)
        case .addServer: AddServerSheet.build(state, into: &b)
        case .elementActions(_, let actions):
            actions.enumerated().map { index, action in
                b.make(
                    .elementAction(index), Element(label: action.name, traits: .button, hint: hint(action.name)),
                    ElementBehaviour(activate: .closingSheets(action.intent)))
            }
        }
    }

    /// An action's hint from its name, a verb phrase: "Mark unread" → "Press Enter to mark unread."
    /// ("do it" told the listener nothing the name had not).
    static func hint(_ name: String) -> String {
        guard let first = name.first else { return "Press Enter." }
        let second = name.dropFirst().first
        let verb = second.map(\.isLowercase) ?? true ? first.lowercased() + name.dropFirst() : name
        return "Press Enter to \(verb)."
    }

    package static func configuration(_ kind: AppState.SheetKind, state: AppState) -> SheetConfiguration {
        var scratch = ScreenTree.Builder()
        let identifiers = elements(kind, state: state, into: &scratch).compactMap(\.identifier)
        switch kind {
        case .messageActions:
            return SheetConfiguration(
                title: "Message actions", actionIdentifiers: identifiers, shortFormActionCount: 7,
                moreActionsIdentifier: ElementID.moreActions.identifier)
        case .emojiPicker:
            return SheetConfiguration(
                title: "Emoji picker", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: ElementID.pickerSearch.identifier, itemNoun: .init("item"))
        case .settings:
            return SheetConfiguration(
                title: "Settings", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: ElementID.setting(.textSize).identifier, itemNoun: .init("item"))
        case .keyHelp:
            return SheetConfiguration(
                title: "Key help", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: identifiers.first, itemNoun: .init("key"))
        case .search:
            return SheetConfiguration(
                title: "Search", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: ElementID.searchField.identifier, itemNoun: .init("item"))
        case .names(let channelID):
            return SheetConfiguration(
                title: NamesSheet.title(state, channelID: channelID), actionIdentifiers: identifiers,
                shortFormActionCount: identifiers.count, firstElementIdentifier: identifiers.first,
                itemNoun: .init("person", plural: "people"))
        case .channelActions(let channelID):
            let name = state.channels.first { $0.id == channelID }?.name ?? "Channel"
            return SheetConfiguration(
                title: "\(name) actions", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: identifiers.first)
        case .addServer:
            return SheetConfiguration(
                title: AddServerSheet.title, actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: identifiers.first, itemNoun: .init("field"))
        case .elementActions(let title, _):
            // Named by the element, where its name is short ("kim actions"), else plainly.
            return SheetConfiguration(
                title: (1...30).contains(title.count) ? "\(title) actions" : "Actions", actionIdentifiers: identifiers,
                shortFormActionCount: identifiers.count, firstElementIdentifier: identifiers.first)
        case .speechHistory:
            return SheetConfiguration(
                title: "Speech history", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: identifiers.first, itemNoun: .init("thing said", plural: "things said"))
        }
    }
}
