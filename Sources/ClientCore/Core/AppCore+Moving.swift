import Accessibility
import ChatModel

/// Moving between channels and through messages without hunting: the next channel with
/// activity (Alt-A, mentions first, as irssi and weechat), a channel by its number (Alt-1 …
/// Alt-9), and a review of the open channel's messages that leaves focus where it is
/// (Alt-Up, Alt-Down, as Orca's message history).
extension AppCore {
    /// Alt-A: the next channel after this one, in drawer order, with a mention, else with
    /// messages that came since it was last open, else with older unread messages (on this
    /// channel's network first: the local lesson's unread is not news while on a server); it
    /// opens on its first unread message.
    mutating func goToNextActivity() {
        let channels = state.channels
        let start = channels.firstIndex { $0.id == state.channelID } ?? -1
        let order = channels.indices.map { channels[(start + 1 + $0) % channels.count] }.filter {
            $0.id != state.channelID
        }
        let unread = order.filter { $0.unread > 0 && !$0.muted }
        let next =
            order.first { state.mentionedChannelIDs.contains($0.id) }
            ?? unread.first { state.freshChannelIDs.contains($0.id) }
            ?? unread.first { $0.networkID == state.channel?.networkID } ?? unread.first
        guard let next else { return answer(.reading(.noNewsElsewhere)) }
        open(channel: next.id)
    }

    /// Alt-1 … Alt-9: the channel with that number in the drawer's list.
    mutating func goToChannel(number: Int) {
        guard state.channels.indices.contains(number - 1) else {
            return answer(.reading(.noChannel(number)))
        }
        let channel = state.channels[number - 1]
        if channel.id == state.channelID { return say(state.channelHeading, .default, .reader) }
        open(channel: channel.id)
    }

    /// Opens a channel as choosing it in the drawer does: the read marker of the one left
    /// moves, and the new one says its heading and focuses its first unread message.
    mutating func open(channel id: Int64) {
        if state.sheets.hasSheet { return say(.closeThisFirst, .default, .reader) }
        state.mentionedChannelIDs.remove(id)
        state.freshChannelIDs.remove(id)
        reader.reviewer.reset(channel: id)
        carryOut(.selectChannel(id))
    }

    /// Alt-Up and Alt-Down: the previous or next message of the open channel, said without
    /// moving focus; the first Alt-Up says the newest. "top" and "bottom" at the ends.
    /// Alt-T: when the reviewed message (after Alt-Up or Alt-Down), else the focused one, was
    /// written ("kim, 10:42, 3 minutes ago" is not said on focus unless `speech.times` is on).
    mutating func sayTime() {
        let messages = reader.reviewer.messages(state.messages, channel: state.channelID)
        // The reviewed message while focus stays where the review began; focus moved since is
        // the listener choosing another.
        let reviewed = reader.reviewer.index.flatMap { index in
            messages.indices.contains(index) && reader.reviewer.focus == navigator.focusedElement?.identifier
                ? messages[index] : nil
        }
        let focused = navigator.focusedElement?.identifier.flatMap { identifier in
            state.messages.first { ElementID.message($0.id).identifier == identifier }
        }
        // The recent message Alt-Shift-N said a moment ago.
        let recent = reader.reviewer.recent.flatMap { said in
            now - said.at < .seconds(30) ? state.messages.first { $0.id == said.messageID } : nil
        }
        guard let message = recent ?? reviewed ?? focused else {
            return answer(.reading(.noMessageHere))
        }
        answer(
            Format.day(message.time, today: state.today, in: state.localTime) + " "
                + Format.time(message.time, in: state.localTime))
    }

    /// When `message` was written, as an end of review says it: "17:02" today, else with its
    /// day ("Yesterday 17:02").
    func writtenAt(_ message: ChatMessage) -> String {
        let time = Format.time(message.time, in: state.localTime)
        guard state.localTime.dayNumber(message.time) != state.today else { return time }
        return Format.day(message.time, today: state.today, in: state.localTime) + " " + time
    }

    mutating func review(by step: Int, after lead: String = "") {
        // Reviewing now: Alt-T is about this, not a recent message said before.
        reader.reviewer.recent = nil
        let messages = reader.reviewer.messages(state.messages, channel: state.channelID)
        guard !messages.isEmpty else { return answer(.reading(.noMessages)) }
        let previous = reader.reviewer.index.flatMap { messages.indices.contains($0) ? messages[$0] : nil }
        let current = reader.reviewer.index ?? messages.count
        let target = current + step
        guard messages.indices.contains(target) else {
            reader.reviewer.index = min(max(current, 0), messages.count - 1)
            if step < 0 { return reviewPastTheTop(messages[0]) }
            return answer(.reading(.bottom(writtenAt(messages[messages.count - 1]))))
        }
        reader.reviewer.index = target
        reader.reviewer.focus = navigator.focusedElement?.identifier
        let message = messages[target]
        // Crossing into another day (or starting on a day that is not today) names it first.
        let local = state.localTime
        let day = local.dayNumber(message.time)
        let newDay = previous.map { local.dayNumber($0.time) != day } ?? (day != state.today)
        let dayCue = newDay ? Format.day(message.time, today: state.today, in: local) + ". " : ""
        say(lead + dayCue + reviewed(message), .default, .reader, speaker: speakerVoice(of: message))
        reader.hearing = Hearing(messageID: message.id)
    }

