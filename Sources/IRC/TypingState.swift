/// The IRCv3 `+typing` client tag value.
public enum TypingState: String, Sendable, Hashable {
    case active
    case paused
    case done
}
