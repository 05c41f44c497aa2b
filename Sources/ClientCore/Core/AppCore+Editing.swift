import Accessibility
import ChatModel
import SpeechVocabulary
import UnicodeData

/// Editing in a text field, with readline's keys and VoiceOver's speech: the caret says the
/// character or word it crossed, a deletion says what it removed, Up and Down recall the
/// lines sent in this channel, and a paste of several lines waits to be confirmed.
extension AppCore {
    /// The text of `field`.
    func text(of field: TextField) -> String {
        switch field {
        case .server(let part): state.serverDraft[part] ?? ""
        case .composer: state.composer
        case .threadComposer: state.threadComposer
        case .pickerQuery: state.pickerQuery
        case .searchQuery: state.searchQuery
        case .channelQuery: state.channelQuery
        }
    }

    /// `field`'s text with its caret: where it was left, or at the end when the text has
    /// changed since (sent, completed, put back).
    func editor(_ field: TextField) -> LineEditor { state.fields.editor(field, text: text(of: field)) }

    /// Whether a text field (or search field) has focus.
    var focusIsEditable: Bool { navigator.focusedElement.map { !$0.traits.isDisjoint(with: .editable) } ?? false }

    /// The caret of the focused text field as an offset into its bottom line
    /// ("Message #welcome: " and the text), or nil when no text field has focus.
    var bottomCaret: Int? {
        guard let focused = navigator.focusedElement, let field = tree.behaviour(focused.identifier)?.edits else {
            return nil
        }
        return (focused.label + ": ").count + editor(field).caret
    }

    /// Carries out `edit` in `field` and says what it did.
    mutating func edit(_ field: TextField?, _ edit: Composer.Edit) {
        guard let field else { return }
        if case .type(let typed) = edit, typed.contains("\n"), field == .composer || field == .threadComposer {
            return offerPaste(typed, in: field)
        }
        var line = editor(field)
        let before = line.text
        let echoes = echoPriority
        let outcome = state.fields.apply(edit, to: &line)
        // Typing holds the news back, and cuts off what is said when it interrupts: before the echo.
        if line.text != before { noteTyping() }
        switch outcome {
        case .typed(let typed, let beforeCaret): echo(typed, before: beforeCaret)
        case .deleted(let removed):
            say(.edit(.deletedCharacter(SpokenText.characterName(removed, capitals: capitals))), echoes, .keyEcho)
        case .crossed(let crossed): say(SpokenText.characterName(crossed, capitals: capitals), .default, .keyEcho)
        case .crossedWord(let word, let atEnd):
            if word.isEmpty {
                say(.edit(atEnd ? .endOfText : .startOfText), .default, .keyEcho)
            } else {
                say(SpokenText.verbatim(SpokenText.markingCapitals(word, capitals)), .default, .keyEcho)
            }
        case .movedToEnd(let atEnd, let empty, let first):
            // As NVDA does: at the start, the first character; at the end, that it is the end.
            if atEnd || empty {
                say(.edit(empty ? .empty : .endOfText), .default, .keyEcho)
            } else if let first {
                say(SpokenText.characterName(first, capitals: capitals), .default, .keyEcho)
            }
        case .killed(let removed):
            say(.edit(.deletedWords(removed.trimmingCharacters(in: .whitespaces))), echoes, .keyEcho)
        case .nothingToDelete: return say(.edit(.nothingToDelete), .default, .keyEcho)
        case .yanked(let text): say(SpokenText.verbatim(text.trimmingCharacters(in: .whitespaces)), echoes, .keyEcho)
        case .nothingToPutBack: return say(.edit(.nothingToPutBack), .default, .keyEcho)
        case .edge(let forward): return boundary(forward ? .end : .start)
        }
        keep(line, in: field)
        // The field's new value is not spoken: the echo is. A caret move changes no element
        // (the bottom line's cursor follows in `finish`), so the tree stays as it is.
        if line.text != before { rebuild() }
        if line.text != before, !line.isEmpty, field == .pickerQuery || field == .channelQuery {
            searchCounted(in: field)
        }
        // Typing is told to a channel one is in, and not while a command is being written.
        if field == .composer, line.text != before, state.settings.sendTyping, let channel = state.channel,
            onIRC(channel),
            !state.leftChannels.contains(channel.id)
        {
            let stopped = line.isEmpty || line.text.hasPrefix("/")
            if !stopped || !before.isEmpty, !(stopped && before.hasPrefix("/")) {
                transmit(stopped ? .stoppedTyping(in: channel.name) : .typing(in: channel.name))
            }
        }
    }

    /// The live region of a filter's count (the picker's, the drawer's): when it is said, the
    /// list it counts is shown (/search's results, shown as they come, have "search").
    static let filterRegion = "filter"

