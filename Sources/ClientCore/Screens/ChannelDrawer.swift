import Accessibility
import ChatModel
import Presentation

/// The channel drawer: a search field (and its first five matches once a search is typed), and
/// the channels when expanded (five) or at full height (all, and modal).
package enum ChannelDrawer {
    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> Element {
        let (shown, matching) = channels(state)
        if !state.channelQuery.isEmpty { b.searchMatches = matching.count }
        // Shift-Up is offered only where it shows more ("Channels, all 5 shown" has no more).
        let hint =
            state.drawer.state == .fullHeight
            ? "Type to filter channels. Press Shift-Down to show fewer."
            : state.drawer.state == .expanded && shown.count >= matching.count && state.channelQuery.isEmpty
                ? "Type to filter channels." : "Type to filter channels. Press Shift-Up to show more."
        var children = [
            b.field(
                .drawerSearch, "Search channels", text: state.channelQuery, edits: .channelQuery, search: true,
                hint: hint)
        ]
        // On several IRC networks, each network's channels follow its name as a heading (the
        // rotor's Headings move between them).
        let ircNetworks = Set(state.networks.filter { !$0.isLocal }.map(\.id))
        let grouped = Set(state.channels.map(\.networkID)).intersection(ircNetworks).count > 1
        var network: Int64?
        for channel in shown {
            if grouped, channel.networkID != network {
                network = channel.networkID
                children.append(heading(channel.networkID, state: state, into: &b))
            }
            children.append(button(channel, state: state, into: &b))
        }
        var drawer = b.make(
            .drawer,
            Element(
                label: Wording.drawer(state.drawer.state, shown: shown.count, of: matching.count),
                isModal: state.drawer.isModal,
                children: children))
        if state.drawer.state != .compressed { drawer.escape = { true } }
        return drawer
    }

    /// The channels the drawer shows in its state, and those matching its search.
    static func channels(_ state: AppState) -> (shown: [ChatChannel], matching: [ChatChannel]) {
        let query = state.channelQuery.lowercased()
        let matching = state.channels.filter { query.isEmpty || $0.name.lowercased().contains(query) }
        switch state.drawer.state {
        case .compressed:
            // Only the search field, until a search is typed there: its first matches show.
            return (query.isEmpty ? [] : Array(matching.prefix(5)), matching)
        case .expanded:
            // Five, and always the open conversation and direct ones (a /query opened now is
            // there, though the store sorts conversations after the channels).
            var five = Array(matching.prefix(5))
            for extra in matching
            where (extra.id == state.channelID || extra.isDirect) && !five.contains(where: { $0.id == extra.id }) {
                five.append(extra)
            }
            return (five, matching)
        case .fullHeight: return (matching, matching)
        }
    }

    package static func stateName(_ state: Drawer.State) -> String {
        switch state {
        case .compressed: "compressed"
        case .expanded: "expanded"
        case .fullHeight: "full height"
        }
    }

    static func heading(_ network: Int64, state: AppState, into b: inout ScreenTree.Builder) -> Element {
        let known = state.networks.first { $0.id == network }
        let name = known.map { $0.isLocal ? "Local workspace" : $0.name } ?? "Network \(network)"
        return b.make(.network(network), Element(label: name, traits: .header, headingLevel: 2))
    }

    static func button(_ channel: ChatChannel, state: AppState, into b: inout ScreenTree.Builder) -> Element {
        // The open channel counts what its heading and the Unread rotor count.
        let unread = channel.id == state.channelID ? state.unreadCount : channel.unread
        // Its number is the one Alt and a digit opens, said and shown with it.
        let number = (state.channels.firstIndex { $0.id == channel.id } ?? 0) + 1
        let key = number <= 9 ? " Alt-\(number) opens it from anywhere." : ""
        return b.make(
            .channel(channel.id),
            Element(
                label: channel.name, value: unread == 0 ? "" : "\(unread) unread",
                traits: channel.id == state.channelID ? [.button, .selected] : .button,
                hint:
                    "Press Enter to open this \(channel.isDirect ? "conversation" : "channel"), or A for its actions.\(key)",
                positionInSet: SetPosition(number, of: state.channels.count)),
            ElementBehaviour(activate: .selectChannel(channel.id)))
    }
}
