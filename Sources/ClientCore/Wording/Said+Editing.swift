import Accessibility

/// What a key in a text field did, when the text itself is not what is said.
enum EditFact: Hashable, Sendable {
    /// A character was deleted (its spoken name, "capital B").
    case deletedCharacter(String)
    /// Words were deleted (Control-W, Control-U, Control-K): the words as typed.
    case deletedWords(String)
    case endOfText
    case startOfText
    case empty
    case nothingToDelete
    case nothingToPutBack
    /// Up in a message field of a channel where nothing was sent yet.
    case noLinesSent(channel: String)
    /// Down with no recalled line.
    case nothingNewer
    /// Enter on an empty field.
    case nothingToSend
    /// A paste of several lines waits for Enter or Escape.
    case pasteAsk(lines: Int)
    /// The paste went into the field as one line.
    case pastedIntoField(lines: Int)
    /// The paste was sent, line by line.
}

extension Wording {
    static func sentence(_ fact: EditFact) -> String {
        switch fact {
        case .deletedCharacter(let name): "\(name), deleted"
        // A pause after the words, so they are not heard as one phrase with "deleted".
        case .deletedWords(let words): SpokenText.verbatim(words) + ", deleted"
        case .endOfText: "End of text"
        case .startOfText: "Start of text"
        case .empty: "Empty"
        case .nothingToDelete: "Nothing to delete"
        case .nothingToPutBack: "Nothing to put back"
        case .noLinesSent(let channel): "No lines sent in \(SpokenText.verbatim(channel)) yet"
        case .nothingNewer: "Nothing newer"
        case .nothingToSend: "Nothing to send"
        case .pasteAsk(let lines): "Paste \(lines) lines? Enter sends them, Escape puts them in the field."
        case .pastedIntoField(let lines): "\(lines) lines in the field, joined by spaces"
        }
    }
}
