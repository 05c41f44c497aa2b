/// A change the speech layer must hear about, as UIKit posts them.
///
/// `focus` names an element by its identifier; `nil` leaves focus where the navigator puts it.
///
/// ```swift
/// .screenChanged(focus: "sheet.first", announcing: "Message actions")
/// ```
public enum AccessibilityNotification: Hashable, Sendable {
    /// Speak `text` at `priority`; focus does not move.
    case announcement(String, priority: SpeechPriority)
    /// A new screen or modal appeared or went: focus moves, and the text (if any) is spoken first.
    case screenChanged(focus: String?, announcing: String?)
    /// Part of the screen changed: focus moves to `focus` if given.
    case layoutChanged(focus: String?, announcing: String?)
    /// A scroll by a page: the text says where the user now is ("Page 2 of 5").
    case pageScrolled(String)
}
