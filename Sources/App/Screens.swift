import Accessibility
import Chat
import Foundation
import Presentation
import Settings
import Typography

/// Builds the element tree for a state: one tree serves drawing and speaking.
///
/// Every handler posts an ``Intent`` through `post`; nothing here has side effects.
public struct Screens: Sendable {
    public var post: @Sendable (Intent) -> Void

    public init(post: @escaping @Sendable (Intent) -> Void) { self.post = post }

    /// The whole tree: the screen, then the drawer (on Main), then any sheets on top (modal).
    public func tree(_ state: AppState) -> Element {
        var children: [Element] = []
        switch state.route {
        case .onboarding(let step): children.append(onboarding(state, step: step))
        case .main: children += main(state)
        case .thread(let rootID): children.append(thread(state, rootID: rootID))
        }
        for entry in state.sheets.entries {
            guard let kind = state.sheetKinds[entry.id] else { continue }
            var sheet = self.sheet(state, kind: kind, sheet: entry.sheet)
            sheet.isHidden = state.sheets.isInert(entry.id)
            children.append(sheet)
        }
        return Element(label: "Earshot", identifier: "root", children: children)
    }

    // MARK: Onboarding

    func onboarding(_ state: AppState, step: Int) -> Element {
        let post = self.post
        let next = Element(
            label: step == 4 ? "Use the local workspace" : "Continue", traits: .button,
            hint: step == 4 ? "Press Enter to open #welcome, which teaches the keys." : "Press Enter to go to the next step.",
            identifier: "onboarding.continue",
            activate: { post(step == 4 ? .chooseLocalWorkspace : .onboardingContinue) })
        var items: [Element] = []
        switch step {
        case 1:
            items = [
                Element(label: "Welcome to Earshot", traits: .header, identifier: "onboarding.title", headingLevel: 1),
                Element(
                    label: "Earshot speaks everything it shows. Right and Left move between elements, Enter activates, Escape goes back, and question mark lists every key.",
                    traits: .staticText, identifier: "onboarding.intro"),
                next,
            ]
        case 2:
            let size = state.settings.text.size
            items = [
                Element(label: "Text size", traits: .header, identifier: "onboarding.title", headingLevel: 1),
                textSizeElement(size, identifier: "onboarding.textSize"),
                Element(
                    label: "Sample message", value: "Alice, 10:42: The build is green again.", traits: .staticText,
                    identifier: "onboarding.sample"),
                next,
            ]
        case 3:
            items = [
                Element(label: "Speech rate", traits: .header, identifier: "onboarding.title", headingLevel: 1),
                rateElement(state.settings.speech.rate, identifier: "onboarding.rate"),
                next,
            ]
        default:
            items = [
                Element(label: "Connect", traits: .header, identifier: "onboarding.title", headingLevel: 1),
                Element(
                    label: "Servers from the irc section of the settings file connect on the next start.",
                    traits: .staticText, identifier: "onboarding.ircNote"),
                next,
            ]
        }
        return Element(
            label: "Welcome, step \(step) of 4", identifier: "screen.onboarding",
            escape: { post(.back); return true }, children: items)
    }

    func textSizeElement(_ size: ContentSizeCategory, identifier: String) -> Element {
        let post = post
        return Element(
            label: "Text size", value: Self.sizeValue(size), traits: .adjustable,
            hint: "Press Up or Down to adjust the value.", identifier: identifier,
            increment: { post(.adjustTextSize(by: 1)) }, decrement: { post(.adjustTextSize(by: -1)) })
    }

    func rateElement(_ rate: Int, identifier: String) -> Element {
        let post = post
        return Element(
            label: "Speech rate", value: "\(rate) words per minute", traits: .adjustable,
            hint: "Press Up or Down to adjust the value.", identifier: identifier,
            increment: { post(.adjustRate(by: 25)) }, decrement: { post(.adjustRate(by: -25)) })
    }

    // MARK: Main

