import Accessibility
import ChatModel
import Foundation

extension AppCore {
    /// What the chat machine reported (a message, a join, a loss, a reaction, …): said, shown
    /// and remembered as the open screen needs.
    mutating func handle(chat event: ChatEvent, network: Int64? = nil) {
        let on = networkPrefix(network)
        let names = state.names(onNetwork: network)
        switch event {
        case .server(let server, let channelID): handle(server: server, channelID: channelID, network: network)
        case .channel(let channel): learn(channel)
        case .messages(let messages): received(messages)
        case .reactedToYours(let line, let emoji, let author): reactedToYours(line, emoji: emoji, author: author)
        case .history(let messages, let news): receivedHistory(messages, news: news, network: network)
        case .readElsewhere(let channelID, let upTo, let unread): readElsewhere(channelID, upTo: upTo, unread: unread)
        case .olderHistory(let channelID, let count): olderArrived(channelID, count: count)
        case .delivered(let message):
            merge(message)
            if message.channelID == state.channelID { showLive(message) }
            rebuild()
            playCue(.sent, .low)
            if let index = state.waitingToSend.firstIndex(of: message.text) {
                // It waited for the server: which line went is news.
                state.waitingToSend.remove(at: index)
                announce(.sending(.sentWaiting(message.text)), .low)
            } else if message.channelID != state.channelID,
                let elsewhere = state.channels.first(where: { $0.id == message.channelID })
            {
                // Sent from another channel (/msg): where it went is news.
                announce(.sending(.sentTo(elsewhere.name)), .low)
            } else {
                announce(.sending(.sent), .low)
            }
        case .disconnected(let reason): disconnected(network, reason)
        case .reconnecting(let delay, _): retrying(network, after: delay)
        case .reaction(let channelID, _, _, _):
            refresh(showing: channelID)
        case .connecting: refresh()
        case .conversationForgotten(let channelID):
            // Read before it was forgotten, a refresh would keep it: it goes here.
            state.channels.removeAll { $0.id == channelID }
            refresh()
        case .lineRefused(let refusal, let line):
            // A server refuses a line to a channel one is not in as not taking it, or, when
            // nobody is in it any more, as no such channel.
            let notIn: Bool =
                switch refusal.reason {
                case .cannotSendToChannel, .noSuchChannel: true
                default: false
                }
            if notIn, let channel = state.channels.first(where: { $0.id == line.channelID }), !channel.isDirect,
                state.memberRanks[channel.id] == nil
            {
                // Not joined this session (a channel of the last, joined with /join and not in the
                // settings): it is a channel one is not in, and Enter again joins and sends.
                state.leftChannels.insert(channel.id)
                state.rejoinOffer = RejoinOffer(channelID: channel.id, text: line.text)
                if line.channelID == state.channelID, state.composer.isEmpty { state.composer = line.text }
                return refuse(line.text, .leftChannel(channel.name, canRejoin: true))
            }
            // Not delivered and never to be: the words go back into the field, and are said so.
            var back = false
            if line.channelID == state.channelID, state.composer.isEmpty {
                state.composer = line.text
                back = true
            } else if state.composer.isEmpty,
                let elsewhere = state.channels.first(where: { $0.id == line.channelID }), elsewhere.isDirect
            {
                // Sent with /msg from another channel: back as the command it was.
                state.composer = "/msg \(elsewhere.name) \(line.text)"
                back = true
            }
            // A conversation a /msg to nobody made is not kept in the drawer (the store keeps
            // it if anything else is in it); an open one stays where the listener is.
            if case .noSuchNick = refusal.reason, line.channelID != state.channelID,
                let direct = state.channels.first(where: { $0.id == line.channelID }), direct.isDirect
            {
                effects.append(.store(.forgetConversation(channelID: direct.id, network: direct.networkID)))
            }
            refresh()
            let sentence = Wording.sentence(
                refused: refusal, server: on.isEmpty ? "the server" : "this server", member: true)
            effects.append(.lines([Lines.plain(on + sentence)]))
            playCue(.error, .high)
            post(.announcement(on + Wording.sentence(.lineBack(sentence, inField: back)), priority: .high))
        case .failed(let reason):
            playCue(.error, .high)
            post(.announcement(on + Wording.sentence(.failed(reason)), priority: .high))
        case .error(let error):
            waits.progress.answerAll()  // a refusal ("Nickname already in use") answers what was waiting
            playCue(.error, .high)
            post(.announcement(on + Wording.sentence(error), priority: .high))
        }
    }
}
