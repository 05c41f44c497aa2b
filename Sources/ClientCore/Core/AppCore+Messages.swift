import Accessibility
import ChatModel
import Foundation
import Terminal
import UnicodeData

/// New messages: said, merged into bursts, counted elsewhere; replayed history and what came
/// while away.
extension AppCore {
    /// Messages of the open channel held and shown: its newest page.
    package static let pageSize = 50
    /// New messages: the open channel's are shown and spoken politely, others' are spoken with
    /// the channel's name first and coalesce ("3 new messages in #b"); a mention is assertive.
    mutating func received(_ messages: [ChatMessage]) {
        for message in messages {
            let channel = state.channels.first { $0.id == message.channelID }
            let name = channel?.name ?? "another channel"
            let names = state.names(inChannel: message.channelID)
            typingTracker.messageReceived(from: message.author, in: name, now: date, names: names)
            channelNews.lastSpoke[names.fold(message.author)] = now
            closeRun(in: message.channelID)
            if channelNews.lastSpoke.count > 5000 {
                channelNews.lastSpoke = channelNews.lastSpoke.filter { now - $0.value < Self.recentSpan }
            }
            let mine = names.equal(message.author, nick(inChannel: message.channelID))
            if message.channelID == state.channelID {
                merge(message)
                if !message.pending { showLive(message) }
            } else if !mine, let index = state.channels.firstIndex(where: { $0.id == message.channelID }) {
                state.channels[index].unread += 1
                state.freshChannelIDs.insert(message.channelID)
            }
            if mine, !message.pending, !onIRC, message.channelID == state.channelID {
                playCue(.sent, .low)
                announce(.sending(.sent), .low)
            }
            guard !mine, !message.pending else { continue }
            // A reply to one of the listener's lines is to them, as a mention is.
            let mentioned = mentions(message) || message.answersYou
            let here = message.channelID == state.channelID
            let direct = channel?.isDirect ?? false
            let spoken: Bool
            let policy = state.settings.speech.messagePolicy(in: name)
            // Someone the listener follows is said wherever they write, whatever the channel's policy.
            let followed = follows(message.author, names: names)
            switch policy {
            case _ where followed: spoken = true
            case .all: spoken = true
            case .active: spoken = here || direct || mentioned
            case .mentions, .sound: spoken = direct || mentioned
            case .none: spoken = false
            }
            // A channel heard as a pulse: each message is its sound, no words.
            if !spoken, policy == .sound { playCue(here ? .message : .messageElsewhere, .low) }
            let brailled =
                configuration.braille && brailles(ChatMessageFacts(here: here, direct: direct, mention: mentioned))
            if !spoken {
                // Not said, and perhaps still shown on the display, as written.
                if brailled {
                    let place = here ? "" : "\(name) "
                    brailleMessage(
                        message.kind == .action
                            ? "\(place)* \(message.author) \(message.text)"
                            : "\(place)\(message.author): \(message.text)", about: name)
                }
                continue
            }
            let author = SpokenText.verbatim(message.author)
            // Read in the channel's language when the settings name one, else by its script.
            let language = state.settings.speech.language(in: name)
            let body =
                message.kind == .action
                ? SpokenText.verbatim("\(message.author) \(message.text)", language: language)
                : SpokenText.verbatim(message.text, language: language)
            let words = message.kind == .action ? body : Wording.sentence(.message(.said(author: author, words: body)))
            var change: LiveRegionChange
            if direct {
                // A direct message is to the user already: no "mentioned you", and its
                // conversation's name is the author's, said once. Alt-A goes there first.
                if !here {
                    // Before its words, as a mention's sound is (at low priority it came after).
                    playCue(.mention, .high)
                    state.mentionedChannelIDs.insert(message.channelID)
                }
                // A notice is the server's or a bot's word, not a conversation.
                let text =
                    here ? words : Wording.sentence(.message(.direct(said: words, notice: message.kind == .notice)))
                // Addressed to the listener, as a mention is: said at once (in its own
                // conversation, as the open channel's messages are).
                // In the open conversation, the same person going on is not named again.
                change = LiveRegionChange(
                    region: name, politeness: here ? .polite : .assertive, text: text, noun: "direct message",
                    speaker: here ? state.names.fold(message.author) : nil, continuation: here ? body : nil)
            } else if mentioned {
                playCue(.mention, .high)
                if !here { state.mentionedChannelIDs.insert(message.channelID) }
                let said = SpokenText.verbatim(
                    Self.withoutAddress(message.text, to: nick(inChannel: message.channelID), names: names),
                    language: language)
                // Mentions coalesce under a flood too ("12 new mentions in #a. Newest, kim: …"),
                // the channel named once.
                // An action that names the listener is said as it reads ("kim waves at ada"),
                // after the mention's sound: "kim mentioned you: waves at ada" lost who waved.
                let action = message.kind == .action
                let text =
                    action
                    ? (here ? body : Wording.sentence(.message(.elsewhere(channel: name, said: body))))
                    : Wording.sentence(
                        .message(
                            // A reply to the listener's line is an answer, naming them or not.
                            message.answersYou
                                ? .answered(author: author, channel: here ? nil : name, words: said)
                                : .mention(author: author, channel: here ? nil : name, words: said)))
                change = LiveRegionChange(
                    region: name, politeness: .assertive, text: text, noun: "mention", newestInFull: true,
                    newest: action ? body : Wording.sentence(.message(.said(author: author, words: said))))
            } else if followed, !here {
                playCue(.messageElsewhere, .low)
                // Apart from the channel's other messages, so a busy channel's count does not
                // swallow their words: "2 new followed messages in #b. Newest, kim: …".
                change = LiveRegionChange(
                    region: name, politeness: .polite,
                    text: Wording.sentence(.message(.elsewhere(channel: name, said: words))),
                    noun: "followed message", newestInFull: true, newest: words)
            } else if message.replyTo != nil, message.kind != .action {
                if !here { playCue(.messageElsewhere, .low) }
                // Not in the channel's list (its thread's first message counts it): said as a
                // reply, never as more of what its writer just said there.
                let replied = Wording.sentence(.message(.replied(author: author, words: body)))
                change = LiveRegionChange(
                    region: name, politeness: .polite,
                    text: here ? replied : Wording.sentence(.message(.elsewhere(channel: name, said: replied))))
            } else {
                if !here { playCue(.messageElsewhere, .low) }
                // One person's messages that follow each other are said as one, named once.
                change = LiveRegionChange(
                    region: name, politeness: .polite,
                    text: here ? words : Wording.sentence(.message(.elsewhere(channel: name, said: words))),
                    speaker: here ? state.names.fold(message.author) : nil, continuation: body,
                    waitsForMore: here && busy(name))
            }
            // Said in full as it arrives in the open channel, it is heard (see AppCore+Reading).
            if here { change.ids = [message.id] }
            if configuration.braille, !brailled {
                if outputs.unbrailled.count > 100 { outputs.unbrailled = [] }
                outputs.unbrailled.insert(change.text)
            }
            // Whose words they are, for a voice of their own (one's own are never announced).
            change.author = message.author
            announce(announcer.liveRegionChanged(change, at: now))
        }
        refreshTyping()
        rebuild()
    }

