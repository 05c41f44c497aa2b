import Accessibility
import ChatModel
import UnicodeData

/// Main: the channel's heading, its log (days, the "New messages" marker, messages), who is
/// typing, the composer and the Settings button.
enum MainScreen {
    static func build(_ state: AppState, into b: inout ScreenTree.Builder) -> Element {
        // Enter on the heading opens the channel's actions, as a chat app's title does.
        var content = [
            b.make(
                .mainHeader,
                Element(
                    label: state.channelHeading, traits: .header,
                    hint:
                        "Press Enter for this \(state.channel?.isDirect == true ? "conversation" : "channel")'s actions.",
                    headingLevel: 1),
                ElementBehaviour(activate: .openChannelActions(state.channelID)))
        ]
        var lastDay: String?
        var log: [Element] = []
        // Joins, parts and quits between messages: a run each, after the message it followed.
        // (Those that came while another channel was open go by their time.)
        let shown = state.memberRuns.filter { $0.channelID == state.channelID }
        var runs = Dictionary(grouping: shown.filter { !$0.byTime }, by: \.after)
        for run in shown where run.byTime {
            let message = state.messages.last { $0.time <= run.at && $0.replyTo == nil }
            runs[message?.id, default: []].append(run)
        }
        for run in runs[nil] ?? [] {
            // Under their day's heading, as messages are (joins before the first message were
            // above "Today").
            let day = Format.day(run.at, today: state.today, in: state.localTime)
            if run.at != .distantPast, day != lastDay {
                log.append(b.make(.day(day), Element(label: day, traits: .header, headingLevel: 2)))
                lastDay = day
            }
            log += MemberRunElements.build(run, into: &b)
        }
        for message in state.messages {
            let day = Format.day(message.time, today: state.today, in: state.localTime)
            if day != lastDay {
                log.append(b.make(.day(day), Element(label: day, traits: .header, headingLevel: 2)))
                lastDay = day
            }
            // The marker stands while something after it is unread: read to the end, it goes.
            if message.id == state.firstUnreadID, state.unreadCount > 0 {
                log.append(b.make(.newMessages, Element(label: "New messages", traits: .header, headingLevel: 2)))
            }
            let replies = message.msgid.flatMap { state.replyCounts[$0] } ?? 0
            log.append(MessageElement.build(message, replies: replies, state: state, into: &b))
            for run in runs[message.id] ?? [] { log += MemberRunElements.build(run, into: &b) }
        }
        // Incoming messages are announced by the core's speech policy, not by the tree.
        // Named only while it holds something: with no children an element is a leaf, and an
        // empty log would be a second "hash a" after the heading, on screen and in focus.
        content.append(b.make(.log, Element(label: log.isEmpty ? "" : state.channelName, children: log)))
        var typing: [Element] = []
        if !state.typing.isEmpty {
            let names = state.typing.joined(separator: " and ")
            typing.append(
                b.make(
                    .typing,
                    Element(label: "\(names) \(state.typing.count == 1 ? "is" : "are") typing", traits: .staticText)))
        }
        // A lasting, unlabelled region: the indicator appearing in it is announced, politely,
        // unless the listener chose not to hear it (`speech.typing`); it is shown either way.
        content.append(
            b.make(
                .typingRegion,
                Element(liveRegion: saysTyping(state) ? .polite : .off, children: typing)))
        content.append(
            b.field(
                .composer, "Message \(state.channelName)", text: state.composer, edits: .composer,
                hint: composerHint(state.composer), activate: .send))
        content.append(
            b.make(
                .settingsButton,
                Element(
                    label: "Settings", traits: .button, hint: "Press Enter to change text size, speech and display."),
                ElementBehaviour(activate: .openSettings)))
        return b.make(.mainScreen, Element(label: "Main", children: content))
    }

    /// Whether someone starting to type here is said: the listener wants it (`speech.typing`) and
    /// the channel's messages are said too (not in one heard by mentions, as a sound, or not at
    /// all, where "kim is typing" would promise words that never come), and someone in it was
    /// not heard a moment ago (kim typing the next of quick lines is shown, not said).
    static func saysTyping(_ state: AppState) -> Bool {
        guard state.settings.speech.typing, state.typingIsNews else { return false }
        switch state.settings.speech.messagePolicy(in: state.channelName) {
        case .all, .active: return true
        case .mentions, .sound, .none: return state.channel?.isDirect == true
        }
    }

