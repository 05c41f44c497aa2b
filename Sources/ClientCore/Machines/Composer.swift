/// What the hands leave in the text fields between keys: each field's caret, what Ctrl-W,
/// Ctrl-U or Ctrl-K removed, each channel's draft, the lines sent (for Up and Down to recall)
/// and a paste of several lines waiting to be confirmed. Fed a field's text and a key's edit,
/// it answers with the new text and what happened, for the core to say.
///
/// ```swift
/// var composer = Composer()
/// var line = composer.editor(.composer, text: "hello")
/// let outcome = composer.apply(.killWord, to: &line)   // .killed("hello")
/// composer.keep(line, in: .composer)
/// ```
///
/// The texts themselves are the screens' (``AppState/composer`` and the others): the machine
/// remembers only what editing them needs.
struct Composer: Sendable {
    /// One edit of a text field.
    enum Edit: Equatable, Sendable {
        case type(String)
        case delete(forward: Bool)
        case caret(forward: Bool)
        case word(forward: Bool)
        case toEnd(Bool)
        case killWord, killToStart, killToEnd
        case yank
    }

    /// What an edit did, for the core to say.
    enum EditOutcome: Equatable, Sendable {
        /// Text went in at the caret; `before` is what precedes the caret now (a space's word).
        case typed(String, before: String)
        case deleted(Character)
        /// The caret crossed a character, or a word (empty: it reached the start or end).
        case crossed(Character)
        case crossedWord(String, atEnd: Bool)
        /// Home or End: at the end (or in an empty field) the end is said, at the start the
        /// first character, as NVDA does.
        case movedToEnd(atEnd: Bool, empty: Bool, first: Character?)
        case killed(String)
        case nothingToDelete
        case yanked(String)
        case nothingToPutBack
        /// The caret cannot go further that way.
        case edge(forward: Bool)
    }

    /// What Up or Down on a message field found.
    enum RecallOutcome: Equatable, Sendable {
        case noLinesSent
        case nothingNewer
        case edge(older: Bool)
        /// The field shows this text now (a sent line, or the draft it replaced).
        case shows(String)
    }

    /// What a paste turned out to be.
    enum PasteOffer: Equatable, Sendable {
        /// One line (blank ones left out): typed as it is.
        case oneLine(String)
        /// Several lines, waiting to be confirmed (``pendingPaste``).
        case waiting(lines: Int)
    }

    static let sentLinesLimit = 100

    /// Where the caret is in each text field, for the text it was placed in: a field whose
    /// text changed another way (sent, completed, put back) has its caret at the end.
    private var carets: [TextField: Caret] = [:]
    /// What Ctrl-W, Ctrl-U or Ctrl-K last removed, for Ctrl-Y to put back.
    private(set) var killed = ""
    /// What was left typed in the message field of each channel not open, put back when it
    /// opens again (a draft in #welcome stays there, it does not follow to the next channel).
    private var drafts: [Int64: String] = [:]
    /// Lines sent from the message field, per channel, oldest first.
    private var sentLines: [Int64: [String]] = [:]
    /// Up and Down's place in ``sentLines`` while recalling, with the draft they replaced.
    private var recall: Recall?
    /// A paste of several lines, waiting for Enter (send them) or another key (into the field).
    private(set) var pendingPaste: PendingPaste?
    /// The message typing began on, which took focus to the message field: Escape goes back
    /// to it, not to the newest message.
    var typedFrom: String?

    /// `text` with the caret where it was left in `field`, or at its end when the text has
    /// changed since.
    func editor(_ field: TextField, text: String) -> LineEditor {
        LineEditor(text: text, caret: carets[field].flatMap { $0.text == text ? $0.offset : nil })
    }

    /// Remembers where the caret of `field` is, for its text.
    mutating func keep(_ line: LineEditor, in field: TextField) {
        carets[field] = Caret(text: line.text, offset: line.caret)
    }

