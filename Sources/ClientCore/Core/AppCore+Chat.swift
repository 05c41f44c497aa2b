import Accessibility
import ChatModel
import Foundation

extension AppCore {
    /// Sends to the IRC server of `network`, or of the open channel.
    mutating func transmit(_ send: ChatSend, on network: Int64? = nil) {
        // One's own typing goes nowhere when the listener chose so (`irc.send_typing`).
        if !state.settings.sendTyping {
            switch send {
            case .typing, .stoppedTyping: return
            default: break
            }
        }
        effects.append(.send(send, network: network ?? state.channel?.networkID ?? configuration.localNetworkID))
    }

    /// "libera: " before what a network says of itself, when the client is on several networks.
    func networkPrefix(_ network: Int64?) -> String {
        let ircNetworks = state.networks.filter { $0.id != configuration.localNetworkID }
        guard ircNetworks.count > 1, let network, let name = ircNetworks.first(where: { $0.id == network })?.name else {
            return ""
        }
        return SpokenText.verbatim(name) + ": "
    }

    /// The name of `network` when there are several IRC networks (nil with one, or none).
    func networkName(_ network: Int64?) -> String? {
        let ircNetworks = state.networks.filter { $0.id != configuration.localNetworkID }
        guard ircNetworks.count > 1, let network else { return nil }
        return ircNetworks.first { $0.id == network }?.name
    }

