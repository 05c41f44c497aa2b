import Accessibility

/// Why a ``UITester`` step failed, with the tree as it would be spoken.
///
/// ```
/// elementNotFound: No element labelled "Serch" with traits [searchField] within 2 seconds.
/// The screen, as spoken:
/// [Emoji] (modal)
///   Search, search field.
/// ```
public struct UITesterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: String, Hashable, Sendable {
        case elementNotFound
        case elementStillPresent
        case obscuredByModal
        case notEnabled
        case notActivatable
        case notEditable
        case textMismatch
        case notSpoken
        case spokenUnexpectedly
        case badTranscript
    }

    /// What kind of failure.
    public var code: Code
    /// What went wrong, in a sentence.
    public var message: String
    /// The tree at the time, spoken (empty when not relevant).
    public var spokenTree: String

    public init(_ code: Code, _ message: String, spokenTree: String = "") {
        self.code = code
        self.message = message
        self.spokenTree = spokenTree
    }

    public var description: String {
        var text = "\(code.rawValue): \(message)"
        if !spokenTree.isEmpty { text += "\nThe screen, as spoken:\n" + spokenTree }
        return text
    }
}
