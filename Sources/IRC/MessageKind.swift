/// What sort of line a message is.
///
/// `action` is CTCP ACTION (`/me waves`), `notice` an IRC NOTICE, `system` a line the
/// client writes itself (joins, topic changes, errors).
public enum MessageKind: Int, Sendable, Hashable, CaseIterable {
    case message = 0
    case action = 1
    case notice = 2
    case system = 3
}
