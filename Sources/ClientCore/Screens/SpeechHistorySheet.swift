import Accessibility

/// The speech history, newest first: each thing said is an element, Enter says it again and its
/// action copies it (NVDA's speech history, Orca's message history).
enum SpeechHistorySheet {
    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> [Element] {
        let history = state.speechHistory
        guard !history.isEmpty else {
            return [b.make(.spoken(-1), Element(label: "Nothing has been said yet", traits: .staticText))]
        }
        return history.indices.reversed().enumerated().map { position, index in
            // Each entry is read the same way, its place after a comma: "Settings, button, 1 of
            // 100", "Settings closed, 2 of 100", whether it was said with a full stop or not.
            // As written where the voice changed the words ("#earshot", said "hash earshot"):
            // the display and the screen show it so, and the voice says it as before.
            var said = history[index].shown ?? SpokenText.unmarked(history[index].text)
            if said.hasSuffix("."), !said.hasSuffix("..") { said.removeLast() }
            // A thing said with its own place ("Control-C, quit, 32 of 32") is listed without
            // it: one place per entry, the history's.
            if let own = said.range(of: #", \d+ of \d+$"#, options: .regularExpression) {
                said.removeSubrange(own)
            }
            // With speech off (read by braille alone) there is nothing to hear again: Enter copies.
            let silent = state.pacedAlways
            return b.make(
                .spoken(index),
                Element(
                    label: said, traits: .staticText,
                    hint: silent
                        ? "Press Enter to copy it, or type letters to find what was shown."
                        : "Press Enter to hear it again, A for more, or type letters to find what was said.",
                    positionInSet: SetPosition(position + 1, of: history.count)),
                ElementBehaviour(
                    activate: silent ? .copySpoken(index) : .repeatSpoken(index),
                    actions: [.init(name: "Copy", intent: .copySpoken(index))]))
        }
    }
}