    /// Replayed history (a server's chathistory, a bouncer's playback) that was not stored yet:
    /// shown in the open channel and put in its page, but not announced and not unread.
    mutating func receivedHistory(_ messages: [ChatMessage], news: [Int64: Int], network: Int64? = nil) {
        let allRead = state.unreadCount == 0
        // History older than the read marker (or before there is one) is read already; newer is
        // what came while the user was away: unread, and still not announced one by one.
        // (Replays round times down to the second, so the marker's second counts as after it.)
        let markerTime = state.message(id: state.lastReadID).map {
            Date(timeIntervalSince1970: ($0.time.timeIntervalSince1970).rounded(.down))
        }
        // A page from before the oldest message shown (fetched for a review back) is not shown
        // or held in the page: the review reads it from the store.
        let oldestShown = state.messages.first?.time
        let here = messages.filter { message in
            message.channelID == state.channelID && oldestShown.map { message.time >= $0 } ?? true
        }
        for message in here {
            merge(message)
            show(Lines.message(message, in: state.localTime, emoji: state.emoji.catalog))
        }
        let old = here.filter { message in markerTime.map { message.time < $0 } ?? true }
        if allRead, let newest = old.map(\.id).max(), newest > state.lastReadID {
            moveReadMarker(to: newest)
        }
        // What came while away is said as a count a listener can follow with Alt-R or Alt-A: the
        // store counted it against each channel's marker. Replays of many channels arrive one
        // after another; they are gathered, and one sentence (replacing the one still waiting)
        // says them all.
        let byChannel = Dictionary(
            grouping: messages.lazy.filter { news[$0.channelID, default: 0] > 0 }, by: \.channelID)
        for (channelID, count) in news.sorted(by: { $0.key < $1.key }) where count > 0 {
            if channelID != state.channelID, let index = state.channels.firstIndex(where: { $0.id == channelID }) {
                state.channels[index].unread += count
                state.freshChannelIDs.insert(channelID)
            }
            // The news are the newest of what was replayed there: those that name the user are
            // counted as mentions.
            let mine = nick(inChannel: channelID)
            let mentions = (byChannel[channelID] ?? []).sorted { ($0.time, $0.id) < ($1.time, $1.id) }
                .suffix(count).filter { $0.author != mine && self.mentions($0) }.count
            channelNews.away.replayed(in: channelID, messages: count, mentions: mentions, at: now)
            // Alt-A goes first to a channel that names the user, or a direct message, as it
            // does for ones that arrive live.
            let direct = state.channels.first { $0.id == channelID }?.isDirect ?? false
            if mentions > 0 || direct, channelID != state.channelID { state.mentionedChannelIDs.insert(channelID) }
        }
        // During a reconnect's replay it is said at the sync point, all of it at once.
        if news.values.contains(where: { $0 > 0 }), !state.connection.replaying.contains(network ?? 0) {
            say(awayNews: channelNews.away.outsideReplay())
        }
        rebuild()
    }

