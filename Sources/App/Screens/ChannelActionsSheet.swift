import Accessibility
import Chat
import Settings

/// What can be done with a channel from the drawer (the actions key on a channel): choose
/// which of its new messages are spoken (`speech.channels`, as Orca's chat presenter lets
/// each room have its own), and see who is there.
enum ChannelActionsSheet {
    static func build(_ state: AppState, channelID: Int64, into b: inout ScreenTree.Builder) -> [Element] {
        guard let channel = state.channels.first(where: { $0.id == channelID }) else {
            return [b.make(.channelSpeech, Element(label: "This channel is gone", traits: .staticText))]
        }
        let policy = state.settings.speech.messagePolicy(in: channel.name)
        var elements = [
            b.make(
                .channelSpeech,
                Element(
                    label: "Messages spoken here", value: describe(policy), traits: .adjustable,
                    hint: "Press Up or Down to choose which new messages of this channel are spoken."),
                ElementBehaviour(
                    increment: .adjustChannelSpeech(channelID: channelID, by: 1),
                    decrement: .adjustChannelSpeech(channelID: channelID, by: -1)))
        ]
        if !channel.isDirect {
            elements.append(
                b.make(
                    .channelNames, Element(label: "Who is here", traits: .button, hint: "Press Enter to list the people in this channel."),
                    ElementBehaviour(activate: .showNames(channelID: channelID))))
        }
        return elements
    }

    /// The policy in words.
    static func describe(_ policy: SpeechSettings.MessagePolicy) -> String {
        switch policy {
        case .all: "all"
        case .active: "when open, and mentions"
        case .mentions: "mentions only"
        case .none: "none"
        }
    }
}
