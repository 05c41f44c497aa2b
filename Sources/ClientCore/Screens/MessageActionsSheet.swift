import Accessibility
import ChatModel
import UnicodeData

/// What can be done with a message: three quick reactions, then the rest (short form shows
/// seven, "More actions" the others).
enum MessageActionsSheet {
    static func build(_ state: AppState, messageID id: Int64, into b: inout ScreenTree.Builder) -> [Element] {
        func button(_ element: ElementID, _ label: String, _ hint: String, _ intent: Intent) -> Element {
            b.make(element, Element(label: label, traits: .button, hint: hint), ElementBehaviour(activate: intent))
        }
        // A message without an id (from a server or bouncer that gives none) cannot be reacted or
        // replied to: those actions are not offered, rather than offered and refused.
        let taggable = state.message(id: id)?.msgid != nil
        var actions: [Element] =
            !taggable
            ? []
            : Emoji.mostUsed.map { emoji in
                // A reaction of the user's is selected, and Enter takes it back.
                let mine = state.message(id: id).map { state.isOwn(reaction: emoji.storedForm, on: $0) } ?? false
                return b.make(
                    .react(emoji.name),
                    Element(
                        label: "React with \(emoji.name)", traits: mine ? [.button, .selected] : .button,
                        hint: mine ? Wording.takeReactionBackHint : "Press Enter to add this reaction."),
                    ElementBehaviour(activate: .react(messageID: id, emoji: emoji)))
            }
        if taggable {
            actions += [
                button(.addReaction, "Add reaction", "Press Enter to pick any emoji.", .openPicker(messageID: id)),
                button(.reply, "Reply in thread", "Press Enter to open the thread.", .openThread(messageID: id)),
            ]
        }
        actions += [
            button(
                .markUnread, "Mark unread", "Press Enter to mark this message and newer ones unread.",
                .markUnread(messageID: id)),
            button(.copy, "Copy text", "Press Enter to copy the message text.", .copyText(messageID: id)),
        ]
        let message = state.message(id: id)
        // Each link of the message, to open or to copy on its own ("Open" and the link, which is
        // read "link example.com/…").
        for link in Links.find(in: message?.text ?? "") {
            actions += [
                button(
                    .openLink(link), "Open \(link)", "Press Enter to open it in the browser.", .openLink(link)),
                button(.copyLink(link), "Copy \(link)", "Press Enter to copy the link.", .copyLink(link)),
            ]
        }
        if let author = message?.author, author != state.nick {
            let name = SpokenText.plainNick(author)
            actions.append(
                button(
                    .pronounce, "Set how \(name) is said", "Press Enter to type how this name is said.",
                    .pronounceNick(author)))
        }
        if taggable, let message, !message.reactions.isEmpty {
            // Offered only where there is something to view.
            actions.append(
                button(
                    .viewReactions, "View reactions", "Press Enter to hear who reacted.",
                    .unavailable(reactionSummary(message, state: state))))
        }
        return actions
    }

    /// "thumbs up: You, kim. red heart: ada": in the order the message says them, oneself
    /// first and as "You", as one's own lines are, whatever one's nick on the network.
    static func reactionSummary(_ message: ChatMessage, state: AppState) -> String {
        MessageElement.reactions(to: message, emoji: state.emoji.catalog).map { reaction in
            let mine = reaction.people.contains { state.isMe($0, inChannel: message.channelID) }
            let others = reaction.people.filter { !state.isMe($0, inChannel: message.channelID) }
            return "\(reaction.name): " + ((mine ? ["You"] : []) + others).joined(separator: ", ")
        }.joined(separator: ". ")
    }
}
