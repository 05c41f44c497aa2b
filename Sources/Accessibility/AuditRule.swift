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
}
