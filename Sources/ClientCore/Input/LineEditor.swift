/// One line of text and its caret, edited with readline's keys: the pure part of a text field.
///
/// Each edit returns what it passed over or removed, so the core can say it as VoiceOver and
/// readline users expect: Left says the character the caret crossed, Ctrl-W the word it
/// removed. The caret is a character offset, `0…text.count`.
///
/// ```swift
/// var line = LineEditor(text: "hello world")
/// line.moveWord(forward: false)   // "world"; the caret is before it
/// line.killToEnd()                // "world"; the text is "hello "
/// line.insert("there")            // "hello there"
/// ```
struct LineEditor: Hashable, Sendable {
    private(set) var characters: [Character]
    /// Characters before the caret.
    private(set) var caret: Int

    init(text: String, caret: Int? = nil) {
        characters = Array(text)
        self.caret = min(max(0, caret ?? characters.count), characters.count)
    }

    var text: String { String(characters) }
    var isEmpty: Bool { characters.isEmpty }
    var atStart: Bool { caret == 0 }
    var atEnd: Bool { caret == characters.count }
    /// The text before the caret.
    var beforeCaret: String { String(characters[..<caret]) }

    /// Inserts `text` at the caret and moves the caret past it.
    mutating func insert(_ text: String) {
        let new = Array(text)
        characters.insert(contentsOf: new, at: caret)
        caret += new.count
    }

    /// Moves one character; the character crossed, or nil at the edge.
    mutating func move(forward: Bool) -> Character? {
        if forward {
            guard caret < characters.count else { return nil }
            caret += 1
            return characters[caret - 1]
        }
        guard caret > 0 else { return nil }
        caret -= 1
        return characters[caret]
    }

    /// Moves to the end of this or the next word (forward), or to the start of this or the
    /// previous word (back), as readline's Alt-F and Alt-B do; the word moved over, or nil at
    /// the edge. Words are letters and digits.
    mutating func moveWord(forward: Bool) -> String? {
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        if forward {
            guard caret < characters.count else { return nil }
            var index = caret
            while index < characters.count, !isWord(characters[index]) { index += 1 }
            let start = index
            while index < characters.count, isWord(characters[index]) { index += 1 }
            caret = index
            return String(characters[(start == index ? caret : start)..<index])
        }
        guard caret > 0 else { return nil }
        var index = caret
        while index > 0, !isWord(characters[index - 1]) { index -= 1 }
        let end = index
        while index > 0, isWord(characters[index - 1]) { index -= 1 }
        caret = index
        // The whole word the caret is now on, as a screen reader says it ("deploy" from
        // "depl|oy"), not only the part crossed.
        var wordEnd = end
        while wordEnd < characters.count, isWord(characters[wordEnd]) { wordEnd += 1 }
        return String(characters[index..<wordEnd])
    }

    /// Moves to the start or the end.
    mutating func moveToEnd(_ end: Bool) { caret = end ? characters.count : 0 }

    /// The character at the caret (after it), if any.
    var characterAtCaret: Character? { caret < characters.count ? characters[caret] : nil }

    /// Backspace (`forward` false) or Delete: the character removed, or nil at the edge.
    mutating func delete(forward: Bool) -> Character? {
        if forward {
            guard caret < characters.count else { return nil }
            return characters.remove(at: caret)
        }
        guard caret > 0 else { return nil }
        caret -= 1
        return characters.remove(at: caret)
    }

    /// Ctrl-W: the word before the caret and the spaces after it, back to the previous space
    /// (readline's unix-word-rubout). What was removed; empty at the start.
    mutating func killWordBack() -> String {
        var index = caret
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return remove(index..<caret)
    }

    /// Ctrl-U: everything before the caret.
    mutating func killToStart() -> String { remove(0..<caret) }

    /// Ctrl-K: everything after the caret.
    mutating func killToEnd() -> String { remove(caret..<characters.count) }

    private mutating func remove(_ range: Range<Int>) -> String {
        let removed = String(characters[range])
        characters.removeSubrange(range)
        caret = range.lowerBound
        return removed
    }
}