    /// Where focus goes when a channel opens: its first unread message, else the newest.
    /// What Enter does with the field's text: a command is run, not sent ("Set how kim is said"
    /// leaves `/pronounce kim ` there, and "Type a message" contradicted its instruction).
    static func composerHint(_ text: String) -> String {
        if text.hasPrefix("/pronounce ") { return "Press Enter to save how the name is said." }
        if text.hasPrefix("/"), !text.hasPrefix("//") { return "Press Enter to run the command." }
        return "Type a message and press Enter to send it."
    }

    static func firstFocus(_ state: AppState) -> ElementID {
        if let first = state.messages.first(where: state.isUnread) { return .message(first.id) }
        if let newest = state.messages.last { return .message(newest.id) }
        return .composer
    }
}

/// One message as an element: author and time, then its text, reactions, replies and state.
enum MessageElement {
    /// The reactions to `message` by name, in the order they are said and shown: the most given
    /// first, then by name ("2 thumbs up, flamingo, red heart").
    static func reactions(
        to message: ChatMessage, emoji: @autoclosure () -> EmojiCatalog
    ) -> [(name: String, people: [String])] {
        // Two forms of one emoji ("❤️" and "❤") have one name: their own order settles it.
        message.reactions.map { (key: $0.key, name: Emoji.name(of: $0.key, in: emoji()), people: $0.value) }
            .sorted { ($1.people.count, $0.name, $0.key) < ($0.people.count, $1.name, $1.key) }
            .map { (name: $0.name, people: $0.people) }
    }

    /// What others did with `message`, as its element and a review say it: "2 reactions: thumbs
    /// up, party popper" (or "3 reactions: 2 thumbs up, party popper"), then "1 reply".
    static func responses(to message: ChatMessage, replies: Int, state: AppState) -> [String] {
        var parts: [String] = []
        if !message.reactions.isEmpty {
            let sorted = reactions(to: message, emoji: state.emoji.catalog)
            let names = sorted.map { $0.people.count == 1 ? $0.name : "\($0.people.count) \($0.name)" }
            let total = sorted.reduce(0) { $0 + $1.people.count }
            parts.append(Format.count(total, "reaction") + ": " + names.joined(separator: ", "))
        }
        if replies > 0 {
            // Replies not read yet are new: "3 new replies" when none is read, "3 replies, 1 new"
            // when some are ("new", as chat apps say, and not "unread" beside the message's own
            // "Unread").
            let unread = message.msgid.flatMap { state.unreadReplies[$0]?.count } ?? 0
            parts.append(
                unread > 0 && unread == replies
                    ? Format.count(replies, "new reply", "new replies")
                    : Format.count(replies, "reply", "replies") + (unread > 0 ? ", \(unread) new" : ""))
        }
        return parts
    }

    static func build(
        _ message: ChatMessage, replies: Int, state: AppState, into b: inout ScreenTree.Builder
    ) -> Element {
        // An action ("/me waves") is one sentence with its author in it: "kim waves", not
        // "kim, kim waves".
        let action = message.kind == .action
        var value = action ? "" : message.text
        for part in responses(to: message, replies: replies, state: state) { value = Format.sentence(value, part) }
        // A mention keeps its mark when read later, not only when it arrived.
        if state.channel.map({ $0.networkID != state.localNetworkID }) == true, state.mentions(message) {
            // After an action's own sentence, a clause of it: "kim waves at ada, mentions you".
            value = value.isEmpty ? "mentions you" : Format.sentence(value, "Mentions you")
        }
        if message.pending {
            // A line kept while its server is away waits, and is said to, as it was when written.
            let lost = state.channel.map { state.connection.isLost($0.networkID) }
            value = Format.sentence(value, lost == true ? "Waiting to send" : "Sending")
        }
        let id = message.id
        var traits: Traits = .message
        if state.isUnread(message) { traits.insert(.unread) }
        // One's own lines are "You", here and on every server (not the nick one has there).
        let who = action ? "\(message.author) \(message.text)" : state.isOwn(message) ? "You" : message.author
        var element = Element(
            label: state.settings.speech.times ? "\(who), \(Format.time(message.time, in: state.localTime))" : who,
            value: value, traits: traits, hint: "Press A for actions.")
        // Read in the channel's language, where the settings give it one.
        element.language = state.channel.flatMap { state.settings.speech.language(in: $0.name) }
        return b.make(
            .message(id),
            element,
            ElementBehaviour(
                activate: .openActions(messageID: id),
                actions: (message.msgid == nil
                    ? []
                    : [
                        .init(name: "Add reaction", intent: .openPicker(messageID: id)),
                        .init(name: "Reply in thread", intent: .openThread(messageID: id)),
                    ]) + [.init(name: "Mark unread", intent: .markUnread(messageID: id))],
                message: id))
    }
}