    /// The count for the words typed in the picker's or the drawer's search, said politely
    /// once typing pauses (only the latest is news). The tree just built counted it.
    mutating func searchCounted(in field: TextField) {
        guard let count = tree.searchMatches else { return }
        let found: CommandFact = .matching(count, field == .pickerQuery ? "emoji" : "channel")
        announce(
            announcer.liveRegionChanged(
                LiveRegionChange(
                    region: Self.filterRegion, politeness: .polite, text: Wording.sentence(.command(found)),
                    noun: "result",
                    replaces: true),
                at: now))
    }

    /// Puts an edited line back into its field, caret and all.
    mutating func keep(_ line: LineEditor, in field: TextField) {
        if text(of: field) != line.text { setText(field, line.text) }
        state.fields.keep(line, in: field)
    }

    /// The caret cannot go further: a sound with sounds on, else the word.
    mutating func boundary(_ edge: Navigator.Edge) { speak(.boundary(edge)) }

    /// Says what was typed, as `speech.echo` asks: the character, or the word a space ends.
    mutating func echo(_ text: String, before: String) {
        let echo = state.settings.speech.echo
        guard echo != .none else { return }
        // A field that focus has just moved to is named first, in the same utterance.
        let name = keyMemory.fieldToName.map { $0 + ", " } ?? ""
        var echoed: String?
        if echo == .characters || echo == .both, text.count == 1, let character = text.first {
            echoed = SpokenText.characterName(character, capitals: capitals)
        } else if echo == .words || echo == .both, text == " " {
            if let word = before.split(separator: " ").last {
                echoed = SpokenText.verbatim(SpokenText.markingCapitals(String(word), capitals))
            }
        } else if text.count > 1 {
            echoed = SpokenText.verbatim(text)
        }
        guard let echoed else { return }
        keyMemory.fieldToName = nil
        say(name + echoed, name.isEmpty ? echoPriority : .default, name.isEmpty ? .keyEcho : .reader)
    }

    // MARK: Recalling sent lines

    /// Remembers a line sent from the composer in the open channel, for Up to recall.
    mutating func remember(sent text: String) { state.fields.remember(sent: text, in: state.channelID) }

    /// Up (older) or Down (newer) through the lines sent in this channel, as a shell does;
    /// past the newest is the draft that was there before.
    mutating func recall(_ field: TextField, older: Bool) {
        switch state.fields.recall(field, older: older, in: state.channelID, text: text(of: field)) {
        case .noLinesSent: say(.edit(.noLinesSent(channel: state.channelName)), .default, .reader)
        case .nothingNewer: say(.edit(.nothingNewer), .default, .reader)
        case .edge(let older): boundary(older ? .start : .end)
        case .shows(let text):
            keep(LineEditor(text: text), in: field)
            rebuild()
            say(text.isEmpty ? Wording.sentence(.edit(.empty)) : SpokenText.verbatim(text), .default, .reader)
        }
    }

    // MARK: Pasting several lines

    /// A paste of several lines is one event, confirmed once: Enter sends them, any other key
    /// puts them in the field.
    mutating func offerPaste(_ text: String, in field: TextField) {
        switch state.fields.offerPaste(text, in: field) {
        case .oneLine(let line): edit(field, .type(line))
        case .waiting(let count):
            // Pasted from elsewhere, the field it went to is named in the same breath.
            let name = keyMemory.fieldToName.map { $0 + ". " } ?? ""
            keyMemory.fieldToName = nil
            say(name + Wording.sentence(.edit(.pasteAsk(lines: count))), .default, .reader)
        }
    }

    /// Enter on a waiting paste sends its lines in order; any other key puts them in the
    /// field, joined by spaces, so nothing is lost.
    mutating func confirmPaste(send: Bool) {
        guard let paste = state.fields.takePaste() else { return }
        guard send else {
            var line = editor(paste.field)
            line.insert(paste.lines.joined(separator: " "))
            keep(line, in: paste.field)
            rebuild()
            return say(.edit(.pastedIntoField(lines: paste.lines.count)), .default, .reader)
        }
        var root: ChatMessage?
        if paste.field == .threadComposer, case .thread(let rootID) = state.route { root = state.message(id: rootID) }
        if let channel = state.channel, !state.leftChannels.contains(channel.id) {
            // One message of several lines: whole where the server takes it (multiline), else
            // its lines one by one. Pasted lines are text, even one that starts with a slash.
            self.send(paste.lines.joined(separator: "\n"), replyTo: root)
        } else {
            for line in paste.lines { self.send(line, replyTo: root) }
        }
        // Nothing said here: the delivery says "Sent", once, as for a typed line.
    }
}
