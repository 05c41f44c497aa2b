import Accessibility
import Presentation

/// Typing where there is no text field never turns into an action.
///
/// In a conversation (its messages, the channel heading, the thread), a character typed goes to
/// the conversation's message field: focus moves there, the field is named once, and the
/// character is typed, as chat apps do when one starts typing over the message list. The
/// command keys (`a`, `?`, `[`, `]`, Space) keep their meaning when pressed alone; but `a`
/// followed within a second by another character was the first letter of a word: the actions it
/// opened close without a word, and both letters go to the field ("anyone there" is typed, not
/// a reaction). Elsewhere (settings, key help, onboarding) a character is not typed: the first
/// of a run is answered "Not a text field", and no letter is dropped in silence.
extension AppCore {
    /// How soon after `a` another character makes it the first letter of a word.
    static let typingRun: Duration = .seconds(1)

    /// A character (or a paste) typed where focus is on no text field.
    mutating func typedOutsideAField(_ text: String) {
        var typed = text
        if case .typeInMessageField(let before)? = sheetFlow.afterSheets.last {
            // The actions taken back are still going: what follows joins the word.
            sheetFlow.afterSheets[sheetFlow.afterSheets.count - 1] = .typeInMessageField(before + typed)
            return
        }
        if let opened = keyMemory.actionsKey, now - opened.at <= Self.typingRun,
            case .messageActions? = state.sheets.activeSheet?.payload, state.sheets.entries.count == 1
        {
            // `a` began a word: its actions go without a word and the letter is typed.
            typed = opened.key + typed
            keyMemory.actionsKey = nil
            takeBackActions()
            return sheetFlow.afterSheets.append(.typeInMessageField(typed))
        }
        if let opened = keyMemory.actionsKey, now - opened.at <= Self.typingRun, !state.sheets.hasSheet {
            // `a` found no actions here (a button): it began a word, and is typed with it.
            typed = opened.key + typed
        }
        keyMemory.actionsKey = nil
        if state.activeSheet?.kind == .speechHistory { return findSpoken(typed) }
        if let (field, identifier) = sheetField, state.sheets.entries.count == 1 {
            // A sheet with a search field (the emoji picker, search): typing on a result is
            // more words for the search, as a list's filter field takes them.
            return typeInField(typed, field: field, identifier: identifier)
        }
        guard !state.sheets.hasSheet, let field = conversationField else {
            // Said once for a run of keys; the next key that is not a character ends the run.
            guard !keyMemory.refusedTyping else { return }
            keyMemory.refusedTyping = true
            return say(Wording.sentence(.notATextField(sheetOpen: state.sheets.hasSheet)), .default, .reader)
        }
        typeInMessageField(typed, field: field)
    }

    /// Letters typed in the speech history find what was said with them, as a list's type-ahead
    /// does: letters within a second of each other are one search, from the focused entry on
    /// towards older ones, round to the newest; nothing found is said so.
    mutating func findSpoken(_ typed: String) {
        let query =
            (now - state.spokenSearch.at <= Self.typingRun ? state.spokenSearch.text : "") + typed
        state.spokenSearch = (query, now)
        let newestFirst = Array(state.speechHistory.indices.reversed())
        let focused = navigator.focusedElement?.identifier
        let start = newestFirst.firstIndex { ElementID.spoken($0).identifier == focused } ?? 0
        let needle = query.lowercased()
        for step in 0..<newestFirst.count {
            let index = newestFirst[(start + step) % newestFirst.count]
            // Found as said or as written ("hash b" or "#b").
            let entry = state.speechHistory[index]
            guard
                SpokenText.unmarked(entry.text).lowercased().contains(needle)
                    || entry.shown?.lowercased().contains(needle) == true
            else { continue }
            // Said when focus moves, or at a search's first letter; the letters after it that keep
            // the same entry say nothing more.
            let identifier = ElementID.spoken(index).identifier
            if identifier == focused, query.count > typed.count { return }
            return speakFocus(navigator.focus(identifier: identifier), queued: false)
        }
        say(.reading(.nothingSaidWith(query)), .default, .reader)
    }

    /// Whether characters typed now join a word whose first letter took back the actions.
    static func isTypingRun(_ intents: [Intent]) -> Bool {
        if case .typeInMessageField? = intents.last { true } else { false }
    }

    /// The message field of what is on screen: the open channel's or the thread's.
    var conversationField: TextField? {
        switch state.route {
        case .main where state.drawer.state != .fullHeight: .composer
        case .thread: .threadComposer
        default: nil
        }
    }

    /// The search field of the open sheet, where it has one.
    var sheetField: (TextField, String)? {
        switch state.activeSheet?.kind {
        case .emojiPicker?: (.pickerQuery, ElementID.pickerSearch.identifier)
        case .search?: (.searchQuery, ElementID.searchField.identifier)
        default: nil
        }
    }

    /// Moves focus to the conversation's message field and types `text` there, naming the
    /// field once before the echo.
    mutating func typeInMessageField(_ text: String, field: TextField? = nil) {
        guard let field = field ?? conversationField else { return }
        let identifier = field == .composer ? ElementID.composer.identifier : ElementID.threadComposer.identifier
        let from = navigator.focusedElement?.identifier
        let draft = editor(field).text
        typeInField(
            text, field: field, identifier: identifier,
            name: Wording.sentence(.typingInMessageField(draft: draft, thread: field == .threadComposer)))
        if field == .composer, navigator.focusedElement?.identifier == identifier { state.fields.typedFrom = from }
    }

    /// Moves focus to a field and types `text` at its end, naming the field (`name`, else its
    /// label) in the same breath as the echo, so neither cuts the other off.
    mutating func typeInField(_ text: String, field: TextField, identifier: String, name: String? = nil) {
        guard case .focus = navigator.focus(identifier: identifier) else { return }
        keyMemory.chosenAction = nil
        // At the end of what is there (a draft), not wherever its caret was left.
        let there = editor(field)
        keep(LineEditor(text: there.text, caret: there.text.count), in: field)
        keyMemory.fieldToName = name ?? navigator.focusedElement?.label
        edit(field, .type(text))
        if let name = keyMemory.fieldToName {
            keyMemory.fieldToName = nil
            say(name, .default, .reader)
        }
    }

    /// Closes the actions `a` opened, saying nothing of them: neither their appearing nor
    /// focus going back.
    mutating func takeBackActions() {
        guard let entry = state.sheets.activeSheet else { return }
        sheetFlow.takenBack.insert(entry.id)
        sheetFlow.quietDismissals += 1
        perform(state.sheets.dismiss(.escape))
    }
}
