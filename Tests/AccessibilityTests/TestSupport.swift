import Accessibility
import Synchronization

/// A thread-safe log that @Sendable handlers write to.
final class Log: Sendable {
    private let entries = Mutex<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }

    var all: [String] { entries.withLock { $0 } }
}

extension Navigator.Action {
    /// The label of the element focus moved to, for short expectations.
    var focusedText: String? {
        if case .focus(_, let phrase) = self { return phrase.text }
        return nil
    }
}
