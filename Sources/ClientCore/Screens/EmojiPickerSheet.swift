import Accessibility
import UnicodeData

/// The emoji picker: a search field, Clear text, and the emoji whose names or keywords match
/// (the common ones before a search; at most ``Emoji/resultLimit``, then how many more).
enum EmojiPickerSheet {
    static func build(_ state: AppState, messageID id: Int64, into b: inout ScreenTree.Builder) -> [Element] {
        var elements = [
            b.field(
                .pickerSearch, "Search emoji", text: state.pickerQuery, edits: .pickerQuery, search: true,
                hint: "Type an emoji name or keyword to filter the list."),
            b.make(
                .pickerClear, Element(label: "Clear text", traits: .button, hint: "Press Enter to clear the search."),
                ElementBehaviour(activate: .setText(.pickerQuery, ""))),
        ]
        let (results, total) = Emoji.search(state.pickerQuery, in: state.emoji)
        if !state.pickerQuery.isEmpty { b.searchMatches = total }
        if results.isEmpty {
            elements.append(
                b.make(
                    .pickerNone, Element(label: Wording.sentence(.command(.matching(0, "emoji"))), traits: .staticText))
            )
        }
        let message = state.message(id: id)
        for emoji in results {
            // One the user gave already is selected, and Enter takes it back (as in the actions).
            let mine = message.map { state.isOwn(reaction: emoji.storedForm, on: $0) } ?? false
            elements.append(
                b.make(
                    .pickerEmoji(emoji.name),
                    Element(
                        label: emoji.name, traits: mine ? [.button, .selected] : .button,
                        hint: mine ? Wording.takeReactionBackHint : "Press Enter to pick this emoji."),
                    ElementBehaviour(activate: .react(messageID: id, emoji: emoji))))
        }
        if total > results.count {
            elements.append(
                b.make(
                    .pickerMore,
                    Element(
                        label:
                            "\(Format.count(total - results.count, "more match", "more matches")); type more to narrow the search",
                        traits: .staticText)))
        }
        return elements
    }
}
