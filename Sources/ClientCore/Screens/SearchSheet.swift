import Accessibility
import ChatModel

/// Search: a field whose words search the whole history (FTS5) as they are typed, and the
/// results, newest first, each said "kim, hash b, yesterday 10:42: deploy is done"; Enter opens
/// the message in its channel.
enum SearchSheet {
    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> [Element] {
        var elements = [
            b.field(
                .searchField, "Search messages", text: state.searchQuery, edits: .searchQuery, search: true,
                hint: "Type words to find; Enter goes to the results.", activate: .firstSearchResult)
        ]
        let results = state.searchResults
        if results.isEmpty {
            let words = state.searchQuery.trimmingCharacters(in: .whitespaces)
            elements.append(
                b.make(
                    .searchNone,
                    Element(label: words.isEmpty ? "Type to search" : "No messages match", traits: .staticText)))
        }
        for (index, message) in results.enumerated() {
            let found = state.channels.first { $0.id == message.channelID }
            // One's own lines are "You", as in the channel; a direct conversation is not named
            // after the person again ("kim, kim, …").
            let who = state.isOwn(message) ? "You" : message.author
            let channel =
                found.map { $0.isDirect ? (state.isOwn(message) ? "to \($0.name)" : "direct message") : $0.name }
                ?? "another channel"
            elements.append(
                b.make(
                    .searchResult(message.id),
                    Element(
                        label:
                            "\(who), \(channel), \(Format.day(message.time, today: state.today, in: state.localTime)) \(Format.time(message.time, in: state.localTime)): \(message.text)",
                        traits: .staticText, hint: "Press Enter to open it in its channel.",
                        positionInSet: SetPosition(index + 1, of: results.count)),
                    ElementBehaviour(activate: .openMessage(id: message.id, channelID: message.channelID))))
        }
        return elements
    }
}
