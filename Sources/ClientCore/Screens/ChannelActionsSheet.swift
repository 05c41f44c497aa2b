import Accessibility
import ChatModel
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
                    hint:
                        "Press Up or Down to choose which new messages of this \(channel.isDirect ? "conversation" : "channel") are spoken."
                ),
                // Up is more of them spoken (towards all), Down fewer (towards none).
                ElementBehaviour(
                    increment: .adjustChannelSpeech(channelID: channelID, by: -1),
                    decrement: .adjustChannelSpeech(channelID: channelID, by: 1)))
        ]
        let language = state.settings.speech.language(in: channel.name)
        elements.append(
            b.make(
                .channelLanguage,
                Element(
                    label: "Language of its messages", value: language.map(languageName) ?? "by their script",
                    traits: .adjustable,
                    hint: "Press Up or Down to choose the language its messages are read in."),
                ElementBehaviour(
                    increment: .adjustChannelLanguage(channelID: channelID, by: 1),
                    decrement: .adjustChannelLanguage(channelID: channelID, by: -1))))
        if !channel.isDirect {
            elements.append(
                b.make(
                    .channelNames,
                    Element(
                        label: "Who is here", traits: .button, hint: "Press Enter to list the people in this channel."),
                    ElementBehaviour(activate: .showNames(channelID: channelID))))
        }
        // On a server, a channel one is in can be left here as with /part.
        if !channel.isDirect, channel.networkID != state.localNetworkID, !state.leftChannels.contains(channelID) {
            elements.append(
                b.make(
                    .channelLeave,
                    Element(
                        label: "Leave \(channel.name)", traits: .button,
                        hint: "Press Enter to leave this channel on the server."),
                    ElementBehaviour(activate: .leaveChannel(channelID))))
        }
        return elements
    }

    /// The policy in words.
    static func describe(_ policy: SpeechSettings.MessagePolicy) -> String { Wording.policy(policy) }

    /// The languages offered for a channel (any espeak-ng code may be written in the file).
    static let languages: [(code: String, name: String)] = [
        ("en", "English"), ("de", "German"), ("fr", "French"), ("es", "Spanish"), ("it", "Italian"),
        ("pt", "Portuguese"), ("nl", "Dutch"), ("sv", "Swedish"), ("pl", "Polish"), ("cs", "Czech"),
        ("tr", "Turkish"), ("ru", "Russian"), ("uk", "Ukrainian"), ("el", "Greek"), ("ar", "Arabic"),
        ("he", "Hebrew"), ("hi", "Hindi"), ("cmn", "Mandarin Chinese"), ("ja", "Japanese"), ("ko", "Korean"),
    ]

    /// "German", or the code itself for one not in ``languages``.
    static func languageName(_ code: String) -> String {
        languages.first { $0.code == code }?.name ?? code
    }
}
