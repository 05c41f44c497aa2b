import Accessibility

/// The speech history, newest first: each thing said is an element, and Enter says it again
/// (NVDA's speech history, Orca's message history).
enum SpeechHistorySheet {
    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> [Element] {
        let history = state.speechHistory
        guard !history.isEmpty else {
            return [b.make(.spoken(-1), Element(label: "Nothing has been said yet", traits: .staticText))]
        }
        return history.indices.reversed().enumerated().map { position, index in
            b.make(
                .spoken(index),
                Element(
                    label: SpokenText.unmarked(history[index].text), traits: .staticText,
                    hint: "Press Enter to hear it again.",
                    positionInSet: SetPosition(position + 1, of: history.count)),
                ElementBehaviour(activate: .repeatSpoken(index)))
        }
    }
}