    /// Carries out `edit` on `line`. A typed text of several lines is not an edit: it is
    /// offered with ``offerPaste(_:in:)`` first.
    mutating func apply(_ edit: Edit, to line: inout LineEditor) -> EditOutcome {
        switch edit {
        case .type(let typed):
            line.insert(typed.replacingOccurrences(of: "\n", with: " "))
            return .typed(typed, before: line.beforeCaret)
        case .delete(let forward):
            return line.delete(forward: forward).map(EditOutcome.deleted) ?? .edge(forward: forward)
        case .caret(let forward):
            return line.move(forward: forward).map(EditOutcome.crossed) ?? .edge(forward: forward)
        case .word(let forward):
            guard let word = line.moveWord(forward: forward) else { return .edge(forward: forward) }
            return .crossedWord(word, atEnd: line.atEnd)
        case .toEnd(let end):
            line.moveToEnd(end)
            return .movedToEnd(atEnd: end, empty: line.isEmpty, first: line.characterAtCaret)
        case .killWord, .killToStart, .killToEnd:
            let removed =
                edit == .killWord ? line.killWordBack() : edit == .killToStart ? line.killToStart() : line.killToEnd()
            guard !removed.isEmpty else { return .nothingToDelete }
            killed = removed
            return .killed(removed)
        case .yank:
            guard !killed.isEmpty else { return .nothingToPutBack }
            line.insert(killed)
            return .yanked(killed)
        }
    }

    // MARK: Drafts

    /// Another channel is shown: the message field's text stays as the old channel's draft;
    /// the new channel's own draft, if any, is what the field shows now.
    mutating func switchChannel(from old: Int64, leaving text: String, to new: Int64) -> String {
        drafts[old] = text.isEmpty ? nil : text
        if recall?.field == .composer { recall = nil }
        typedFrom = nil
        return drafts.removeValue(forKey: new) ?? ""
    }

    // MARK: Recalling sent lines

    /// Remembers a line sent from the message field in `channel`, for Up to recall.
    mutating func remember(sent text: String, in channel: Int64) {
        var lines = sentLines[channel, default: []]
        if lines.last != text { lines.append(text) }
        if lines.count > Self.sentLinesLimit { lines.removeFirst(lines.count - Self.sentLinesLimit) }
        sentLines[channel] = lines
        recall = nil
    }

    /// Up (older) or Down (newer) through the lines sent in `channel`, as a shell does; past
    /// the newest is the draft that was there before (`text`, the field's text now).
    mutating func recall(_ field: TextField, older: Bool, in channel: Int64, text: String) -> RecallOutcome {
        let lines = sentLines[channel, default: []]
        var place: Recall
        if let current = recall, current.field == field {
            place = current
        } else {
            guard older, !lines.isEmpty else { return lines.isEmpty ? .noLinesSent : .nothingNewer }
            place = Recall(field: field, index: lines.count, draft: text)
        }
        let index = place.index + (older ? -1 : 1)
        guard index >= 0, index <= lines.count else { return .edge(older: older) }
        place.index = index
        recall = index == lines.count ? nil : place
        return .shows(index == lines.count ? place.draft : lines[index])
    }

    // MARK: Pasting several lines

    /// A paste of several lines waits to be confirmed (Enter sends them, another key puts
    /// them in the field); one line is typed as it is. Blank lines are left out.
    mutating func offerPaste(_ text: String, in field: TextField) -> PasteOffer {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard lines.count > 1 else { return .oneLine(lines.first ?? "") }
        pendingPaste = PendingPaste(field: field, lines: lines)
        return .waiting(lines: lines.count)
    }

    /// The waiting paste, confirmed or put in its field by the next key: taken once.
    mutating func takePaste() -> PendingPaste? {
        defer { pendingPaste = nil }
        return pendingPaste
    }
}

/// A caret and the text it was placed in.
struct Caret: Hashable, Sendable {
    var text: String
    var offset: Int
}

/// Recalling sent lines in a text field: which line is shown, and the draft it replaced.
struct Recall: Hashable, Sendable {
    var field: TextField
    var index: Int
    var draft: String
}

/// Lines pasted at once into a text field, waiting to be confirmed.
struct PendingPaste: Hashable, Sendable {
    var field: TextField
    var lines: [String]
}
