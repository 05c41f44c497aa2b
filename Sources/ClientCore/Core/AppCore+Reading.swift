import Accessibility
import ChatModel
import SpeechVocabulary

/// Read state that holds: what the listener heard in full is read, and the read marker moves
/// with it.
///
/// A message is heard in full when the reading voice finishes its phrase (focus on it, say-all
/// passing it, Alt-Up or Alt-Down reviewing it), or when the announcing voice finishes it as it
/// arrives in the open channel. A phrase cut off by a key is not heard, and neither is a
/// summary of several ("3 new messages in #a"). The marker only moves forward over messages
/// that are all read: hearing the newest first (End, the first Alt-Up) leaves the older unread
/// ones unread.
extension AppCore {
    /// A message whose phrase is being read, until its utterance ends (heard) or is cut off.
    struct Hearing: Sendable {
        var messageID: Int64
        /// Whether its utterance has started: ends and cuts before that belong to earlier speech.
        var started = false
    }

    /// Waits for the reading voice to finish the focused message's phrase.
    mutating func hearingFocus() {
        guard let id = tree.behaviour(navigator.focusedElement?.identifier)?.message else { return }
        reader.hearing = Hearing(messageID: id)
    }

    /// An utterance of the reading voice started, ended or was cut off.
    mutating func readerUtterance(_ kind: TranscriptRecord.Event) {
        switch kind {
        case .speak: reader.hearing?.started = true
        case .done:
            if let done = reader.hearing, done.started {
                reader.hearing = nil
                // At the reader's pace, the display says when it is read, not speech.
                if !paced { heard(done.messageID) }
            }
        default:
            if reader.hearing?.started == true { reader.hearing = nil }
        }
    }

    /// An utterance of the announcing voice ended (`finished`) or was cut off: a message of
    /// the open channel said in full as it arrived is read.
    mutating func announcerUtterance(finished: Bool) {
        let ids = reader.announcingMessages
        reader.announcingMessages = []
        if finished, !paced { for id in ids.sorted() { heard(id) } }
    }

    /// The announcement about to be spoken: the messages of the open channel it says in full
    /// (one, or one person's burst) are heard when it ends.
    mutating func announcing(_ utterance: SpeechRequest) {
        reader.announcingMessages = utterance.ids
    }

    /// A message of the open channel was heard in full: it is read. The marker moves to it
    /// when nothing unread comes before it (and on over what was heard ahead of it); else it is
    /// read where it is, the marker staying before the older unread one.
    mutating func heard(_ id: Int64) {
        if let root = state.unreadReplies.first(where: { $0.value.contains(id) })?.key {
            // A reply: read where it is; the marker is the channel's, and stays.
            state.unreadReplies[root]?.remove(id)
            if state.unreadReplies[root]?.isEmpty == true { state.unreadReplies[root] = nil }
            if let index = state.threadMessages.firstIndex(where: { $0.id == id }) {
                state.threadMessages[index].heard = true
            }
            // The stored count took every line that came while the channel was away, replies
            // too: one less now (it stood one over the messages seen unread).
            if let channel = state.channels.firstIndex(where: { $0.id == state.channelID }),
                state.channels[channel].unread > 0
            {
                state.channels[channel].unread -= 1
            }
            return readWhereItIs(id)
        }
        guard id > state.lastReadID, let index = state.messages.firstIndex(where: { $0.id == id }),
            !state.messages[index].heard
        else { return }
        guard !state.messages[..<index].contains(where: state.isUnread) else {
            state.messages[index].heard = true
            return readWhereItIs(id)
        }
        // On over the messages after it that are read already (heard ahead, or one's own).
        let end = state.messages[(index + 1)...].firstIndex(where: state.isUnread) ?? state.messages.endIndex
        moveReadMarker(to: state.messages[end - 1].id)
    }

    /// `id`, heard, is read where it is (the marker stays): in the store with what is still
    /// unread, and in the channel's count. The focused line is left as it was just said (a
    /// screen reader reading the cursor line would say it again); the next drawing shows it
    /// read. On the display at the reader's pace it shows read at once: the reader is looking
    /// at it.
    mutating func readWhereItIs(_ id: Int64) {
        effects.append(
            .store(
                .markHeard(channelID: state.channelID, network: openNetworkID, messageID: id, unread: state.unreadCount)
            ))
        if let channel = state.channels.firstIndex(where: { $0.id == state.channelID }) {
            state.channels[channel].unread = state.unreadCount
        }
        if paced || navigator.focusedElement?.identifier != ElementID.message(id).identifier { rebuild() }
    }

    /// The open channel's network: whose client writes its read state.
    var openNetworkID: Int64 { state.channel?.networkID ?? configuration.localNetworkID }

    /// Sets the open channel's read marker (forward when heard, back for Mark unread), in the
    /// store too, with what is still unread after it.
    mutating func moveReadMarker(to id: Int64) {
        let forward = id > state.lastReadID
        state.lastReadID = id
        effects.append(
            .store(.markRead(channelID: state.channelID, network: openNetworkID, upTo: id, unread: state.unreadCount)))
        // Forward on IRC: the server keeps it for the account's other clients (read-marker).
        // Sent after the store has it, so the server's answer finds ours there.
        if forward, let channel = state.channel, onIRC(channel),
            let message = state.messages.first(where: { $0.id == id })
        {
            transmit(.markRead(channel.name, at: message.time), on: channel.networkID)
        }
        if let index = state.channels.firstIndex(where: { $0.id == state.channelID }) {
            state.channels[index].unread = state.unreadCount
            state.channels[index].lastReadMessageID = id
        }
        rebuild()
    }

    /// Read on another client of the account (or before, here): the marker moves and the
    /// counts clear, silently; nothing is sent back.
    mutating func readElsewhere(_ channelID: Int64, upTo id: Int64, unread: Int) {
        if let index = state.channels.firstIndex(where: { $0.id == channelID }) {
            state.channels[index].unread = unread
            state.channels[index].lastReadMessageID = max(state.channels[index].lastReadMessageID ?? 0, id)
        }
        if channelID == state.channelID, id > state.lastReadID { state.lastReadID = id }
        rebuild()
    }
}
