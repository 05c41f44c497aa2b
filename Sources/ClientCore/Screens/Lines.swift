import Accessibility
import ChatModel
import Presentation
import Terminal
import UnicodeData

/// What is printed, as styled lines: pure functions of the state and the tree, rendered by
/// ``LineOutput``.
package enum Lines {
    package static func plain(_ text: String) -> StyledText { StyledText(text, style: .body, role: .secondary) }

    /// The bottom line for the focused element: a text field shows what is typed; anything
    /// else its label, value, and a toggle's state ("▸ Hints, on").
    static func bottom(_ element: Element) -> String {
        if !element.traits.isDisjoint(with: .editable) { return element.label + ": " + element.value }
        var parts = [element.label]
        if !element.value.isEmpty { parts.append(element.value) }
        if let state = toggleState(element) { parts.append(state) }
        return "▸ " + parts.joined(separator: ", ")
    }

    /// The bottom line for another screen reader: the focused element's whole phrase as
    /// ``Phrase`` orders it (label, value, trait words, position, state), in its own words
    /// (the other screen reader names symbols and emoji itself), without the hint.
    ///
    /// ```swift
    /// Lines.phrase(Element(label: "Hints", traits: [.toggleButton, .selected]))  // "Hints, toggle, on."
    /// ```
    static func phrase(_ element: Element) -> String {
        var parts: [String] = []
        if !element.label.isEmpty { parts.append(element.label) }
        if !element.traits.contains(.toggleButton), !element.value.isEmpty { parts.append(element.value) }
        parts += Phrase.traitWords(for: element, verbosity: .full)
        // Joined as Phrase joins them: commas, but after a part that ends a sentence the next
        // starts one of its own ("… this computer. Unread.").
        return Phrase.sentence(parts)
    }

    /// The markers drawn for sighted readers (`▸ `, `• `, `» `) that another screen reader
    /// would read aloud.
    static let decorations = ["▸ ", "• ", "» "]

    /// `text` without a leading decoration.
    package static func undecorated(_ text: String) -> String {
        for marker in decorations where text.hasPrefix(marker) { return String(text.dropFirst(marker.count)) }
        return text
    }

    /// A line without its leading decoration; its styles are kept.
    package static func undecorated(_ line: StyledText) -> StyledText {
        guard let first = line.runs.first else { return line }
        let firstText = String(decoding: line.utf8[first.range], as: UTF8.self)
        let stripped = undecorated(firstText)
        guard stripped != firstText else { return line }
        var spans = [StyledText.Span(stripped, style: first.style, role: first.role)]
        for run in line.runs.dropFirst() {
            spans.append(.init(String(decoding: line.utf8[run.range], as: UTF8.self), style: run.style, role: run.role))
        }
        return StyledText(spans)
    }

    /// A toggle's state as shown: "on" or "off"; nil for anything else.
    static func toggleState(_ element: Element) -> String? {
        guard element.traits.contains(.toggleButton) else { return nil }
        return element.traits.contains(.selected) ? "on" : "off"
    }

    /// An element as a printed line's text: "• Hints: on", "• Voice: reader".
    static func item(_ element: Element) -> String {
        let value = element.value.isEmpty ? toggleState(element) ?? "" : element.value
        let marker = element.isInteractive ? "• " : ""
        return marker + element.label + (value.isEmpty ? "" : ": \(value)")
    }

    /// A message as its lines: author and time in headline, then the text in body.
    /// A heading's line: a screen's title (level 1), or a part of it such as a day.
    static func heading(_ text: String, level: Int = 2) -> StyledText {
        StyledText(text, style: level <= 1 ? .title2 : .headline, role: .heading)
    }

    /// The catalog is asked for only for reactions' names outside the common ones.
    static func message(
        _ message: ChatMessage, in local: LocalTime, emoji: @autoclosure () -> EmojiCatalog
    ) -> [StyledText] {
        var spans = [
            StyledText.Span(message.author, style: .headline, role: .author),
            StyledText.Span("  " + Format.time(message.time, in: local), style: .caption1, role: .timestamp),
        ]
        if message.pending { spans.append(.init("  sending", style: .caption1, role: .secondary)) }
        var lines = [StyledText(spans)]
        let text = message.kind == .action ? "* \(message.author) \(message.text)" : message.text
        lines.append(StyledText(text, style: .body, role: .body))
        if !message.reactions.isEmpty {
            let summary = MessageElement.reactions(to: message, emoji: emoji())
                .map { "\($0.name) \($0.people.count)" }.joined(separator: ", ")
            lines.append(StyledText(summary, style: .footnote, role: .secondary))
        }
        return lines
    }

    static func sample() -> [StyledText] {
        [
            StyledText([
                .init("Alice", style: .headline, role: .author), .init("  10:42", style: .caption1, role: .timestamp),
            ]),
            StyledText("The build is green again.", style: .body, role: .body),
        ]
    }

    /// The lines for the elements named `identifiers`, in reading order.
    static func elements(in tree: ScreenTree, identifiers: Set<String>) -> [StyledText] {
        var lines: [StyledText] = []
        tree.root.walk { element, _ in
            guard !element.isHidden else { return false }
            if let identifier = element.identifier, identifiers.contains(identifier) {
                lines.append(StyledText(item(element), style: .body, role: .link))
            }
            return true
        }
        return lines
    }

    /// What a search shows under its field once its count is said: every element after the
    /// field in its list but the Clear button ("• flamingo", or "No emoji match"), so the screen
    /// follows what is said and what Tab and Down now move through.
    static func searchResults(in tree: ScreenTree, field: ElementID) -> [StyledText] {
        var lines: [StyledText] = []
        tree.root.walk { element, _ in
            guard !element.isHidden else { return false }
            guard let at = element.children.firstIndex(where: { $0.identifier == field.identifier }) else {
                return true
            }
            for child in element.children[(at + 1)...]
            where !child.isHidden && child.identifier != ElementID.pickerClear.identifier {
                lines.append(StyledText(item(child), style: .body, role: .link))
            }
            return false
        }
        return lines
    }

    /// The lines that show a screen or sheet when it appears: the front-most layer (the top
    /// sheet, as tall as its frame; the drawer; or the screen).
    static func screen(state: AppState, tree: ScreenTree, drawerOnly: Bool = false) -> [StyledText] {
        var lines: [StyledText] = []
        func walk(_ element: Element) {
            if element.isHidden { return }
            if let id = tree.behaviour(element.identifier)?.message, let message = state.message(id: id) {
                lines += Self.message(message, in: state.localTime, emoji: state.emoji.catalog)
                return
            }
            if !element.label.isEmpty, element.children.isEmpty || element.traits.contains(.header) {
                if element.traits.contains(.header) {
                    lines.append(heading(element.label, level: element.headingLevel))
                } else {
                    lines.append(StyledText(item(element), style: .body, role: element.isInteractive ? .link : .body))
                }
            }
            for child in element.children { walk(child) }
        }
        let layers = tree.root.children.filter { !$0.isHidden }
        if let sheet = layers.last(where: { $0.identifier == ElementID.sheet.identifier }) {
            walk(sheet)
            if let frame = state.sheets.activeSheet?.frame, frame.height > 0 {
                lines = Array(lines.prefix(frame.height))
            }
        } else if drawerOnly, let drawer = layers.first(where: { $0.identifier == ElementID.drawer.identifier }) {
            walk(drawer)
        } else {
            for layer in layers where layer.identifier != ElementID.drawer.identifier { walk(layer) }
        }
        return lines
    }
}
