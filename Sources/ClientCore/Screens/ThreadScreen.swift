import Accessibility

/// A thread: its heading, the root message and its replies, and the reply composer.
enum ThreadScreen {
    static func title(replies: Int) -> String {
        replies == 0 ? "Thread, no replies yet" : "Thread, " + Format.count(replies, "reply", "replies")
    }

    static func build(_ state: AppState, rootID: Int64, into b: inout ScreenTree.Builder) -> Element {
        var children = [b.make(.threadHeader, Element(label: "Thread", traits: .header, headingLevel: 1))]
        for message in state.threadMessages {
            children.append(MessageElement.build(message, replies: 0, state: state, into: &b))
        }
        children.append(
            b.field(
                .threadComposer, "Reply in thread", text: state.threadComposer, edits: .threadComposer,
                hint: "Type a reply and press Enter to send it. Escape leaves the field.", activate: .sendReply))
        return b.make(.threadScreen, Element(label: "Thread", children: children))
    }
}