    func main(_ state: AppState) -> [Element] {
        let post = self.post
        let unread = state.channel?.unread ?? 0
        var content: [Element] = [
            Element(
                label: "\(state.channelName), \(unread) unread", traits: .header, identifier: "main.header",
                headingLevel: 1)
        ]
        var lastDay: String?
        var log: [Element] = []
        for message in state.messages {
            let day = Self.dayLabel(message.time)
            if day != lastDay {
                log.append(Element(label: day, traits: .header, identifier: "day.\(day)", headingLevel: 2))
                lastDay = day
            }
            if message.id == state.firstUnreadID {
                log.append(Element(label: "New messages", traits: .header, identifier: "main.newMessages", headingLevel: 2))
            }
            log.append(messageElement(message, replies: message.msgid.flatMap { state.replyCounts[$0] } ?? 0, state: state))
        }
        // The log is a polite live region named after the channel, so a flood coalesces into
        // "12 new messages in #general".
        content.append(Element(label: state.channelName, identifier: "main.log", liveRegion: .polite, children: log))
        var typing: [Element] = []
        if !state.typing.isEmpty {
            let names = state.typing.joined(separator: " and ")
            typing.append(
                Element(
                    label: "\(names) \(state.typing.count == 1 ? "is" : "are") typing", traits: .staticText,
                    identifier: "main.typing"))
        }
        // A lasting, unlabelled region: the indicator appearing in it is announced, politely.
        content.append(Element(identifier: "main.typingRegion", liveRegion: .polite, children: typing))
        content.append(
            Element(
                label: "Message \(state.channelName)", value: state.composer, traits: .textField,
                hint: "Type a message and press Enter to send it.", identifier: "main.composer",
                activate: { post(.send) }, setText: { post(.setComposer($0)) }))
        content.append(
            Element(
                label: "Settings", traits: .button, hint: "Press Enter to change text size, speech and display.",
                identifier: "main.settings", activate: { post(.openSettings) }))
        let screen = Element(label: "Main", identifier: "screen.main", children: content)
        return [drawer(state), screen]
    }

    func messageElement(_ message: ChatMessage, replies: Int, state: AppState) -> Element {
        let post = self.post
        var value = message.kind == .action ? "\(message.author) \(message.text)" : message.text
        if !message.reactions.isEmpty {
            let parts = message.reactions.sorted { $0.key < $1.key }.map { "\(Emoji.name(of: $0.key)) \($0.value.count)" }
            let noun = message.reactions.count == 1 ? "reaction" : "reactions"
            value = Self.sentence(value, "\(message.reactions.count) \(noun): " + parts.joined(separator: ", "))
        }
        if replies > 0 { value = Self.sentence(value, "\(replies) \(replies == 1 ? "reply" : "replies")") }
        if message.pending { value = Self.sentence(value, "Sending") }
        let id = message.id
        var traits: Traits = .message
        if let lastRead = state.channel?.lastReadMessageID, id > lastRead { traits.insert(.unread) }
        return Element(
            label: "\(message.author), \(Self.timeLabel(message.time))", value: value, traits: traits,
            hint: "Press A for actions.", identifier: "message.\(id)",
            customActions: [
                CustomAction("Add reaction") { post(.openPicker(messageID: id)) },
                CustomAction("Reply in thread") { post(.openThread(messageID: id)) },
                CustomAction("Mark unread") { post(.markUnread(messageID: id)) },
            ],
            activate: { post(.openActions(messageID: id)) })
    }

    func drawer(_ state: AppState) -> Element {
        let post = self.post
        var children = [
            Element(
                label: "Search channels", value: state.channelQuery, traits: .searchField,
                hint: "Type to filter channels. Press Shift-Up to expand the drawer.", identifier: "drawer.search",
                setText: { post(.setChannelQuery($0)) })
        ]
        let matching = state.channels.filter {
            state.channelQuery.isEmpty || $0.name.lowercased().contains(state.channelQuery.lowercased())
        }
        switch state.drawer.state {
        case .compressed:
            break
        case .expanded:
            for channel in matching.prefix(5) { children.append(channelButton(channel, state: state)) }
        case .fullHeight:
            for channel in matching { children.append(channelButton(channel, state: state)) }
        }
        let stateName = Self.drawerStateName(state.drawer.state)
        let collapse: @Sendable () -> Bool = {
            post(.setDrawer(expanded: false))
            return true
        }
        return Element(
            label: "Channels, drawer, \(stateName)", identifier: "drawer", isModal: state.drawer.isModal,
            escape: state.drawer.state == .compressed ? nil : collapse, children: children)
    }

    static func drawerStateName(_ state: Drawer.State) -> String {
        switch state {
        case .compressed: "compressed"
        case .expanded: "expanded"
        case .fullHeight: "full height"
        }
    }

    func channelButton(_ channel: ChatChannel, state: AppState) -> Element {
        let post = self.post
        let id = channel.id
        return Element(
            label: channel.name, value: channel.unread == 0 ? "" : "\(channel.unread) unread",
            traits: channel.id == state.channelID ? [.button, .selected] : .button,
            hint: "Press Enter to open this channel.", identifier: "channel.\(id)",
            activate: { post(.selectChannel(id)) })
    }

    // MARK: Thread

