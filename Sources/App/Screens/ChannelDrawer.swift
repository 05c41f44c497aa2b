import Accessibility
import Chat
import Presentation

/// The channel drawer: a search field, and the channels when expanded (five) or at full height
/// (all, and modal).
enum ChannelDrawer {
    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> Element {
        var children = [
            b.make(
                .drawerSearch,
                Element(
                    label: "Search channels", value: state.channelQuery, traits: .searchField,
                    hint: "Type to filter channels. Press Shift-Up to expand the drawer."),
                ElementBehaviour(edits: .channelQuery))
        ]
        let query = state.channelQuery.lowercased()
        let matching = state.channels.filter { query.isEmpty || $0.name.lowercased().contains(query) }
        switch state.drawer.state {
        case .compressed: break
        case .expanded: children += matching.prefix(5).map { button($0, state: state, into: &b) }
        case .fullHeight: children += matching.map { button($0, state: state, into: &b) }
        }
        var drawer = b.make(
            .drawer, Element(label: "Channels, drawer, \(stateName(state.drawer.state))", isModal: state.drawer.isModal, children: children))
        if state.drawer.state != .compressed { drawer.escape = { true } }
        return drawer
    }

    static func stateName(_ state: Drawer.State) -> String {
        switch state {
        case .compressed: "compressed"
        case .expanded: "expanded"
        case .fullHeight: "full height"
        }
    }

    static func button(_ channel: ChatChannel, state: AppState, into b: inout ScreenTree.Builder) -> Element {
        // The open channel counts what its heading and the Unread rotor count.
        let unread = channel.id == state.channelID ? state.unreadCount : channel.unread
        return b.make(
            .channel(channel.id),
            Element(
                label: channel.name, value: unread == 0 ? "" : "\(unread) unread",
                traits: channel.id == state.channelID ? [.button, .selected] : .button,
                hint: "Press Enter to open this channel."),
            ElementBehaviour(activate: .selectChannel(channel.id)))
    }
}
