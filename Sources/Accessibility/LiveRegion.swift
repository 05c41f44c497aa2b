/// How changes inside a container are announced (ARIA `aria-live`, AT-SPI live regions).
///
/// - ``off``: not announced.
/// - ``polite``: waits behind current speech, coalesces under a flood (a chat log).
/// - ``assertive``: interrupts current speech (errors, disconnects).
public enum LiveRegion: String, Hashable, Sendable, CaseIterable {
    case off
    case polite
    case assertive

    /// The announcement priority new content in such a region is spoken at.
    public var priority: SpeechPriority? {
        switch self {
        case .off: nil
        case .polite: .low
        case .assertive: .high
        }
    }
}