    /// What came while away (``AwayNews``) in one sentence ("hash a: 12 messages while you
    /// were away, 1 mention"; for several channels, the totals), replacing one still waiting to
    /// be said.
    mutating func say(awayNews: [Int64: AwayNews.Count]?) {
        guard let awayNews else { return }
        let direct = Set(state.channels.filter(\.isDirect).map(\.id))
        let inChannels = awayNews.filter { !direct.contains($0.key) }
        let inDirect = awayNews.filter { direct.contains($0.key) }
        let total = inChannels.values.reduce(0) { $0 + $1.messages }
        let mentions = inChannels.values.reduce(0) { $0 + $1.mentions }
        if mentions > 0 || !inDirect.isEmpty { playCue(.mention, .default) }
        // Direct messages, with whom they are from ("2 direct messages from bob").
        let directCount = inDirect.values.reduce(0) { $0 + $1.messages }
        let senders = inDirect.keys.compactMap { id in state.channels.first { $0.id == id }?.name }.sorted()
        let names = inChannels.keys.compactMap { id in state.channels.first { $0.id == id }?.name }
        let sentence = Wording.sentence(
            .message(
                .whileAway(
                    WhileAway(
                        channels: names, channelCount: inChannels.count, messages: total, mentions: mentions,
                        direct: directCount, senders: senders))))
        announce(
            announcer.liveRegionChanged(
                LiveRegionChange(region: "away", politeness: .polite, text: sentence, replaces: true), at: now))
    }

    /// A message without the address to the user at its start ("me: can you look?" is "can
    /// you look?" after "kim mentioned you"), which the sentence says already.
    static func withoutAddress(_ text: String, to nick: String, names: IRCCaseMapping) -> String {
        for mark in [": ", ", ", " "] {
            for prefix in [nick, "@" + nick] where text.count > prefix.count + mark.count {
                let head = text.prefix(prefix.count + mark.count)
                if names.equal(String(head.prefix(prefix.count)), prefix), head.hasSuffix(mark),
                    mark != " " || prefix.hasPrefix("@")
                {
                    return String(text.dropFirst(prefix.count + mark.count))
                }
            }
        }
        return text
    }