    /// A message as review says it: "kim, 10:42: deploy is done" ("You" for one's own, as on
    /// the screen), an action as it reads, then its reactions and replies as its element says
    /// them ("1 reaction: thumbs up. 1 reply").
    func reviewed(_ message: ChatMessage) -> String {
        let said =
            message.kind == .action
            ? SpokenText.verbatim("\(message.author) \(message.text)")
            : (state.isOwn(message) ? "You" : SpokenText.verbatim(message.author)) + ", "
                + Format.time(message.time, in: state.localTime) + ": " + SpokenText.verbatim(message.text)
        let replies = message.msgid.flatMap { state.replyCounts[$0] } ?? 0
        let responses = MessageElement.responses(to: message, replies: replies, state: state)
        guard !responses.isEmpty else { return said }
        // After the words as written (marked as someone else's, so their own last mark decides).
        return said + (".!?".contains(message.text.last ?? " ") ? " " : ". ") + responses.joined(separator: ". ")
    }

    /// Alt-Shift-1 … Alt-Shift-0: the Nth most recent message of the open channel (1 the newest),
    /// said without moving focus, as NVDA's chat add-ons and Orca do; the same key again within
    /// two seconds copies its text.
    mutating func sayRecent(_ number: Int) {
        let messages = state.messages.filter { $0.replyTo == nil }
        guard number <= messages.count else {
            return answer(.reading(.noRecent(number, held: messages.count)))
        }
        let message = messages[messages.count - number]
        if let last = reader.reviewer.recent, last.number == number, last.messageID == message.id,
            now - last.at < .seconds(3)
        {
            reader.reviewer.recent = nil
            effects.append(.copy(message.text))
            return announceCopied()
        }
        reader.reviewer.recent = (number, message.id, now)
        let said = reviewed(message)
        say(said, .default, .reader, speaker: speakerVoice(of: message))
        // On the display as well, from the message field too (where the field is what it shows).
        if configuration.braille, focusIsEditable { brailleMessage(SpokenText.unmarked(said)) }
        reader.hearing = Hearing(messageID: message.id)
    }

    /// Alt-Up before the oldest message held: the store's page before it, else the server's
    /// (said at once that it is asked), else "top".
    mutating func reviewPastTheTop(_ oldest: ChatMessage) {
        if reader.reviewer.channelID != state.channelID { reader.reviewer.reset(channel: state.channelID) }
        switch reader.reviewer.fetch {
        case .exhausted: answer(.reading(.top(writtenAt(oldest))))
        case .server: answer(.reading(.askingForOlder(again: true)))
        case .store: break  // answered in a moment, when the store's page comes
        case .idle where reader.reviewer.older.isEmpty && state.pageHoldsAll:
            // The page is the whole channel as stored: the server, at once, or the top.
            askServerForOlder(before: oldest)
        case .idle:
            reader.reviewer.fetch = .store
            effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .older(before: oldest))))
        }
    }

    /// The store's page before the oldest held: read on into it; when the store has none, the
    /// server is asked (on IRC, once), else this is the top.
    mutating func olderLoaded(_ snapshot: ChatSnapshot) {
        guard snapshot.load.channelID == state.channelID, reader.reviewer.channelID == state.channelID,
            case .older(let before) = snapshot.load.purpose
        else { return }
        let page = snapshot.messages.filter { $0.replyTo == nil }
        if !page.isEmpty {
            reader.reviewer.fetch = .idle
            reader.reviewer.prepend(page)
            let lead = reader.reviewer.fromServer ? Wording.sentence(.reading(.olderCame(page.count))) + ". " : ""
            reader.reviewer.fromServer = false
            return review(by: -1, after: lead)
        }
        guard !reader.reviewer.fromServer else {
            // The server's page held nothing to read (its own notices only): nothing older.
            reader.reviewer.fetch = .exhausted
            reader.reviewer.fromServer = false
            return answer(.reading(.nothingOlder))
        }
        askServerForOlder(before: before)
    }

    /// Nothing older stored: the server is asked (on IRC), said at once; else this is the top.
    mutating func askServerForOlder(before oldest: ChatMessage) {
        guard let channel = state.channel, onIRC(channel) else {
            reader.reviewer.fetch = .exhausted
            return answer(.reading(.top(writtenAt(oldest))))
        }
        reader.reviewer.fetch = .server
        transmit(.fetchOlder(channel.name, before: oldest), on: channel.networkID)
        answer(.reading(.askingForOlder(again: false)))
    }

    /// The server's page came (stored already): read from the store, and said with its count.
    mutating func olderArrived(_ channelID: Int64, count: Int) {
        guard channelID == state.channelID, reader.reviewer.channelID == channelID, reader.reviewer.fetch == .server
        else { return }
        guard count > 0, let oldest = reader.reviewer.messages(state.messages, channel: channelID).first else {
            reader.reviewer.fetch = .exhausted
            return answer(.reading(.nothingOlder))
        }
        reader.reviewer.fetch = .store
        reader.reviewer.fromServer = true
        effects.append(.load(ChatLoad(channelID: channelID, purpose: .older(before: oldest))))
    }

    /// The server could not be asked (not connected): the top for now; asked again next time.
    mutating func olderUnavailable() {
        guard reader.reviewer.fetch == .server else { return }
        reader.reviewer.fetch = .idle
        say(
            .reading(.top(reader.reviewer.messages(state.messages, channel: state.channelID).first.map(writtenAt))),
            .default,
            .reader)
    }
}