    func thread(_ state: AppState, rootID: Int64) -> Element {
        let post = self.post
        var children: [Element] = [
            Element(label: "Thread", traits: .header, identifier: "thread.header", headingLevel: 1)
        ]
        for message in state.threadMessages {
            children.append(messageElement(message, replies: 0, state: state))
        }
        children.append(
            Element(
                label: "Reply in thread", value: state.threadComposer, traits: .textField,
                hint: "Type a reply and press Enter to send it. Press Escape to go back.",
                identifier: "thread.composer", activate: { post(.sendReply) },
                setText: { post(.setThreadComposer($0)) }))
        return Element(
            label: "Thread", identifier: "screen.thread", escape: { post(.back); return true }, children: children)
    }

    // MARK: Sheets

    func sheet(_ state: AppState, kind: AppState.SheetKind, sheet: Sheet) -> Element {
        let post = self.post
        var children: [Element] = [
            Element(label: sheet.configuration.title, traits: .header, identifier: "sheet.title", headingLevel: 1)
        ]
        let all = Self.sheetActions(kind, state: state, post: post)
        let visible = Set(sheet.visibleActionIdentifiers)
        children += all.filter { visible.contains($0.identifier ?? "") || !Self.isListedAction(kind) }
        if sheet.showsMoreActionsButton {
            children.append(
                Element(
                    label: "More actions", traits: .button, hint: "Press Enter to show every action.",
                    identifier: sheet.configuration.moreActionsIdentifier, activate: { post(.expandSheet) }))
        }
        return Element(
            label: sheet.configuration.title, identifier: "sheet", isModal: true,
            escape: { post(.dismissSheet); return true }, children: children)
    }

    /// Whether the sheet's elements are the configuration's listed actions (short/long form).
    static func isListedAction(_ kind: AppState.SheetKind) -> Bool {
        if case .messageActions = kind { return true }
        return false
    }

    static func sheetConfiguration(_ kind: AppState.SheetKind, state: AppState) -> SheetConfiguration {
        let identifiers = sheetActions(kind, state: state, post: { _ in }).compactMap(\.identifier)
        switch kind {
        case .messageActions:
            return SheetConfiguration(
                title: "Message actions", actionIdentifiers: identifiers, shortFormActionCount: 7,
                moreActionsIdentifier: "actions.more")
        case .emojiPicker:
            return SheetConfiguration(
                title: "Emoji picker", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: "picker.search")
        case .settings:
            return SheetConfiguration(
                title: "Settings", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: "settings.textSize")
        case .keyHelp:
            return SheetConfiguration(
                title: "Key help", actionIdentifiers: identifiers, shortFormActionCount: identifiers.count,
                firstElementIdentifier: identifiers.first)
        }
    }

