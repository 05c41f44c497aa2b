/// A rule ``Audit`` checks.
public enum AuditRule: String, Hashable, Sendable, CaseIterable {
    /// An interactive element has no label.
    case interactiveWithoutLabel
    /// The label repeats a trait word ("Send button" on a button).
    case labelRepeatsTrait
    /// An adjustable element has no value.
    case adjustableWithoutValue
    /// An image has no label.
    case imageWithoutLabel
    /// A hint does not start with a verb.
    case hintWithoutVerb
    /// A hint describes touch gestures ("Double tap to…") instead of keys.
    case hintDescribesGesture
    /// Two visible siblings have the same label and traits.
    case duplicateSiblings
    /// A modal container offers no way out by Escape.
    case modalWithoutEscape
    /// A toggle carries a value: its state is its selected trait, said once ("Hints, toggle, on."),
    /// so the value is never spoken and must be empty.
    case toggleWithValue
    /// A value holds a word that the element's traits already say ("on", "selected", "button").
    case traitWordInValue
    /// A count disagrees in number with its noun ("1 new messages", "2 reply").
    case countDisagreesWithNoun
    /// A focusable element's braille line is empty or holds a character a display cannot show
    /// (a control character, a line break).
    case brailleEmpty
    /// Some of a focusable element's braille line is in no display window: the display would
    /// never show it.
    case brailleCut
}
