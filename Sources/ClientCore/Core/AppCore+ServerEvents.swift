import Accessibility
import ChatModel
import Foundation

extension AppCore {
    /// What the server said (``IRCEvent``, as the protocol types it), once the chat layer has
    /// stored it; `channelID` is the stored channel it is of: said, shown and remembered as the
    /// open screen needs.
    mutating func handle(server event: IRCEvent, channelID: Int64?, network: Int64?) {
        let on = networkPrefix(network)
        let names = state.names(onNetwork: network)
        // Someone coming or going has no rank the server gave them before (the server names
        // ranks in its list of who is here): "kim, operator" outlived kim's reconnecting.
        switch event {
        case .joined(_, let nick, false), .parted(_, let nick, false, _), .kicked(_, let nick, _, _, false):
            if let channelID {
                state.memberRanks[channelID] = state.memberRanks[channelID]?.filter { !names.equal($0.key, nick) }
            }
        case .quit(let nick, _):
            for channel in state.channels where channel.networkID == network {
                state.memberRanks[channel.id] = state.memberRanks[channel.id]?.filter { !names.equal($0.key, nick) }
            }
        default: break
        }
        switch event {
        case .accounts(let accounts):
            // Shown beside each name in the people list; nothing to say.
            let key = network ?? 0
            for (nick, account) in accounts {
                state.accounts[key, default: [:]][names.fold(nick)] = account.isEmpty ? nil : account
            }
            if state.shownSheets.contains(where: { if case .names = $0.payload { true } else { false } }) { rebuild() }
        case .caseMapping(let mapping):
            // Names on this network are compared as its server compares them; nothing to say.
            if let index = state.networks.firstIndex(where: { $0.id == network }) {
                state.networks[index].caseMapping = mapping
            }
        case .typing(_, let nick, let typingState):
            guard let channelID else { break }
            guard let name = state.channels.first(where: { $0.id == channelID })?.name else { break }
            typingTracker.received(typingState, from: nick, in: name, now: date, names: names)
            refreshTyping()
        case .registered(let nick, _): registered(network, as: nick)
        case .topic(_, let topic, let setBy):
            guard let channelID else { break }
            if channelID == state.channelID {
                effects.append(.lines([Lines.plain(Wording.sentence(.people(.topic(topic))))]))
                if let setBy {
                    let region = state.channelName
                    announce(
                        announcer.liveRegionChanged(
                            LiveRegionChange(
                                region: region, politeness: .polite,
                                text: Wording.sentence(
                                    .people(
                                        .topicSet(
                                            by: names.equal(setBy, nick(inChannel: channelID)) ? nil : setBy,
                                            topic: topic))), noun: "event"),
                            at: now))
                }
            }
            refresh(showing: channelID)
        case .joined(let channel, let nick, let isSelf):
            guard let channelID else { break }
            if isSelf {
                state.leftChannels.remove(channelID)
                answered(.join(names.fold(channel)))
                // A line that waited for this join (the offer after a refusal) goes now.
                if let lines = state.afterRejoin.removeValue(forKey: channelID),
                    let joined = state.channels.first(where: { $0.id == channelID })
                {
                    for line in lines { transmit(.message(line, to: joined.name, replyTo: nil)) }
                }
            }
            if isSelf, state.channelID == configuration.welcomeChannelID, state.route == .main, !state.sheets.hasSheet {
                // The first IRC channel joined replaces the local workspace on screen, once the
                // server has replayed its history (at `synced`), so it opens on what is unread.
                if let now = state.connection.joinedFromWelcome(channelID) {
                    state.show(channel: now)
                    effects.append(.load(ChatLoad(channelID: now, purpose: .open)))
                }
            } else {
                if isSelf {
                    // Said for a /join; the channels of the settings, and rejoins after "Back on …",
                    // are where the listener already expects to be.
                    // Not opened: the open would clear, or take focus from, a line being typed.
                    if state.joinRequests.remove(names.fold(channel)) != nil {
                        say(.people(.youJoined(channel)), .low, .announcer)
                    }
                    // Kept for a channel that did not open after all: said now, not lost.
                    if let news = state.connection.takeHeldNews() { announce(news, .default) }
                } else {
                    membership(.joined(nick: nick, channel: channel), in: channelID, about: [nick])
                }
                isSelf ? refresh() : refresh(showing: channelID)
            }
        case .parted(let channel, let nick, let isSelf, let reason):
            guard let channelID else { break }
            // Left: its history stays, and it is no longer one the listener is "back in".
            if isSelf {
                state.leftChannels.insert(channelID)
                answered(.part(names.fold(channel)))
            }
            if isSelf {
                say(.people(.youLeft(channel)), .low, .announcer)
            } else {
                // Their reason, as a quit's is said: their words after a colon.
                membership(.left(nick: nick, channel: channel, reason: reason), in: channelID, about: [nick])
            }
            isSelf ? refresh() : refresh(showing: channelID)
        case .quit(let nick, let reason):
            // Servers put "Quit: " before the reason a person gave (InspIRCd, Solanum); without
            // it, the reason is the server's own ("Ping timeout: 240 seconds").
            let event =
                reason.hasPrefix("Quit: ")
                ? PeopleFact.quit(nick: nick, reason: String(reason.dropFirst(6)))
                : PeopleFact.dropped(nick: nick, serverReason: reason)
            // Gone from the other channels it was in too: their runs count it, quietly.
            for channel in state.channels where channel.id != state.channelID && channel.members.contains(nick) {
                if let run = Self.runEvent(event, spoken: nil) { addToRun(run, in: channel.id) }
            }
            if state.channel?.members.contains(nick) == true {
                // The reason is someone else's words, after a colon: brackets around it are
                // read aloud as "left paren".
                membership(event, in: state.channelID, about: [nick])
            }
            refresh(ifShowing: [nick])
        case .nickChanged(let old, let new, let isSelf):
            state.nickChanged(from: old, to: new, isSelf: isSelf, names: names)
            if !isSelf {
                followRenamed(from: old, to: new, names: names)
                state.speakerAliases[names.fold(new)] = state.speakerAliases[names.fold(old)] ?? SpeakerVoice(nick: old)
            }
            if isSelf {
                answered(.nick)
                if let network { state.nicks[network] = new }
                if network == nil || network == state.channel?.networkID { state.nick = new }
                effects.append(
                    .lines([Lines.plain(SpokenText.unmarked(on) + Wording.sentence(.people(.youAreNowShown(new))))]))
                say(on + Wording.sentence(.people(.youAreNow(new))), .default, .announcer)
            } else if state.channel?.members.contains(old) == true || state.channel?.members.contains(new) == true
                || (state.channel?.isDirect == true && state.channel.map { names.equal($0.name, old) } == true)
            {
                // Said by the names the listener hears: a decoration put on or taken off
                // ("kim" is now "kim|away") is shown, and not said as news.
                let (was, becomes) = (spokenName(old), spokenName(new))
                if was.lowercased() != becomes.lowercased() {
                    // "kimberly" → "kim|away": the new name, and the status it carries.
                    membership(
                        .renamedShown(from: old, to: new),
                        spoken: .renamed(from: was, to: becomes, status: Self.statusChange(from: old, to: new)),
                        in: state.channelID, about: [old, new])
                } else if let away = Self.statusChange(from: old, to: new) {
                    // "kim" → "kim|away": the part after the bar is news, the name is not.
                    membership(
                        .renamedShown(from: old, to: new), spoken: .marked(was, away), in: state.channelID,
                        about: [old, new])
                } else {
                    effects.append(.lines([Lines.plain(Wording.sentence(.people(.renamedShown(from: old, to: new))))]))
                }
                if let spoke = channelNews.lastSpoke[names.fold(old)] { channelNews.lastSpoke[names.fold(new)] = spoke }
            }
            // A conversation with them now has their new name, in the drawer too.
            let conversation = state.channels.contains { $0.isDirect && names.equal($0.name, old) }
            isSelf || conversation ? refresh() : refresh(ifShowing: [old, new])
        case .memberRanks(_, let ranks):
            guard let channelID else { break }
            state.memberRanks[channelID] = ranks
            // An open list of the channel's people shows the ranks as they are now.
            if case .names(channelID)? = state.activeSheet?.kind { rebuild() }
        case .kicked(let channel, let nick, let by, let reason, let isSelf):
            guard let channelID else { break }
            // A kick whose reason is the nick kicked gives none.
            let why = reason == nick ? "" : reason
            if isSelf {
                // Out of it, as after /part: not rejoined, and a line for it is offered a rejoin.
                state.leftChannels.insert(channelID)
                playCue(.error, .high)
                announce(.people(.kickedYou(channel: channel, by: by, reason: why)), .high)
                if channelID == state.channelID {
                    let sentence = Wording.sentence(.people(.kickedYou(channel: channel, by: by, reason: why)))
                    effects.append(.lines([Lines.plain(SpokenText.unmarked(sentence))]))
                }
            } else {
                membership(.kicked(nick: nick, by: by, reason: why), in: channelID)
            }
            isSelf ? refresh() : refresh(showing: channelID)
        case .modeChanged(_, let change, let by):
            guard let channelID else { break }
            let name = state.channels.first { $0.id == channelID }?.name ?? state.channelName
            membership(
                Wording.modeChange(change, by: by, in: name, me: nick(inChannel: channelID), names: names),
                in: channelID)
            // A rank given or taken ("+o kim"): ask for the member list again.
            if change.split(separator: " ").first?.contains(where: { "qaohv".contains($0) }) == true,
                let channel = state.channels.first(where: { $0.id == channelID })
            {
                transmit(.names(channel.name), on: channel.networkID)
            }
        case .whois(let nick, let facts):
            // The host is shown; it is not said (a cloak is letters and digits read one by one).
            let shown = SpokenText.unmarked(Wording.whois(nick, facts))
            effects.append(
                .lines([Lines.plain(Wording.sentence(.people(.whoisShown(nick: nick, answer: shown))))]))
            say(Wording.whois(nick, facts, host: false), .default, .announcer)
        case .note(let text, let isWarning):
            // A refusal answers whatever was waiting ("Joining" is not said after "Cannot join").
            if isWarning { waits.progress.answerAll() }
            effects.append(.lines([Lines.plain(Wording.noteShown(text, warning: isWarning))]))
            if isWarning { playCue(.error, .default) }
            announce(.people(.serverNote(text, warning: isWarning)), isWarning ? .default : .low)
        case .members:
            guard let channelID else { break }
            refresh(showing: channelID)
        case .synced: synced(network)
        case .authenticationFailed(let account, let reason, let continuing):
            signInFailed(account: account, reason, continuing: continuing)
        case .passwordRefused(let given): passwordRefused(network, given: given)
        case .presence(let nick, let online, let change):
            let asked = channelNews.askedPresence.remove(names.fold(nick)) != nil
            guard online || change || asked else { break }
            let sentence = Wording.sentence(
                .people(online ? .online(nick) : change ? .wentOffline(nick) : .offline(nick)))
            effects.append(.lines([Lines.plain(SpokenText.unmarked(on + sentence))]))
            post(.announcement(on + sentence, priority: .default))
        case .away(let nick, let reason):
            // Only where the listener is with them: the open channel. One's own (a server that
            // tells us of us) was answered already: "You are away".
            let me = network.flatMap { state.nicks[$0] } ?? state.nick
            guard !names.equal(nick, me),
                state.channel?.members.contains(where: { names.equal($0, nick) }) == true
            else { break }
            membership(.away(nick, reason: reason), in: state.channelID)
        case .invited(let channel, let nick, let by, let isSelf):
            if isSelf {
                let sentence = Wording.sentence(.people(.invitesYou(by: by, channel: channel)))
                effects.append(.lines([Lines.plain(SpokenText.unmarked(on + sentence))]))
                playCue(.mention, .high)
                post(.announcement(on + sentence, priority: .high))
            } else if let id = state.channels.first(where: { !$0.isDirect && names.equal($0.name, channel) })?
                .id
            {
                membership(.invited(by: by, nick: nick), in: id)
            }
        case .refused(let refusal):
            // History asked for on the listener's behalf (on joining) is not theirs to hear of;
            // a page asked for by Alt-Up is answered, as the top for now.
            if case .standardReply(_, "CHATHISTORY", _) = refusal.reason { return olderUnavailable() }
            // A refusal answers what was waiting ("Joining #b" is not said after it).
            waits.progress.answerAll()
            if let target = refusal.target, Wording.answersJoin(refusal.reason) {
                state.joinRequests.remove(names.fold(target))
            }
            let member = refusal.target.map { target in
                state.channels.contains {
                    !$0.isDirect && names.equal($0.name, target) && !state.leftChannels.contains($0.id)
                }
            }
            // With several servers the sentence starts with the server's name: it is not said again.
            let sentence = Wording.sentence(
                refused: refusal, server: on.isEmpty ? "the server" : "this server", member: member ?? false)
            effects.append(.lines([Lines.plain(on + sentence)]))
            if case .standardReply(let severity, _, _) = refusal.reason, severity != .failure {
                return post(.announcement(on + sentence, priority: .default))
            }
            playCue(.error, .high)
            post(.announcement(on + sentence, priority: .high))
        case .message, .reaction, .readMarker, .olderHistory, .secureConnectionRequired, .securityPolicy:
            // Come as what the store made of them (messages, reactions, markers, pages), or
            // kept by the client (the security policy).
            break
        }
    }
}
