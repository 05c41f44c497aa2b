/// What a run of text is for, which decides its colour in a ``Theme``.
public enum TextRole: String, CaseIterable, Codable, Sendable, Hashable {
    case body
    case secondary
    case heading
    case author
    case timestamp
    case link
    case mention
    case focus
    case error
    case success
}
