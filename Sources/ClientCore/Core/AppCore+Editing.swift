import Accessibility
import ChatModel
import SpeechVocabulary

/// Editing in a text field, with readline's keys and VoiceOver's speech: the caret says the
/// character or word it crossed, a deletion says what it removed, Up and Down recall the
/// lines sent in this channel, and a paste of several lines waits to be confirmed.
extension AppCore {
    /// One edit of the focused text field.
    enum Edit: Equatable {
        case type(String)
        case delete(forward: Bool)
        case caret(forward: Bool)
        case word(forward: Bool)
        case toEnd(Bool)
        case killWord, killToStart, killToEnd
        case yank
    }

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
    func editor(_ field: TextField) -> LineEditor {
        let text = text(of: field)
        let caret = state.carets[field].flatMap { $0.text == text ? $0.offset : nil }
        return LineEditor(text: text, caret: caret)
    }

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
    mutating func edit(_ field: TextField?, _ edit: Edit) {
        guard let field else { return }
        var line = editor(field)
        let before = line.text
        let echoes = echoPriority
        switch edit {
        case .type(let typed):
            if typed.contains("\n"), field == .composer || field == .threadComposer {
                return offerPaste(typed, in: field)
            }
            line.insert(typed.replacingOccurrences(of: "\n", with: " "))
            noteTyping()
            echo(typed, before: line.beforeCaret)
        case .delete(let forward):
            guard let removed = line.delete(forward: forward) else { return boundary(forward ? .end : .start) }
            noteTyping()
            say(.edit(.deletedCharacter(SpokenText.characterName(removed, capitals: capitals))), echoes, .keyEcho)
        case .caret(let forward):
            guard let crossed = line.move(forward: forward) else { return boundary(forward ? .end : .start) }
            say(SpokenText.characterName(crossed, capitals: capitals), .default, .keyEcho)
        case .word(let forward):
            guard let word = line.moveWord(forward: forward) else { return boundary(forward ? .end : .start) }
            if word.isEmpty {
                say(.edit(line.atEnd ? .endOfText : .startOfText), .default, .keyEcho)
            } else {
                say(SpokenText.verbatim(SpokenText.markingCapitals(word, capitals)), .default, .keyEcho)
            }
        case .toEnd(let end):
            line.moveToEnd(end)
            // As NVDA does: at the start, the first character; at the end, that it is the end.
            if end || line.isEmpty {
                say(.edit(line.isEmpty ? .empty : .endOfText), .default, .keyEcho)
            } else if let first = line.characterAtCaret {
                say(SpokenText.characterName(first, capitals: capitals), .default, .keyEcho)
            }
        case .killWord, .killToStart, .killToEnd:
            let removed =
                edit == .killWord ? line.killWordBack() : edit == .killToStart ? line.killToStart() : line.killToEnd()
            guard !removed.isEmpty else { return say(.edit(.nothingToDelete), .default, .keyEcho) }
            state.killed = removed
            noteTyping()
            say(.edit(.deletedWords(removed.trimmingCharacters(in: .whitespaces))), echoes, .keyEcho)
        case .yank:
            guard !state.killed.isEmpty else { return say(.edit(.nothingToPutBack), .default, .keyEcho) }
            line.insert(state.killed)
            noteTyping()
            say(SpokenText.verbatim(state.killed.trimmingCharacters(in: .whitespaces)), echoes, .keyEcho)
        }
        keep(line, in: field)
        // The field's new value is not spoken: the echo is. A caret move changes no element
        // (the bottom line's cursor follows in `finish`), so the tree stays as it is.
        if line.text != before { rebuild() }
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

    /// Puts an edited line back into its field, caret and all.
    mutating func keep(_ line: LineEditor, in field: TextField) {
        if text(of: field) != line.text { setText(field, line.text) }
        state.carets[field] = Caret(text: line.text, offset: line.caret)
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
    mutating func remember(sent text: String) {
        var lines = state.sentLines[state.channelID, default: []]
        if lines.last != text { lines.append(text) }
        if lines.count > AppState.sentLinesLimit { lines.removeFirst(lines.count - AppState.sentLinesLimit) }
        state.sentLines[state.channelID] = lines
        state.recall = nil
    }

    /// Up (older) or Down (newer) through the lines sent in this channel, as a shell does;
    /// past the newest is the draft that was there before.
    mutating func recall(_ field: TextField, older: Bool) {
        let lines = state.sentLines[state.channelID, default: []]
        var current = state.recall?.field == field ? state.recall : nil
        if current == nil {
            guard older, !lines.isEmpty else {
                return say(
                    .edit(lines.isEmpty ? .noLinesSent(channel: state.channelName) : .nothingNewer), .default, .reader)
            }
            current = Recall(field: field, index: lines.count, draft: text(of: field))
        }
        guard var recall = current else { return }
        let index = recall.index + (older ? -1 : 1)
        guard index >= 0, index <= lines.count else { return boundary(older ? .start : .end) }
        recall.index = index
        let text = index == lines.count ? recall.draft : lines[index]
        state.recall = index == lines.count ? nil : recall
        keep(LineEditor(text: text), in: field)
        rebuild()
        say(text.isEmpty ? Wording.sentence(.edit(.empty)) : SpokenText.verbatim(text), .default, .reader)
    }

    // MARK: Pasting several lines

    /// A paste of several lines is one event, confirmed once: Enter sends them, any other key
    /// puts them in the field.
    mutating func offerPaste(_ text: String, in field: TextField) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard lines.count > 1 else { return edit(field, .type(lines.first ?? "")) }
        state.pendingPaste = PendingPaste(field: field, lines: lines)
        // Pasted from elsewhere, the field it went to is named in the same breath.
        let name = keyMemory.fieldToName.map { $0 + ". " } ?? ""
        keyMemory.fieldToName = nil
        say(name + Wording.sentence(.edit(.pasteAsk(lines: lines.count))), .default, .reader)
    }

    /// Enter on a waiting paste sends its lines in order; any other key puts them in the
    /// field, joined by spaces, so nothing is lost.
    mutating func confirmPaste(send: Bool) {
        guard let paste = state.pendingPaste else { return }
        state.pendingPaste = nil
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