    /// Shows `lines` after what the event has shown so far: lines that follow lines are one
    /// effect, so a burst of messages is written (and the bottom line drawn again) once.
    /// Shows a message of the open channel as it comes, under its day's heading when the
    /// message before it on the page is of another day (the first after midnight).
    mutating func showLive(_ message: ChatMessage) {
        let local = state.localTime
        if let index = state.messages.firstIndex(where: { $0.id == message.id }), index > 0,
            local.dayNumber(state.messages[index - 1].time) != local.dayNumber(message.time)
        {
            show([Lines.heading(Format.day(message.time, today: state.today, in: local))])
        }
        show(Lines.message(message, in: local, emoji: state.emoji.catalog))
    }

    mutating func show(_ lines: [StyledText]) {
        if case .lines(var before)? = effects.last {
            // Taken out first, so the lines are added to the one copy in place.
            effects.removeLast()
            before.append(contentsOf: lines)
            effects.append(.lines(before))
        } else {
            effects.append(.lines(lines))
        }
    }

    /// Whether a message names the user: their nick, or one of `irc.highlights`, as a whole
    /// word in the server's case mapping (``IRCHighlight``).
    func mentions(_ message: ChatMessage) -> Bool { state.mentions(message) }

    /// Puts a message of the open channel into the page: a reply counts, a new one is added,
    /// a known one replaced; the page keeps its newest 50.
    mutating func merge(_ message: ChatMessage) {
        // (The page holds the newest ``pageSize``; a review reaches older ones through ``Review``.)
        guard message.channelID == state.channelID else { return }
        if let parent = message.replyTo {
            // A reply to a reply belongs to the same thread: counted on its root, shown in it.
            let root = state.replyRoots[parent] ?? parent
            // Counted once: a reply already known (merged again, as delivered and as stored)
            // was counted then ("3 replies" were said of two).
            let known = message.msgid.map { state.replyRoots[$0] != nil } ?? false
            if let msgid = message.msgid { state.replyRoots[msgid] = root }
            if !message.pending, !known { state.replyCounts[root, default: 0] += 1 }
            // Unread when it first comes: one known already was unread then, or has been read since.
            if !message.pending, !known, message.id > state.lastReadID, !message.heard, !state.isOwn(message) {
                state.unreadReplies[root, default: []].insert(message.id)
            }
            if let index = state.threadMessages.firstIndex(where: { $0.id == message.id }) {
                state.threadMessages[index] = message
            } else if state.threadMessages.first?.msgid == root {
                state.threadMessages.append(message)
            }
            return
        }
        if let index = state.messages.firstIndex(where: { $0.id == message.id }) {
            state.messages[index] = message
        } else {
            // In time order, as the store gives a page: a line the server's history brings
            // now can be older than one said since (review and the screen read this order).
            let at = state.messages.lastIndex { ($0.time, $0.id) <= (message.time, message.id) }.map { $0 + 1 } ?? 0
            state.messages.insert(message, at: at)
            if state.messages.count > Self.pageSize {
                state.messages.removeFirst(state.messages.count - Self.pageSize)
                state.pageHoldsAll = false
            }
        }
    }

}

extension AppCore {
    /// Someone reacted to a line of the listener's: said as news of its channel, unless the
    /// channel's messages are not said at all ("kim reacted with thumbs up to your message: is
    /// anyone there"); several in a row are counted.
    mutating func reactedToYours(_ line: ChatMessage, emoji: String, author: String) {
        let name = state.channels.first { $0.id == line.channelID }?.name ?? "another channel"
        guard state.settings.speech.messagePolicy(in: name) != .none else { return }
        let here = line.channelID == state.channelID
        let text = Wording.sentence(
            .message(
                .reactedToYours(
                    author: SpokenText.verbatim(author), emoji: Emoji.name(of: emoji, in: state.emoji.catalog),
                    channel: here ? nil : name, line: SpokenText.verbatim(Wording.firstWords(line.text)))))
        if !here { playCue(.messageElsewhere, .low) }
        var change = LiveRegionChange(
            region: name, politeness: .polite, text: text, noun: "reaction", newestInFull: true, newest: text)
        change.author = author
        announce(announcer.liveRegionChanged(change, at: now))
    }
}