    /// "#a", "#a and #b", "#a, #b and #c".
    static func andList(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The host of an IRC network, as the user configured it ("127.0.0.1"), for sentences.
    /// `nil` is the only IRC network there is.
    func host(of network: Int64?) -> String {
        let candidates = state.networks.filter {
            network == nil ? $0.id != configuration.localNetworkID : $0.id == network
        }
        guard candidates.count == 1, let found = candidates.first, !found.host.isEmpty else { return "the server" }
        // Two servers on one host are told apart by their names ("127.0.0.1:6668").
        let sharing = state.networks.filter { $0.host == found.host && $0.id != configuration.localNetworkID }
        return sharing.count > 1 ? found.name : found.host
    }

    /// Whether the connection to `network` is lost (said, and not back yet).
    func isLost(_ network: Int64) -> Bool { state.connection.isLost(network) }

    /// The user's nick on the network of `channelID`.
    func nick(inChannel channelID: Int64) -> String { state.nick(inChannel: channelID) }

    /// A channel the connection named for the first time: known from now on, before anything
    /// in it arrives, so a message never waits for the store to be asked what its channel is.
    mutating func learn(_ channel: ChatChannel) {
        guard !state.channels.contains(where: { $0.id == channel.id }) else { return }
        insert(channel)
        rebuild()
    }

    /// Puts `channel` where the store lists it: with its network, channels before direct
    /// conversations, by name as the server compares names.
    mutating func insert(_ channel: ChatChannel) {
        let names = state.names(onNetwork: channel.networkID)
        func key(_ other: ChatChannel) -> (Int, String) { (other.isDirect ? 1 : 0, names.fold(other.name)) }
        let sameNetwork = state.channels.indices.filter { state.channels[$0].networkID == channel.networkID }
        let index =
            sameNetwork.first { key(state.channels[$0]) > key(channel) } ?? sameNetwork.last.map { $0 + 1 }
            ?? state.channels.endIndex
        state.channels.insert(channel, at: index)
    }

    mutating func refresh() {
        effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .refresh)))
        // An open thread is read again too: a reaction to a reply showed only once the thread
        // was opened again.
        if case .thread(let rootID) = state.route, let root = state.threadMessages.first(where: { $0.id == rootID }) {
            effects.append(
                .load(
                    ChatLoad(channelID: root.channelID, purpose: .thread(rootID: rootID, announce: false), root: root)))
        }
    }

    /// Refreshes only if `channelID` is on screen: the open channel, or a sheet about it. A
    /// change in a channel nobody is looking at is read when it opens (a refresh reads every
    /// channel, and joining 50 busy channels would otherwise read them all at each event).
    mutating func refresh(showing channelID: Int64) {
        if isShowing(channelID) { refresh() }
    }

    /// Refreshes only if one of `nicks` is in a channel on screen (a quit or a nick change).
    mutating func refresh(ifShowing nicks: [String]) {
        let shown = state.channels.filter { isShowing($0.id) }
        if shown.contains(where: { channel in nicks.contains { channel.members.contains($0) } }) { refresh() }
    }

    func isShowing(_ channelID: Int64) -> Bool {
        if channelID == state.channelID { return true }
        return state.shownSheets.contains { entry in
            switch entry.payload {
            case .names(let id), .channelActions(let id): id == channelID
            default: false
            }
        }
    }

    /// What the store read: the page is shown; an opened channel says its heading and focuses
    /// its first unread message; an opened thread is pushed.
    mutating func loaded(_ snapshot: ChatSnapshot) {
        if case .older = snapshot.load.purpose { return olderLoaded(snapshot) }
        // A channel learnt after the store was read is kept (the store drops one only as
        // `conversationForgotten` says).
        let read = Set(snapshot.channels.map(\.id))
        let learnt = state.channels.filter { !read.contains($0.id) }
        state.channels = snapshot.channels
        for channel in learnt { insert(channel) }
        if !snapshot.networks.isEmpty { state.networks = snapshot.networks }
        if snapshot.load.purpose == .open, snapshot.load.channelID != state.channelID {
            state.show(channel: snapshot.load.channelID)
            if let network = state.channel?.networkID, let nick = state.nicks[network] { state.nick = nick }
            state.channelQuery = ""
        }
        if snapshot.load.channelID == state.channelID {
            state.messages = snapshot.messages.filter { $0.replyTo == nil }
            state.pageHoldsAll = snapshot.messages.count < Self.pageSize
            // Replies count on their thread's root, a reply to a reply too.
            var parents: [String: String] = [:]
            for message in snapshot.messages {
                if let msgid = message.msgid, let parent = message.replyTo { parents[msgid] = parent }
            }
            var roots: [String: String] = [:]
            var counts: [String: Int] = [:]
            // Unread replies: after the marker (the stored one, for a channel opening), not heard,
            // not one's own; those read this session stay read.
            let marker = snapshot.load.purpose == .open ? state.channel?.lastReadMessageID ?? 0 : state.lastReadID
            var unread: [String: Set<Int64>] = [:]
            for message in snapshot.messages {
                guard var root = message.replyTo else { continue }
                var steps = 0
                while let up = parents[root], steps < 50 {
                    root = up
                    steps += 1
                }
                if let msgid = message.msgid { roots[msgid] = root }
                // A reply still on its way counts once it is delivered, as a live one does.
                if !message.pending { counts[root, default: 0] += 1 }
                if message.id > marker, !message.heard, !state.isOwn(message), !message.pending {
                    unread[root, default: []].insert(message.id)
                }
            }
            state.replyRoots = roots
            state.replyCounts = counts
            if snapshot.load.purpose != .open {
                // Replies unread before a refresh stay so (the marker may have passed their ids
                // since, while they were not read); those read were marked heard.
                let present = Set(snapshot.messages.filter { !$0.heard }.map(\.id))
                for (root, ids) in state.unreadReplies {
                    unread[root, default: []].formUnion(ids.intersection(present))
                }
            }
            state.unreadReplies = unread
        }
        switch snapshot.load.purpose {
        case .refresh:
            rebuild()
        case .open:
            // Its news still waiting on the display is in front of the reader now.
            if configuration.braille, let name = state.channel?.name { effects.append(.brailleForget(about: name)) }
            reader.reviewer.reset(channel: state.channelID)
            state.mentionedChannelIDs.remove(state.channelID)
            state.freshChannelIDs.remove(state.channelID)
            state.lastReadID = state.channel?.lastReadMessageID ?? 0
            state.firstUnreadID = state.messages.first(where: state.isUnread)?.id
            state.typing = typingTracker.typing(in: state.channelName, now: date, names: state.names)
            // The drawer closes behind the channel it opened.
            _ = state.drawer.collapse()
            if state.route == .main {
                rebuild()
                effects.append(.lines(Lines.screen(state: state, tree: tree)))
                var focus = MainScreen.firstFocus(state)
                if let wanted = state.focusOnOpen {
                    state.focusOnOpen = nil
                    if state.messages.contains(where: { $0.id == wanted }) { focus = .message(wanted) }
                }
                // The first channel after connecting says the connection first, in one sentence.
                let connected = state.connection.takeHeldNews()
                let news = connected.map { Wording.sentence($0) + ". " } ?? ""
                outputs.newsTopic = connected?.topic
                defer { outputs.newsTopic = nil }
                // After connecting it waits for what is being said ("Connecting to …, saved for
                // next time"), not cutting it.
                // A draft left here is there again: said, so it is not a surprise in the field.
                let draft = state.composer.isEmpty ? "" : ". " + Wording.sentence(.sending(.draftKept))
                post(
                    .screenChanged(focus: focus.identifier, announcing: news + state.channelHeading + draft),
                    queued: !news.isEmpty)
                if state.threadReplyToOpen != nil { openThreadOfReply() }
            } else {
                show(.main, title: state.channelHeading, from: nil)
            }
            // What came while away, after where the listener now is and the message there.
            channelNews.away.channelOpened()
            sendWaitingLines()
        case .thread(let rootID, let announce):
            state.threadMessages = snapshot.thread
            if announce {
                show(
                    .thread(rootID: rootID), title: ThreadScreen.title(replies: max(0, snapshot.thread.count - 1)),
                    from: .message(rootID))
                state.threadFocus = nil
            } else {
                rebuild()
            }
        case .older:
            break  // handled before the page is touched
        }
    }

    /// Opens the thread of the reply search found, focused on that reply; when its root is not
    /// in the open channel's page, the channel stays open.
    mutating func openThreadOfReply() {
        guard let reply = state.threadReplyToOpen, let parent = reply.replyTo else { return }
        state.threadReplyToOpen = nil
        let rootMsgid = state.replyRoots[parent] ?? parent
        guard let root = state.messages.first(where: { $0.msgid == rootMsgid }) else { return }
        state.threadFocus = reply.id
        effects.append(
            .load(ChatLoad(channelID: root.channelID, purpose: .thread(rootID: root.id, announce: true), root: root)))
    }

    /// Who is typing in the open channel, from the tracker (active 6 s, paused 30 s).
    mutating func refreshTyping() {
        let typing = typingTracker.typing(in: state.channelName, now: date, names: state.names)
        guard typing != state.typing else { return }
        let started = typing.filter { !state.typing.contains($0) }
        if !started.isEmpty {
            state.typingIsNews = typingTracker.isNews(started, in: state.channelName, now: date, names: state.names)
        } else if typing.isEmpty {
            // The region listens again, so that the next one to start, if news, is said.
            state.typingIsNews = true
        }
        state.typing = typing
        rebuild()
    }

    /// The event's time by the wall clock, as the typing tracker counts it.
    var date: Date { state.localTime.date(at: now) }

}
