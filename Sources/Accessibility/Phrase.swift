/// What is spoken for an element: the text (label, value, trait words) and, apart, the hint.
///
/// Order is VoiceOver's: label, value, trait words, position in set, state words. The hint is
/// kept separate: the speech layer says it after a pause, in the `hint` voice, when hints are on.
///
/// Trait words, in this order: "heading level N", "button", "link", "search field",
/// "text field", "image", "adjustable", "toggle, on" / "toggle, off", "tab"; then the position
/// ("2 of 4"); then "selected" (not for toggles, whose state is on/off), "dimmed", "unread".
///
/// A toggle says its state once, from one source of truth: it is on when it has the
/// ``Traits/selected`` trait ("Hints, toggle, on."). A toggle's ``Element/value`` is never
/// spoken, neither in the phrase nor after activation ("on"), so a value that restates or
/// contradicts the trait cannot be heard; ``Audit`` reports a toggle that carries a value
/// (``AuditRule/toggleWithValue``).
///
/// ```swift
/// let volume = Element(label: "Volume", value: "50%", traits: .adjustable,
///                      hint: "Press Up or Down to adjust the value.")
/// Phrase(volume).text  // "Volume, 50%, adjustable."
/// Phrase(volume).hint  // "Press Up or Down to adjust the value."
/// Phrase.adjusted(volume) // "50%"
/// ```
public struct Phrase: Hashable, Sendable, CustomStringConvertible {
    /// Label, value and trait words, ending with a full stop.
    public var text: String
    /// The hint, said later in the hint voice; empty when there is none.
    public var hint: String

    /// A phrase from its parts.
    public init(text: String, hint: String = "") {
        self.text = text
        self.hint = hint
    }

    /// The phrase for `element` under `options`.
    public init(_ element: Element, options: PhraseOptions = .standard) {
        var parts: [String] = []
        parts.reserveCapacity(6)
        let label = SpokenText.prepare(
            options.lexicon.apply(element.label), punctuation: options.punctuation, emoji: options.emoji)
        if !label.isEmpty { parts.append(label) }
        if !element.traits.contains(.toggleButton) {
            // A text field's value is read as typed: the listener's own pronunciations are not
            // applied to what they are writing.
            let written =
                element.traits.isDisjoint(with: .editable) ? options.lexicon.apply(element.value) : element.value
            let value = SpokenText.prepare(written, punctuation: options.punctuation, emoji: options.emoji)
            if !value.isEmpty {
                parts.append(element.language.map { SpokenLanguage.mark(value, language: $0) } ?? value)
            }
        }
        parts.append(contentsOf: Phrase.traitWords(for: element, verbosity: options.verbosity))
        self.init(text: Phrase.sentence(parts), hint: element.hint)
    }

    /// What is said after an adjustment or a toggle: only the new value ("60%"), or a
    /// toggle's new state from its selected trait ("on"), never its value.
    public static func adjusted(_ element: Element, options: PhraseOptions = .standard) -> String {
        if element.traits.contains(.toggleButton) {
            return element.traits.contains(.selected) ? "on" : "off"
        }
        let value = SpokenText.prepare(element.value, punctuation: options.punctuation, emoji: options.emoji)
        if !value.isEmpty { return value }
        return element.traits.contains(.selected) ? "selected" : "not selected"
    }

    /// The trait words for `element`, in speaking order.
    public static func traitWords(for element: Element, verbosity: Verbosity) -> [String] {
        let traits = element.traits
        var words: [String] = []
        if traits.contains(.header) {
            if element.headingLevel > 0 {
                words.append(
                    verbosity == .full
                        ? "heading level \(element.headingLevel)" : "heading \(element.headingLevel)")
            } else {
                words.append("heading")
            }
        }
        if traits.contains(.button) && !traits.contains(.toggleButton) { words.append("button") }
        if traits.contains(.link) { words.append("link") }
        if traits.contains(.searchField) {
            words.append("search field")
        } else if traits.contains(.textField) {
            words.append("text field")
        }
        if traits.contains(.image) { words.append("image") }
        if traits.contains(.adjustable) { words.append("adjustable") }
        if traits.contains(.toggleButton) {
            words.append("toggle")
            words.append(traits.contains(.selected) ? "on" : "off")
        }
        if traits.contains(.tab) { words.append("tab") }
        if let position = element.positionInSet, verbosity == .full || traits.contains(.tab) {
            words.append(position.spoken)
        }
        if traits.contains(.selected) && !traits.contains(.toggleButton) { words.append("selected") }
        if traits.contains(.notEnabled) { words.append("dimmed") }
        if traits.contains(.unread) { words.append("unread") }
        return words
    }

    /// The words that must never appear in a label, for each trait that has one.
    public static let traitVocabulary: [(Traits, String)] = [
        (.button, "button"), (.link, "link"), (.header, "heading"), (.searchField, "search field"),
        (.textField, "text field"), (.image, "image"), (.adjustable, "adjustable"),
        (.toggleButton, "toggle"), (.tab, "tab"),
    ]

    /// `parts` joined by commas, ending with a full stop unless the last part already ends a
    /// sentence.
    public static func sentence(_ parts: [String]) -> String {
        guard let last = parts.last else { return "" }
        // Parts join with a comma; after a part that ends a sentence ("… this computer."), the
        // next starts a sentence of its own ("Unread.") instead of a stray ".,".
        // A language mark's end is not the part's end: "schön." ends a sentence, marked or not.
        func end(_ text: some StringProtocol) -> Character? { text.last { !SpokenLanguage.isMark($0) } }
        var text = ""
        for (index, part) in parts.enumerated() {
            if var end = end(text) {
                // "Unread" is a state of its own, said the same way everywhere: a sentence
                // ("… thumbs up. Unread."), never ", unread" after one phrase and "Unread." after another.
                if part == "unread", index == parts.count - 1, !".?!".contains(end) {
                    text += "."
                    end = "."
                }
                if ".?!".contains(end) {
                    text += " " + part.prefix(1).uppercased() + part.dropFirst()
                    continue
                }
                text += ", "
            }
            text += part
        }
        if let final = end(last), ".?!".contains(final) { return text }
        text.append(".")
        return text
    }

    public var description: String { hint.isEmpty ? text : "\(text) … \(hint)" }
}
