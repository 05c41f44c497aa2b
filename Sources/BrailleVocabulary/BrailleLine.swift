/// What the display shows for the focus or a message: text as written (never as spoken:
/// "#a", not "hash a"), and, in a text field, where the caret is.
///
/// ```swift
/// BrailleLine("Message #a edt hello", caret: 20, fieldStart: 15)
/// ```
public struct BrailleLine: Sendable, Equatable {
    public var text: String
    /// The caret, as a character offset into `text` (nil: no caret shown).
    public var caret: Int?
    /// Where the editable text starts in `text` (nil: not a text field). Routing there moves
    /// the caret; routing elsewhere activates.
    public var fieldStart: Int?
    /// Which element the line is of: a new line of the same element (a message that became
    /// read, a reaction added) leaves a message on the display; another element replaces it.
    public var element: String?
    /// What news is about when only its newest word matters ("connection": "Connected as ada"
    /// makes "Connecting to …" old): news of a topic replaces the waiting or shown news of it.
    public var topic: String?
    /// The channel news is of: when the reader opens it, its news still waiting is put away
    /// (what it said is in front of them).
    public var about: String?

    public init(
        _ text: String, caret: Int? = nil, fieldStart: Int? = nil, element: String? = nil, topic: String? = nil,
        about: String? = nil
    ) {
        self.text = text
        self.caret = caret
        self.fieldStart = fieldStart
        self.element = element
        self.topic = topic
        self.about = about
    }
}

/// What the braille user asked for with the display's own keys, for the core to carry out.
public enum BrailleInput: Sendable, Equatable {
    /// A routing key over a character of the focus's line (its offset into ``BrailleLine/text``),
    /// or past its end (nil).
    case route(Int?)
    /// Line up: the previous element (also panning left at the start of the line).
    case previous
    /// Line down: the next element (also panning right at the end of the line).
    case next
    /// Paced reading: the focus's line (of the element so named) was read through: its last
    /// window rested on, uncovered, or panned on past.
    case read(String)
}