    static func sheetActions(_ kind: AppState.SheetKind, state: AppState, post: @escaping @Sendable (Intent) -> Void)
        -> [Element]
    {
        switch kind {
        case .messageActions(let id):
            var actions: [Element] = Emoji.mostUsed.map { emoji in
                Element(
                    label: "React with \(emoji.name)", traits: .button, hint: "Press Enter to add this reaction.",
                    identifier: "actions.react.\(emoji.name)", activate: { post(.react(messageID: id, emoji: emoji)) })
            }
            func button(_ label: String, _ identifier: String, _ hint: String, _ intent: Intent) -> Element {
                Element(label: label, traits: .button, hint: hint, identifier: identifier, activate: { post(intent) })
            }
            actions += [
                button("Add reaction", "actions.addReaction", "Press Enter to pick any emoji.", .openPicker(messageID: id)),
                button("Reply in thread", "actions.reply", "Press Enter to open the thread.", .openThread(messageID: id)),
                button("Mark unread", "actions.markUnread", "Press Enter to mark this message and newer ones unread.", .markUnread(messageID: id)),
                button("Copy text", "actions.copy", "Press Enter to copy the message text.", .copyText(messageID: id)),
            ]
            if state.message(id: id)?.author == state.nick {
                actions += [
                    button("Edit", "actions.edit", "Press Enter to edit your message.", .unavailable("Editing is not supported on IRC yet.")),
                    button("Delete", "actions.delete", "Press Enter to delete your message.", .unavailable("Deleting messages is not supported on IRC.")),
                ]
            }
            actions += [
                button("Pin", "actions.pin", "Press Enter to pin the message.", .unavailable("Pinning is not supported on IRC.")),
                button("Share link", "actions.share", "Press Enter to copy a link to the message.", .copyText(messageID: id)),
                button("View reactions", "actions.viewReactions", "Press Enter to hear who reacted.", .unavailable(Self.reactionSummary(state.message(id: id)))),
            ]
            return actions
        case .emojiPicker(let id):
            var elements = [
                Element(
                    label: "Search", value: state.pickerQuery, traits: .searchField,
                    hint: "Type an emoji name to filter the list.", identifier: "picker.search",
                    setText: { post(.setPickerQuery($0)) }),
                Element(
                    label: "Clear text", traits: .button, hint: "Press Enter to clear the search.",
                    identifier: "picker.clear", activate: { post(.setPickerQuery("")) }),
            ]
            let results = Emoji.search(state.pickerQuery)
            if results.isEmpty {
                elements.append(Element(label: "No emoji match", traits: .staticText, identifier: "picker.none"))
            }
            for emoji in results {
                elements.append(
                    Element(
                        label: emoji.name, traits: .button, hint: "Press Enter to pick this emoji.",
                        identifier: "picker.\(emoji.name)", activate: { post(.react(messageID: id, emoji: emoji)) }))
            }
            return elements
        case .settings:
            let settings = state.settings
            return [
                Element(
                    label: "Text size", value: Self.sizeValue(settings.text.size), traits: .adjustable,
                    hint: "Press Up or Down to adjust the value.", identifier: "settings.textSize",
                    increment: { post(.adjustTextSize(by: 1)) }, decrement: { post(.adjustTextSize(by: -1)) }),
                Element(
                    label: "Sample message", value: "Alice, 10:42: The build is green again.", traits: .staticText,
                    identifier: "settings.sample"),
                Element(
                    label: "Speech rate", value: "\(settings.speech.rate) words per minute", traits: .adjustable,
                    hint: "Press Up or Down to adjust the value.", identifier: "settings.rate",
                    increment: { post(.adjustRate(by: 25)) }, decrement: { post(.adjustRate(by: -25)) }),
                Element(
                    label: "Voice", value: settings.speech.voice, traits: .adjustable,
                    hint: "Press Up or Down to choose another voice.", identifier: "settings.voice",
                    increment: { post(.adjustVoice(by: 1)) }, decrement: { post(.adjustVoice(by: -1)) }),
                Element(
                    label: "Hints", value: settings.speech.hints ? "on" : "off", traits: .toggleButton,
                    hint: "Press Enter to switch hints on or off.", identifier: "settings.hints",
                    activate: { post(.toggleHints) }),
                Element(
                    label: "Key echo", value: settings.speech.echo.rawValue, traits: .adjustable,
                    hint: "Press Up or Down to choose what is echoed while typing.", identifier: "settings.echo",
                    increment: { post(.adjustEcho(by: 1)) }, decrement: { post(.adjustEcho(by: -1)) }),
                Element(
                    label: "Reduce motion", value: settings.display.reduceMotion ? "on" : "off",
                    traits: .toggleButton, hint: "Press Enter to switch animations off or on.",
                    identifier: "settings.reduceMotion", activate: { post(.toggleReduceMotion) }),
                Element(
                    label: "Increase contrast", value: settings.display.contrast == .increased ? "on" : "off",
                    traits: .toggleButton, hint: "Press Enter to switch the high-contrast theme on or off.",
                    identifier: "settings.contrast", activate: { post(.toggleContrast) }),
            ]
        case .keyHelp:
            return KeyMap.help.enumerated().map { index, entry in
                Element(
                    label: entry.keys, value: entry.does, traits: .staticText, identifier: "help.\(index)",
                    positionInSet: SetPosition(index + 1, of: KeyMap.help.count))
            }
        }
    }

    static func reactionSummary(_ message: ChatMessage?) -> String {
        guard let message, !message.reactions.isEmpty else { return "No reactions yet." }
        return message.reactions.sorted { $0.key < $1.key }
            .map { "\(Emoji.name(of: $0.key)): \($0.value.joined(separator: ", "))" }.joined(separator: ". ")
    }

    // MARK: Formatting

    /// `text` then `next` as a new sentence: "Hi. 2 replies", "Done! 1 reaction: …".
    static func sentence(_ text: String, _ next: String) -> String {
        guard let last = text.last else { return next }
        return text + (".!?".contains(last) ? " " : ". ") + next
    }

    /// "Extra Large, 112 percent": the text-size control's value.
    static func sizeValue(_ size: ContentSizeCategory) -> String { "\(size.spokenName), \(size.percent) percent" }

    static func timeLabel(_ date: Date) -> String {
        let components = Calendar.current.dateComponents([.hour, .minute], from: date)
        let minute = components.minute ?? 0
        return "\(components.hour ?? 0):\(minute < 10 ? "0" : "")\(minute)"
    }

    static func dayLabel(_ date: Date) -> String {
        let calendar = Calendar.current
        if calendar.isDateInToday(date) { return "Today" }
        if calendar.isDateInYesterday(date) { return "Yesterday" }
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "\(months[max(0, min(11, (c.month ?? 1) - 1))]) \(c.day ?? 1), \(c.year ?? 2026)"
    }
}
