/// What Up and Down move by, as VoiceOver's rotor; Ctrl-Right and Ctrl-Left change it.
///
/// The first six jump between elements of a kind; ``actions`` steps through the focused
/// element's custom actions (Enter performs the chosen one); the last three review the
/// focused element's text by character, word or line.
public enum RotorSetting: String, Hashable, Sendable, CaseIterable {
    case headings
    case links
    case controls
    case textFields
    case messages
    case unread
    case actions
    case characters
    case words
    case lines

    /// The name spoken when the rotor turns to it ("Headings").
    public var name: String {
        switch self {
        case .headings: "Headings"
        case .links: "Links"
        case .controls: "Controls"
        case .textFields: "Text fields"
        case .messages: "Messages"
        case .unread: "Unread"
        case .actions: "Actions"
        case .characters: "Characters"
        case .words: "Words"
        case .lines: "Lines"
        }
    }

    /// Whether `element` is one of the elements this setting jumps between.
    public func matches(_ element: Element) -> Bool {
        switch self {
        case .headings: element.traits.contains(.header)
        case .links: element.traits.contains(.link)
        case .controls: element.isInteractive
        case .textFields: !element.traits.isDisjoint(with: .editable)
        case .messages: element.traits.contains(.message)
        case .unread: element.traits.contains(.unread)
        case .actions, .characters, .words, .lines: false
        }
    }

    /// The settings that jump between elements (rather than act on the focused one).
    public static let elementSettings: [RotorSetting] = [
        .headings, .links, .controls, .textFields, .messages, .unread,
    ]
}
