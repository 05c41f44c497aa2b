import Accessibility

/// What the tester asks a host to do to an element.
public enum TestAction: Hashable, Sendable {
    /// Press Enter on it.
    case activate
    /// Type `text` into it (appending to what is there).
    case enterText(String)
    /// Remove all its text.
    case clearText
}
