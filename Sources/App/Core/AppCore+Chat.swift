import Accessibility
import Chat
import Foundation

extension AppCore {
    /// Sends to the IRC server of `network`, or of the open channel.
    mutating func transmit(_ send: ChatSend, on network: Int64? = nil) {
        effects.append(.send(send, network: network ?? state.channel?.networkID ?? configuration.localNetworkID))
    }

    /// "libera: " before what a network says of itself, when the client is on several networks.
    func networkPrefix(_ network: Int64?) -> String {
        let ircNetworks = state.networks.filter { $0.id != configuration.localNetworkID }
        guard ircNetworks.count > 1, let network, let name = ircNetworks.first(where: { $0.id == network })?.name else { return "" }
        return SpokenText.verbatim(name) + ": "
    }

    /// "#a", "#a and #b", "#a, #b and #c".
    static func andList(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The host of an IRC network, as the user configured it ("127.0.0.1"), for sentences.
    /// `nil` is the only IRC network there is.
    func host(of network: Int64?) -> String {
        let candidates = state.networks.filter { network == nil ? $0.id != configuration.localNetworkID : $0.id == network }
        guard candidates.count == 1, let found = candidates.first, !found.host.isEmpty else { return "the server" }
        // Two servers on one host are told apart by their names ("127.0.0.1:6668").
        let sharing = state.networks.filter { $0.host == found.host && $0.id != configuration.localNetworkID }
        return sharing.count > 1 ? found.name : found.host
    }

    /// Whether the connection to `network` is lost (said, and not back yet).
    func isLost(_ network: Int64) -> Bool { state.lostNetworks.contains(network) || state.lostNetworks.contains(0) }

    /// The user's nick on the network of `channelID`.
    func nick(inChannel channelID: Int64) -> String {
        guard let network = state.channels.first(where: { $0.id == channelID })?.networkID else { return state.nick }
        return state.nicks[network] ?? state.nick
    }

    mutating func handle(chat event: ChatEvent, network: Int64? = nil) {
        let on = networkPrefix(network)
        switch event {
        case .messages(let messages): received(messages)
        case .history(let messages, let news): receivedHistory(messages, news: news, network: network)
        case .delivered(let message):
            merge(message)
            if message.channelID == state.channelID { effects.append(.lines(Lines.message(message))) }
            rebuild()
            playCue(.sent, .low)
            if let index = state.waitingToSend.firstIndex(of: message.text) {
                // It waited for the server: which line went is news.
                state.waitingToSend.remove(at: index)
                post(.announcement("Sent: " + SpokenText.verbatim(message.text), priority: .low))
            } else {
                post(.announcement("Sent", priority: .low))
            }
        case .typing(let channelID, let nick, let typingState):
            guard let name = state.channels.first(where: { $0.id == channelID })?.name else { break }
            typingTracker.received(typingState, from: nick, in: name, now: date)
            refreshTyping()
        case .disconnected(let reason):
            // Said once; the quiet retries after it are not news.
            let key = network ?? 0
            guard !state.lostNetworks.contains(key) else { break }
            state.lostNetworks.insert(key)
            state.connection = "Disconnected"
            let sentence = "Lost the connection to \(host(of: network)): \(reason.words). Trying again."
            effects.append(.lines([Lines.plain(sentence)]))
            playCue(.connectionLost, .high)
            post(.announcement(sentence, priority: .high))
            openWelcomeInstead()
        case .reconnecting, .reconnected:
            break
        case .registered(let nick):
            replaying.insert(network ?? 0)
            if let network { state.nicks[network] = nick }
            if network == nil || network == state.channel?.networkID || state.channel?.networkID == configuration.localNetworkID {
                state.nick = nick
            }
            state.connection = "Connected as \(nick)"
            if state.lostNetworks.remove(network ?? 0) != nil {
                // One sentence on return: where the user is again.
                let channels = state.channels.filter {
                    !$0.isDirect && !state.leftChannels.contains($0.id)
                        && (network == nil ? $0.networkID != configuration.localNetworkID : $0.networkID == network)
                }.map(\.name)
                let place = channels.isEmpty ? "" : ", in " + Self.andList(channels)
                let sentence = "Back on \(host(of: network))\(place)."
                effects.append(.lines([Lines.plain(sentence)]))
                post(.announcement(sentence, priority: .default))
            } else {
                post(.announcement(on.isEmpty ? "Connected as \(nick)" : "Connected to \(on.dropLast(2)) as \(nick)", priority: .default))
            }
        case .topic(let channelID, let topic, let setBy):
            if channelID == state.channelID {
                effects.append(.lines([Lines.plain("Topic: \(topic)")]))
                if let setBy {
                    let region = state.channelName
                    announce(announcer.liveRegionChanged(
                        LiveRegionChange(
                            region: region, politeness: .polite,
                            text: (IRCCaseMapping.equal(setBy, nick(inChannel: channelID)) ? "You" : SpokenText.verbatim(setBy))
                                + " set the topic: " + SpokenText.verbatim(topic), noun: "event"),
                        at: now))
                }
            }
            refresh(showing: channelID)
        case .joined(let channelID, let channel, let nick, let isSelf):
            if isSelf { state.leftChannels.remove(channelID) }
            if isSelf, state.channelID == configuration.welcomeChannelID, state.route == .main, !state.sheets.hasSheet {
                // The first IRC channel joined replaces the local workspace on screen, once the
                // server has replayed its history (at `synced`), so it opens on what is unread.
                if awaitingFirstChannel != nil {
                    if firstJoined == nil { firstJoined = channelID }
                } else {
                    state.channelID = channelID
                    effects.append(.load(ChatLoad(channelID: channelID, purpose: .open)))
                }
            } else {
                if isSelf {
                    // Said for a /join; the channels of the settings, and rejoins after "Back on …",
                    // are where the listener already expects to be.
                    // Not opened: the open would clear, or take focus from, a line being typed.
                    if state.joinRequests.remove(IRCCaseMapping.fold(channel)) != nil { say("Joined \(channel)", .low, .announcer) }
                } else {
                    membership("\(nick) joined \(channel)", in: channelID, about: [nick])
                }
                isSelf ? refresh() : refresh(showing: channelID)
            }
        case .parted(let channelID, let channel, let nick, let isSelf):
            // Left: its history stays, and it is no longer one the listener is "back in".
            if isSelf { state.leftChannels.insert(channelID) }
            if isSelf { say("Left \(channel)", .low, .announcer) } else { membership("\(nick) left \(channel)", in: channelID, about: [nick]) }
            isSelf ? refresh() : refresh(showing: channelID)
        case .quit(let nick, let reason):
            if state.channel?.members.contains(nick) == true {
                // The reason is someone else's words, after a colon: brackets around it are
                // read aloud as "left paren".
                // Servers put "Quit: " before the reason a person gave (InspIRCd, Solanum).
                let given = reason.hasPrefix("Quit: ") ? String(reason.dropFirst(6)) : reason
                let why = given.isEmpty ? "" : ": " + SpokenText.verbatim(given)
                membership("\(nick) quit" + why, in: state.channelID, about: [nick])
            }
            refresh(ifShowing: [nick])
        case .nickChanged(let old, let new, let isSelf):
            if isSelf {
                if let network { state.nicks[network] = new }
                if network == nil || network == state.channel?.networkID { state.nick = new }
                say(on + "You are now \(new)", .default, .announcer)
            } else if state.channel?.members.contains(old) == true || state.channel?.members.contains(new) == true {
                membership("\(old) is now \(new)", in: state.channelID, about: [old, new])
                if let spoke = lastSpoke[IRCCaseMapping.fold(old)] { lastSpoke[IRCCaseMapping.fold(new)] = spoke }
            }
            isSelf ? refresh() : refresh(ifShowing: [old, new])
        case .memberRanks(let channelID, let ranks):
            state.memberRanks[channelID] = ranks
        case .kicked(let channelID, let channel, let nick, let by, let reason, let isSelf):
            let why = reason.isEmpty || reason == nick ? "" : ": " + SpokenText.verbatim(reason)
            if isSelf {
                playCue(.error, .high)
                post(.announcement("You were kicked from \(channel) by \(SpokenText.verbatim(by))\(why)", priority: .high))
                if channelID == state.channelID { effects.append(.lines([Lines.plain("You were kicked from \(channel) by \(by)\(why)")])) }
            } else {
                membership("\(nick) was kicked by \(by)\(why)", in: channelID)
            }
            isSelf ? refresh() : refresh(showing: channelID)
        case .modeChanged(let channelID, let change, let by):
            membership(Self.describeMode(change, by: by), in: channelID)
            // A rank given or taken ("+o kim"): ask for the member list again.
            if change.split(separator: " ").first?.contains(where: { "qaohv".contains($0) }) == true,
                let channel = state.channels.first(where: { $0.id == channelID })
            {
                transmit(.names(channel.name), on: channel.networkID)
            }
        case .whois(let nick, let lines):
            let text = lines.isEmpty ? "\(nick): nothing known" : lines.joined(separator: "; ")
            effects.append(.lines([Lines.plain("Whois \(nick): \(text)")]))
            say(SpokenText.verbatim(text), .default, .announcer)
        case .note(let text, let isWarning):
            effects.append(.lines([Lines.plain((isWarning ? "Warning: " : "Note: ") + text)]))
            if isWarning { playCue(.error, .default) }
            post(.announcement((isWarning ? "Warning: " : "") + SpokenText.verbatim(text), priority: isWarning ? .default : .low))
        case .members(let channelID, _), .reaction(let channelID, _, _, _):
            refresh(showing: channelID)
        case .synced:
            if awaitingFirstChannel != nil, firstJoined != nil { openFirstChannel() } else { refresh() }
            // The replay on (re)joining is over: what came while away is said now, once.
            if replaying.remove(network ?? 0) != nil {
                sayAwayNews()
                awayNews = [:]
            }
        case .connecting:
            refresh()
        case .authenticationFailed(let account, let reason, let continuing):
            if !continuing { state.connection = "Disconnected" }
            let then = continuing ? "Going on without signing in." : "Disconnected, not reconnecting."
            effects.append(.lines([Lines.plain("Sign-in failed for \(account): \(reason). \(then)")]))
            playCue(.error, .high)
            post(.announcement(
                "Sign-in failed for \(SpokenText.verbatim(account)): \(SpokenText.verbatim(reason)). \(then)", priority: .high))
            if !continuing { openWelcomeInstead() }
        case .passwordRefused(let given):
            // Said once; the client has stopped rather than ask again and again.
            state.connection = "Disconnected"
            let server = host(of: network)
            // The settings entry of this server, to say what is missing.
            let known = state.networks.first { $0.id == network }
            let entry = state.settings.ircServers.first { $0.host == known?.host && $0.port == known?.port }
            let sentence: String
            if given {
                sentence = "\(server) refused the password. Not reconnecting."
            } else if let variable = entry?.passwordEnvironmentVariable {
                sentence = "\(server) wants a password, and the environment variable \(variable) that holds it is not set. Not reconnecting."
            } else {
                sentence = "\(server) wants a password: name the environment variable that holds it with password_env in this server's settings. Not reconnecting."
            }
            effects.append(.lines([Lines.plain(sentence)]))
            playCue(.error, .high)
            post(.announcement(sentence, priority: .high))
            openWelcomeInstead()
        case .presence(let nick, let online, let change):
            let asked = askedPresence.remove(IRCCaseMapping.fold(nick)) != nil
            guard online || change || asked else { break }
            let sentence = online ? "\(nick) is online" : change ? "\(nick) went offline" : "\(nick) is offline"
            effects.append(.lines([Lines.plain(on + sentence)]))
            post(.announcement(on + SpokenText.verbatim(nick) + sentence.dropFirst(nick.count), priority: .default))
        case .away(let nick, let reason):
            // Only where the listener is with them: the open channel.
            guard state.channel?.members.contains(where: { IRCCaseMapping.equal($0, nick) }) == true else { break }
            membership(reason.map { "\(nick) is away: \($0)" } ?? "\(nick) is back", in: state.channelID)
        case .invited(let channel, let nick, let by, let isSelf):
            if isSelf {
                let sentence = "\(by) invites you to \(channel). To accept, type /join \(channel)"
                effects.append(.lines([Lines.plain(on + sentence)]))
                playCue(.mention, .high)
                post(.announcement(on + SpokenText.verbatim(by) + " invites you to \(channel). To accept, type slash join \(channel)", priority: .high))
            } else if let id = state.channels.first(where: { !$0.isDirect && IRCCaseMapping.equal($0.name, channel) })?.id {
                membership("\(by) invited \(nick)", in: id)
            }
        case .notDelivered(let target, let reason):
            let server = host(of: network)
            let sentence: String
            switch reason {
            case .noSuchNick: sentence = "Not delivered: \(target) is not on \(server) now"
            case .noSuchChannel: sentence = "Not delivered: there is no channel \(target) on \(server)"
            case .refused(let why): sentence = "Not delivered to \(target): " + why
            }
            effects.append(.lines([Lines.plain(sentence)]))
            playCue(.error, .high)
            post(.announcement(sentence, priority: .high))
        case .error(let error):
            playCue(.error, .high)
            post(.announcement(on + SpokenText.verbatim(error.message), priority: .high))
        }
    }

    /// New messages: the open channel's are shown and spoken politely, others' are spoken with
    /// the channel's name first and coalesce ("3 new messages in #b"); a mention is assertive.
    mutating func received(_ messages: [ChatMessage]) {
        let known = Set(state.channels.map(\.id))
        if messages.contains(where: { !known.contains($0.channelID) }), !learningChannels {
            // A channel the core has not seen yet: learn its name first.
            return effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .received(messages))))
        }
        for message in messages {
            let channel = state.channels.first { $0.id == message.channelID }
            let name = channel?.name ?? "another channel"
            typingTracker.messageReceived(from: message.author, in: name)
            lastSpoke[IRCCaseMapping.fold(message.author)] = now
            if lastSpoke.count > 5000 { lastSpoke = lastSpoke.filter { now - $0.value < Self.recentSpan } }
            let mine = message.author == nick(inChannel: message.channelID)
            if message.channelID == state.channelID {
                merge(message)
                if !message.pending { effects.append(.lines(Lines.message(message))) }
            } else if !mine, let index = state.channels.firstIndex(where: { $0.id == message.channelID }) {
                state.channels[index].unread += 1
            }
            if mine, !message.pending, !onIRC, message.channelID == state.channelID {
                playCue(.sent, .low)
                post(.announcement("Sent", priority: .low))
            }
            guard !mine, !message.pending else { continue }
            let here = message.channelID == state.channelID
            let direct = channel?.isDirect ?? false
            let spoken: Bool
            let policy = state.settings.speech.messagePolicy(in: name)
            switch policy {
            case .all: spoken = true
            case .active: spoken = here || direct || mentions(message)
            case .mentions, .sound: spoken = direct || mentions(message)
            case .none: spoken = false
            }
            // A channel heard as a pulse: each message is its sound, no words.
            if !spoken, policy == .sound { playCue(.messageElsewhere, .low) }
            let brailled = configuration.braille && brailles(ChatMessageFacts(here: here, direct: direct, mention: mentions(message)))
            if !spoken {
                // Not said, and perhaps still shown on the display, as written.
                if brailled {
                    let place = here ? "" : "\(name) "
                    brailleMessage(message.kind == .action ? "\(place)* \(message.author) \(message.text)" : "\(place)\(message.author): \(message.text)")
                }
                continue
            }
            let author = SpokenText.verbatim(message.author)
            // Read in the channel's language when the settings name one, else by its script.
            let language = state.settings.speech.language(in: name)
            let body = message.kind == .action
                ? SpokenText.verbatim("\(message.author) \(message.text)", language: language)
                : SpokenText.verbatim(message.text, language: language)
            let words = message.kind == .action ? body : "\(author): " + body
            let change: LiveRegionChange
            if direct {
                // A direct message is to the user already: no "mentioned you", and its
                // conversation's name is the author's, said once. Alt-A goes there first.
                if !here {
                    playCue(.mention, .low)
                    state.mentionedChannelIDs.insert(message.channelID)
                }
                let text = here ? words : "Direct message from " + words
                change = LiveRegionChange(region: name, politeness: .polite, text: text, noun: "direct message")
            } else if mentions(message) {
                playCue(.mention, .high)
                if !here { state.mentionedChannelIDs.insert(message.channelID) }
                let place = here ? "" : " in \(name)"
                // Mentions coalesce under a flood too ("12 new mentions in #a. Newest: …").
                change = LiveRegionChange(
                    region: name, politeness: .assertive,
                    text: "\(author) mentioned you\(place): " + SpokenText.verbatim(message.text), noun: "mention",
                    newestInFull: true)
            } else {
                if !here { playCue(.messageElsewhere, .low) }
                // One person's messages that follow each other are said as one, named once.
                change = LiveRegionChange(
                    region: name, politeness: .polite, text: here ? words : "\(name), \(words)",
                    speaker: here ? IRCCaseMapping.fold(message.author) : nil, continuation: body,
                    waitsForMore: here && busy(name))
            }
            // Said in full as it arrives in the open channel, it is heard (see AppCore+Reading).
            if here { arrivedHere = Arrived(id: message.id, text: change.text) }
            if configuration.braille, !brailled {
                if unbrailled.count > 100 { unbrailled = [] }
                unbrailled.insert(change.text)
            }
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
        let markerTime = state.message(id: state.lastReadID).map { Date(timeIntervalSince1970: ($0.time.timeIntervalSince1970).rounded(.down)) }
        let here = messages.filter { $0.channelID == state.channelID }
        for message in here {
            merge(message)
            effects.append(.lines(Lines.message(message)))
        }
        let old = here.filter { message in markerTime.map { message.time < $0 } ?? true }
        if allRead, let newest = old.map(\.id).max(), newest > state.lastReadID {
            moveReadMarker(to: newest)
        }
        // What came while away is said as a count a listener can follow with Alt-R or Alt-A: the
        // store counted it against each channel's marker. Replays of many channels arrive one
        // after another; they are gathered, and one sentence (replacing the one still waiting)
        // says them all.
        if let last = awayNewsAt, now - last > .seconds(10) { awayNews = [:] }
        let byChannel = Dictionary(grouping: messages.lazy.filter { news[$0.channelID, default: 0] > 0 }, by: \.channelID)
        for (channelID, count) in news.sorted(by: { $0.key < $1.key }) where count > 0 {
            if channelID != state.channelID, let index = state.channels.firstIndex(where: { $0.id == channelID }) {
                state.channels[index].unread += count
            }
            // The news are the newest of what was replayed there: those that name the user are
            // counted as mentions.
            let mine = nick(inChannel: channelID)
            let mentions = (byChannel[channelID] ?? []).sorted { ($0.time, $0.id) < ($1.time, $1.id) }
                .suffix(count).filter { $0.author != mine && self.mentions($0) }.count
            awayNews[channelID, default: (0, 0)].messages += count
            awayNews[channelID, default: (0, 0)].mentions += mentions
            // Alt-A goes first to a channel that names the user, or a direct message, as it
            // does for ones that arrive live.
            let direct = state.channels.first { $0.id == channelID }?.isDirect ?? false
            if mentions > 0 || direct, channelID != state.channelID { state.mentionedChannelIDs.insert(channelID) }
        }
        if news.values.contains(where: { $0 > 0 }) {
            awayNewsAt = now
            // During a reconnect's replay it is said at the sync point, all of it at once.
            if !replaying.contains(network ?? 0) { sayAwayNews() }
        }
        rebuild()
    }

    /// What came while away, gathered in ``awayNews``, in one sentence ("hash a: 12 messages
    /// while you were away, 1 mention"; for several channels, the totals), replacing one still
    /// waiting to be said.
    mutating func sayAwayNews() {
        guard !awayNews.isEmpty else { return }
        let direct = Set(state.channels.filter(\.isDirect).map(\.id))
        let inChannels = awayNews.filter { !direct.contains($0.key) }
        let inDirect = awayNews.filter { direct.contains($0.key) }
        let total = inChannels.values.reduce(0) { $0 + $1.messages }
        let mentions = inChannels.values.reduce(0) { $0 + $1.mentions }
        let withMentions = mentions > 0 ? ", " + Plural.phrase(mentions, "mention") : ""
        if mentions > 0 || !inDirect.isEmpty { playCue(.mention, .default) }
        // Direct messages, with whom they are from ("2 direct messages from bob").
        let directCount = inDirect.values.reduce(0) { $0 + $1.messages }
        let senders = inDirect.keys.compactMap { id in state.channels.first { $0.id == id }?.name }.sorted()
        let directPart = directCount == 0 ? "" : Plural.phrase(directCount, "direct message") + " from " + Self.andList(senders)
        let sentence: String
        if inChannels.count == 1, inDirect.isEmpty, let channelID = inChannels.keys.first {
            let name = state.channels.first { $0.id == channelID }?.name
            sentence = (name.map { $0 + ": " } ?? "") + "\(Plural.phrase(total, "message")) while you were away" + withMentions
        } else if inChannels.isEmpty {
            sentence = "While you were away: " + directPart
        } else {
            let channels = inChannels.count == 1
                ? (state.channels.first { $0.id == inChannels.keys.first }?.name).map { "in " + $0 } ?? "in 1 channel"
                : "in \(inChannels.count) channels"
            sentence = "While you were away: \(Plural.phrase(total, "message")) \(channels)" + withMentions
                + (directPart.isEmpty ? "" : ", and " + directPart) + ". Alt-A goes to the next channel with new messages"
        }
        announce(announcer.liveRegionChanged(
            LiveRegionChange(region: "away", politeness: .polite, text: sentence, replaces: true), at: now))
    }

    /// Whether a message names the user: their nick, or one of `irc.highlights`, as a whole
    /// word in the server's case mapping (``IRCHighlight``).
    func mentions(_ message: ChatMessage) -> Bool {
        let nick = nick(inChannel: message.channelID)
        guard message.author != nick else { return false }
        return IRCHighlight.matches(message.text, words: [nick] + state.settings.highlights)
    }

    /// Puts a message of the open channel into the page: a reply counts, a new one is added,
    /// a known one replaced; the page keeps its newest 50.
    mutating func merge(_ message: ChatMessage) {
        guard message.channelID == state.channelID else { return }
        if let parent = message.replyTo {
            // A reply to a reply belongs to the same thread: counted on its root, shown in it.
            let root = state.replyRoots[parent] ?? parent
            if let msgid = message.msgid { state.replyRoots[msgid] = root }
            if !message.pending { state.replyCounts[root, default: 0] += 1 }
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
            state.messages.append(message)
            if state.messages.count > 50 { state.messages.removeFirst(state.messages.count - 50) }
        }
    }

    mutating func refresh() {
        effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .refresh)))
    }

    /// Refreshes only if `channelID` is on screen: the open channel, or a sheet about it. A
    /// change in a channel nobody is looking at is read when it opens (a refresh reads every
    /// channel, and joining 50 busy channels would otherwise read them all at each event).
    mutating func refresh(showing channelID: Int64) {
        // A channel the core has not seen yet is learnt at once, for the drawer.
        if isShowing(channelID) || !state.channels.contains(where: { $0.id == channelID }) { refresh() }
    }

    /// Refreshes only if one of `nicks` is in a channel on screen (a quit or a nick change).
    mutating func refresh(ifShowing nicks: [String]) {
        let shown = state.channels.filter { isShowing($0.id) }
        if shown.contains(where: { channel in nicks.contains { channel.members.contains($0) } }) { refresh() }
    }

    func isShowing(_ channelID: Int64) -> Bool {
        if channelID == state.channelID { return true }
        return state.sheetKinds.values.contains { kind in
            switch kind {
            case .names(let id), .channelActions(let id): id == channelID
            default: false
            }
        }
    }

    /// What the store read: the page is shown; an opened channel says its heading and focuses
    /// its first unread message; an opened thread is pushed.
    mutating func loaded(_ snapshot: ChatSnapshot) {
        state.channels = snapshot.channels
        if !snapshot.networks.isEmpty { state.networks = snapshot.networks }
        if snapshot.load.purpose == .open, snapshot.load.channelID != state.channelID {
            state.channelID = snapshot.load.channelID
            if let network = state.channel?.networkID, let nick = state.nicks[network] { state.nick = nick }
            state.channelQuery = ""
            state.composer = ""
        }
        if snapshot.load.channelID == state.channelID {
            state.messages = snapshot.messages.filter { $0.replyTo == nil }
            // Replies count on their thread's root, a reply to a reply too.
            var parents: [String: String] = [:]
            for message in snapshot.messages { if let msgid = message.msgid, let parent = message.replyTo { parents[msgid] = parent } }
            var roots: [String: String] = [:]
            var counts: [String: Int] = [:]
            for message in snapshot.messages {
                guard let msgid = message.msgid, var root = message.replyTo else {
                    if let parent = message.replyTo { counts[parent, default: 0] += 1 }
                    continue
                }
                var steps = 0
                while let up = parents[root], steps < 50 {
                    root = up
                    steps += 1
                }
                roots[msgid] = root
                counts[root, default: 0] += 1
            }
            state.replyRoots = roots
            state.replyCounts = counts
        }
        switch snapshot.load.purpose {
        case .refresh:
            rebuild()
        case .received(let messages):
            learningChannels = true
            received(messages)
            learningChannels = false
        case .open:
            reviewIndex = nil
            state.mentionedChannelIDs.remove(state.channelID)
            state.lastReadID = state.channel?.lastReadMessageID ?? 0
            state.firstUnreadID = state.messages.first(where: state.isUnread)?.id
            state.typing = typingTracker.typing(in: state.channelName, now: date)
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
                post(.screenChanged(focus: focus.identifier, announcing: state.channelHeading))
                if state.threadReplyToOpen != nil { openThreadOfReply() }
            } else {
                show(.main, title: state.channelHeading, from: nil)
            }
            sendWaitingLines()
        case .thread(let rootID, let announce):
            state.threadMessages = snapshot.thread
            if announce {
                show(.thread(rootID: rootID), title: ThreadScreen.title(replies: max(0, snapshot.thread.count - 1)), from: .message(rootID))
                state.threadFocus = nil
            } else {
                rebuild()
            }
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
        effects.append(.load(ChatLoad(channelID: root.channelID, purpose: .thread(rootID: root.id, announce: true), root: root)))
    }

    /// Who is typing in the open channel, from the tracker (active 6 s, paused 30 s).
    mutating func refreshTyping() {
        let typing = typingTracker.typing(in: state.channelName, now: date)
        guard typing != state.typing else { return }
        state.typing = typing
        rebuild()
    }

    /// The event's time as the tracker's date (monotonic, from an arbitrary origin).
    var date: Date { Date(timeIntervalSinceReferenceDate: now.seconds) }

    /// Joins, parts, quits and nick changes in the open channel (and kicks, modes, away): a
    /// line, and spoken politely (they coalesce as "3 new events in #b"). Joins, parts, quits
    /// and nick changes (`about` the people they name) are spoken as `speech.events` says: all,
    /// only for people who wrote in the last ``recentSpan`` (weechat's smart filter), or none.
    mutating func membership(_ text: String, in channelID: Int64, about nicks: [String]? = nil) {
        guard channelID == state.channelID else { return }
        _ = busy(state.channelName)
        effects.append(.lines([Lines.plain(SpokenText.unmarked(text))]))
        if let nicks {
            switch state.settings.speech.events {
            case .all: break
            case .none: return
            case .recent:
                let recent = nicks.contains { nick in lastSpoke[IRCCaseMapping.fold(nick)].map { now - $0 < Self.recentSpan } ?? false }
                guard recent else { return }
            }
        }
        announce(announcer.liveRegionChanged(
            LiveRegionChange(region: state.channelName, politeness: .polite, text: text, noun: "event"), at: now))
    }

    /// Whether `region` had news in the last ``busySpan`` (its messages may come in bursts, and
    /// wait a moment for more); notes this moment as news in it.
    mutating func busy(_ region: String) -> Bool {
        defer { lastActivity[region] = now }
        if lastActivity.count > 500 { lastActivity = lastActivity.filter { now - $0.value < Self.busySpan } }
        return lastActivity[region].map { now - $0 < Self.busySpan } ?? false
    }

    static let busySpan: Duration = .seconds(10)

    /// How recently a person must have written for their joins and quits to be spoken.
    static let recentSpan: Duration = .seconds(600)

    /// A mode change in words where it gives or takes a rank ("bob gave voice to kim"), else
    /// as the server wrote it ("bob sets mode +k secret").
    static func describeMode(_ change: String, by: String) -> String {
        let words = change.split(separator: " ").map(String.init)
        guard let modes = words.first, let sign = modes.first, sign == "+" || sign == "-" else { return "\(by) sets mode \(change)" }
        let letters = Array(modes.dropFirst())
        let ranks: [Character: String] = ["o": "operator", "h": "half-operator", "v": "voice"]
        guard !letters.isEmpty, letters.count == words.count - 1, letters.allSatisfy({ ranks[$0] != nil }) else {
            return "\(by) sets mode \(change)"
        }
        return zip(letters, words.dropFirst()).map { letter, nick in
            let rank = ranks[letter] ?? ""
            if letter == "v" { return sign == "+" ? "\(by) gave voice to \(nick)" : "\(by) took voice from \(nick)" }
            return sign == "+" ? "\(by) made \(nick) \(rank == "operator" ? "an" : "a") \(rank)" : "\(by) took \(rank) from \(nick)"
        }.joined(separator: ", ")
    }
}
