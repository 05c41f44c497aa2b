import Accessibility
import ChatModel
import Settings
import SpeechVocabulary
import UnicodeData

/// Sending: a line to the open channel, what is said when it cannot go, and reactions.
extension AppCore {
    /// Whether `channel` is on an IRC network (not the local workspace).
    func onIRC(_ channel: ChatChannel) -> Bool { channel.networkID != configuration.localNetworkID }

    /// Whether the open channel is on IRC (else it is the local workspace).
    var onIRC: Bool { (state.channel?.networkID ?? configuration.localNetworkID) != configuration.localNetworkID }

    /// The listener sent a line (a message, or a command such as /me): the first Alt-Up says the
    /// newest message again, and Escape goes to the newest message (their own line, once it is
    /// in), not back to where typing began.
    mutating func movedOn() {
        reader.reviewer.index = nil
        state.fields.typedFrom = nil
    }

    mutating func send(_ text: String, replyTo: ChatMessage?) {
        guard let channel = state.channel else { return say(.sending(.noChannelOpen), .high, .announcer) }
        if state.leftChannels.contains(channel.id) {
            // Its history stays to read, but nobody there hears it: nothing goes out unless the
            // listener takes the offer: Enter again joins and sends the line once joined.
            if onIRC(channel), state.rejoinOffer == RejoinOffer(channelID: channel.id, text: text) {
                state.rejoinOffer = nil
                state.afterRejoin[channel.id, default: []].append(text)
                state.joinRequests.insert(state.names.fold(channel.name))
                transmit(.join(channel.name))
                expectSlowly(.join(state.names.fold(channel.name)), .command(.joining(channel.name)))
                return
            }
            state.rejoinOffer = onIRC(channel) ? RejoinOffer(channelID: channel.id, text: text) : nil
            return refuse(text, .leftChannel(channel.name, canRejoin: onIRC(channel)))
        }
        movedOn()
        if onIRC {
            transmit(.message(text, to: channel.name, replyTo: replyTo?.msgid))
            transmit(.stoppedTyping(in: channel.name))
            if isLost(channel.networkID) {
                // Kept, and sent when the server is back: said now, and again when it goes.
                // As the message will show it (a pasted message's lines on one line).
                state.waitingToSend.append(ChatMessage.shown(text))
                let waiting = Fact.sending(.waiting(ChatMessage.shown(text), host: host(of: channel.networkID)))
                effects.append(.lines([Lines.plain(SpokenText.unmarked(Wording.sentence(waiting)))]))
                announce(waiting, .default)
            }
        } else {
            effects.append(.store(.post(text, replyTo: replyTo, channel: channel)))
        }
    }

    /// Something sent to the server failed: said in words, by what it was. A stored line or
    /// reaction waits in the outbox and goes out on reconnect.
    ///
    /// A line the server could not be sent as it is was never stored, so it goes back to the
    /// composer (a reply the server cannot mark is said as such); a stored line waits in the
    /// outbox. A typing notice, a read marker or a quit that fails is not worth a word.
    mutating func sendFailed(_ send: ChatSend, _ reason: FailureReason) {
        waits.progress.answerAll()
        switch (send, reason) {
        case (.message(let text, _, let replyTo), .refused), (.message(let text, _, let replyTo), .unsupported):
            if case .unsupported = reason, replyTo != nil { return replyRefused(text, reason: Wording.reason(reason)) }
            return notSent(text, reason: Wording.reason(reason))
        case (.action(let text, _), .refused):
            return notSent("/me " + text, reason: Wording.reason(reason))
        default:
            break
        }
        switch send {
        case .monitor(let nicks, _): channelNews.askedPresence.subtract(nicks.map(state.names.fold))
        case .typing, .stoppedTyping, .quit, .reconnect, .markRead: return
        case .fetchOlder: return olderUnavailable()
        default: break
        }
        playCue(.error, .high)
        announce(.sending(.failed(send, reason: Wording.reason(reason))), .high)
    }

    /// A line that could not be kept goes back into the composer it came from (unless the user
    /// has typed something new there), and the reason is said at high priority.
    mutating func notSent(_ text: String, reason: String) {
        if case .thread = state.route {
            if state.threadComposer.isEmpty { state.threadComposer = text }
        } else if state.composer.isEmpty {
            state.composer = text
        }
        rebuild()
        playCue(.error, .high)
        announce(.sending(.notSent(reason: reason)), .high)
    }

    /// A reply the server cannot carry goes back to the thread's composer; the reason is said,
    /// and Enter again sends it to the channel as a plain message ("kim: yes"). Never kept
    /// silently.
    mutating func replyRefused(_ text: String, reason: String) {
        if state.threadComposer.isEmpty { state.threadComposer = text }
        state.plainReplyOffer = text
        rebuild()
        playCue(.error, .high)
        var author: String?
        if case .thread(let rootID) = state.route, let root = state.message(id: rootID) { author = root.author }
        announce(.sending(.replyNotSent(reason: reason, author: author)), .high)
    }

    mutating func react(_ emoji: Emoji, to id: Int64) {
        guard let message = state.message(id: id), let channel = state.channel else { return }
        if state.isOwn(reaction: emoji.storedForm, on: message) {
            // The same reaction again takes it back, as in Slack (on IRC, `+draft/unreact`).
            if onIRC {
                guard let msgid = message.msgid else {
                    return announce(.sending(.reactedAlready(emoji.name)), .default)
                }
                transmit(.unreact(emoji.storedForm, msgid: msgid, in: channel.name))
            } else {
                effects.append(.store(.removeReaction(emoji.storedForm, from: message)))
            }
            refreshAfterReaction()
            return announce(.sending(.reactionRemoved(emoji.name)), .default)
        }
        if onIRC, let msgid = message.msgid {
            transmit(.react(emoji.storedForm, msgid: msgid, in: channel.name))
        } else {
            effects.append(.store(.react(emoji.storedForm, to: message)))
        }
        refreshAfterReaction()
        // Offline, a reaction waits as a line does, and is said the same way.
        if onIRC, isLost(channel.networkID) {
            return announce(.reactionWaiting(emoji.name, host: host(of: channel.networkID)), .default)
        }
        announce(.sending(.reacted(emoji.name)), .default)
    }

    /// The page shows the reaction; so does an open thread, where the message may be a reply.
    mutating func refreshAfterReaction() {
        effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .refresh)))
        if case .thread(let rootID) = state.route, let root = state.message(id: rootID) {
            effects.append(
                .load(
                    ChatLoad(channelID: root.channelID, purpose: .thread(rootID: rootID, announce: false), root: root)))
        }
    }
}
