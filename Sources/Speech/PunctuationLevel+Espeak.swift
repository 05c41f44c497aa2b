extension PunctuationLevel {
    /// The characters spoken at this level, for espeak-ng's punctuation list; `nil` means every
    /// character (`all`) or none at all (`none`).
    var spokenCharacters: String? {
        switch self {
        case .none, .all: nil
        case .some: "@#$%&*+=/\\|~^_"
        case .most: "@#$%&*+=/\\|~^_()[]{}<>\"':;-"
        }
    }
}
