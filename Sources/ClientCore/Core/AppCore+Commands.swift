import Accessibility
import ChatModel

/// Commands typed in the composer (irssi and weechat style): carried out, or refused aloud
/// with the reason while nothing is sent.
extension AppCore {
    /// A composer line starting with "/"; "//" sends the rest as text with one "/".
    mutating func command(_ line: String) {
        if line.hasPrefix("//") { return send(String(line.dropFirst()), replyTo: nil) }
        let channel = state.channel.map(\.name)
        switch ComposerCommand.parse(line, channel: channel) {
        case .failure(let problem):
            refuse(line, .command(.problem(problem)))
        case .success(let command):
            carryOut(command, line: line)
        }
    }

    mutating func carryOut(_ command: ComposerCommand, line: String) {
        if case .help(let name) = command { return help(name) }
        if case .search(let words) = command { return openSearch(words) }
        if case .pronounce(let word, let spoken) = command { return pronounce(word, as: spoken) }
        if case .reconnect = command { return reconnectNow() }
        if case .quit(let reason) = command {
            // The local workspace quits too, as /help says; on IRC the server hears why.
            return quit(reason: reason, asking: true)
        }
        guard onIRC else {
            // Nothing in the line to correct: it is not put back (Up recalls it).
            return refuse(
                line, .connection(.needsServer(command: String(line.split(separator: " ").first ?? ""))),
                keepingLine: false)
        }
        guard let channel = state.channel else { return refuse(line, .sending(.noChannelOpen)) }
        switch command {
        case .join(let name), .joinWithKey(let name, _):
            // Joined this session: a channel of the last (its history kept) is joined again.
            let here = state.channels.contains {
                !$0.isDirect && $0.networkID == channel.networkID && state.names.equal($0.name, name)
                    && !state.leftChannels.contains($0.id) && state.memberRanks[$0.id] != nil
            }
            // The server says nothing to a join of a channel one is in: the client says it.
            if here { return say(.command(.alreadyIn(name)), .default, .announcer) }
            state.joinRequests.insert(state.names.fold(name))
            if case .joinWithKey(_, let key) = command {
                transmit(.joinWithKey(name, key: key))
            } else {
                transmit(.join(name))
            }
            expectSlowly(.join(state.names.fold(name)), .command(.joining(name)))
        case .part(let name, let reason):
            // A channel of this network the user is in (or left already): else nothing to leave.
            let known = state.channels.contains {
                !$0.isDirect && $0.networkID == channel.networkID && state.names.equal($0.name, name)
                    && !state.leftChannels.contains($0.id)
            }
            guard known else { return refuse(line, .command(.notIn(name))) }
            transmit(.part(name, reason: reason))
            // "Left #a" answers it; "Leaving #a" only if the server is slow to.
            expectSlowly(.part(state.names.fold(name)), .command(.leaving(name)))
        case .message(let target, let text):
            transmit(.message(text, to: target, replyTo: nil))
        case .query(let nick, let text):
            effects.append(.store(.openDirect(nick: nick, network: channel.networkID)))
            if let text { transmit(.message(text, to: nick, replyTo: nil)) }
        case .names(let name):
            let named = name.flatMap { name in
                state.channels.first { state.names.equal($0.name, name) && !$0.isDirect }
            }
            if let name, named == nil { return refuse(line, .command(.notIn(name))) }
            let target = named ?? channel
            guard !target.isDirect else { return refuse(line, .command(.directConversation(with: target.name))) }
            transmit(.names(target.name))
            present(.names(channelID: target.id))
        case .whois(let nick):
            transmit(.whois(nick))
        case .monitor(let nicks, let follow):
            transmit(.monitor(nicks, follow: follow), on: channel.networkID)
            if follow {
                // The first answer is said even when it is "offline": it was asked for.
                channelNews.askedPresence.formUnion(nicks.map(state.names.fold))
                say(.command(.following(nicks)), .default, .announcer)
            } else {
                say(.command(.notFollowing(nicks)), .default, .announcer)
            }
        case .me(let text):
            transmit(.action(text, to: channel.name))
            transmit(.stoppedTyping(in: channel.name))
        case .nick(let nick):
            transmit(.nick(nick))
            expectSlowly(.nick, .command(.askingForNick(nick)))
        case .topic(let topic?):
            transmit(.topic(topic, in: channel.name))
            say(.command(.settingTopic(of: channel.name)), .default, .announcer)
        case .topic(nil):
            say(.command(.topicIs(channel: channel.name, topic: channel.topic)), .default, .announcer)
        case .away(let reason?):
            transmit(.away(reason))
            say(.command(.away(reason: reason)), .default, .announcer)
        case .away(nil):
            transmit(.away(nil))
            say(.command(.back), .default, .announcer)
        case .quit(let reason):
            quit(reason: reason, asking: true)
        case .help, .search, .pronounce, .reconnect:
            break
        }
    }

    /// /search words, or Control-F: the search sheet, searching for `words` at once.
    mutating func openSearch(_ words: String) {
        state.searchQuery = words
        state.searchResults = []
        if !words.isEmpty { effects.append(.search(words)) }
        present(.search)
    }

    /// What the store found: shown if it answers the words now in the field (an older
    /// answer is dropped), and the count said politely (after typing pauses).
    mutating func searched(_ query: String, _ results: [ChatMessage]) {
        guard query == state.searchQuery else { return }
        state.searchResults = results
        rebuild()
        if state.firstResultWanted {
            // Enter was pressed before this came: it answers Enter, as a result or "No result".
            state.firstResultWanted = false
            return carryOut(.firstSearchResult)
        }
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let count = Wording.sentence(.command(.found(results.count)))
        // Drawn as the sheet's other lines are, under the words searched for.
        let found = Set(results.map { ElementID.searchResult($0.id).identifier })
        effects.append(
            .lines(
                [Lines.plain(Wording.sentence(.command(.searchShown(query: query, count: results.count))))]
                    + Lines.elements(in: tree, identifiers: found)))
        // A status: only the latest count is news, said once typing pauses.
        announce(
            announcer.liveRegionChanged(
                LiveRegionChange(region: "search", politeness: .polite, text: count, noun: "result", replaces: true),
                at: now))
    }

    /// The search waits for a pause in typing (a quarter second), so each word typed is one
    /// search, not one for each letter.
    static let searchPause: Duration = .milliseconds(250)

    /// Runs the search the last typed words asked for, once typing has paused.
    mutating func searchIfDue() {
        guard let due = waits.searchDue, due <= now else { return }
        waits.searchDue = nil
        effects.append(.search(state.searchQuery))
    }

    /// /help: every command, or how to use one.
    mutating func help(_ name: String?) {
        if let name {
            guard let entry = ComposerCommand.all.first(where: { $0.name == name.lowercased() }) else {
                return say(
                    Wording.noSuchCommand(name, nearest: ComposerCommand.nearest(to: name.lowercased())), .default,
                    .announcer)
            }
            effects.append(.lines([Lines.plain(Wording.helpShown(usage: entry.usage, does: entry.does))]))
            return say(Wording.help(command: entry.name, usage: entry.usage, does: entry.does), .default, .announcer)
        }
        let lines = ComposerCommand.all.map { Wording.helpShown(usage: $0.usage, does: $0.does) }
        effects.append(.lines(lines.map(Lines.plain)))
        say(Wording.help(commands: ComposerCommand.all.map(\.name)), .default, .announcer)
    }

    /// A command line that was not carried out goes back to the composer, and why is said.
    mutating func refuse(_ line: String, _ fact: Fact, keepingLine: Bool = true) {
        let reason = Wording.sentence(fact)
        if keepingLine, state.composer.isEmpty { state.composer = line }
        rebuild()
        playCue(.error, .high)
        // The reason is the sentence ("Unknown command /frob. Type /help for the commands.");
        // the error sound already says it was not done.
        post(.announcement(reason.last.map { ".?!".contains($0) } == true ? reason : reason + ".", priority: .high))
    }

    /// `/pronounce kpcyrd k p cyrd`: kept in `[speech.pronounce]`, and said the new way at once;
    /// without a spoken form, the word is said as written again. A nick is kept without its
    /// decorations, so "kim|away" and "kim" are one entry.
    mutating func pronounce(_ word: String, as spoken: String?) {
        let key = SpokenText.plainNick(word)
        let existing = state.settings.speech.pronounce.first {
            $0.key.lowercased() == key.lowercased() && $0.value.lowercased() != $0.key.lowercased()
        }
        guard spoken != nil || existing != nil else {
            return say(.command(.noPronunciation(key)), .default, .announcer)
        }
        var settings = state.settings
        if let spoken {
            settings.speech.pronounce = settings.speech.pronounce.filter { $0.key.lowercased() != key.lowercased() }
            settings.speech.pronounce[key] = spoken
        } else {
            settings.speech.pronounce = settings.speech.pronounce.filter { $0.key.lowercased() != key.lowercased() }
        }
        // The file keeps an entry either way: the written form again says it as written.
        // change() applies the settings, which makes the lexicon again before anything is said.
        change(settings, .pronounce(key))
        if let spoken {
            // The word itself is not said back: the new lexicon says it the new way.
            say(.command(.pronunciationSaved(spoken)), .default, .announcer)
        } else {
            say(.command(.pronunciationRemoved(key)), .default, .announcer)
        }
    }

    /// A person's "Set pronunciation": the message field gets `/pronounce NICK ` to finish.
    mutating func startPronouncing(_ nick: String) {
        let key = SpokenText.plainNick(nick)
        state.composer = "/pronounce \(key) "
        rebuild()
        // The name is not said here: a pronunciation it has already would be said instead.
        post(
            .layoutChanged(
                focus: ElementID.composer.identifier, announcing: Wording.sentence(.command(.typeHowItIsSaid))))
    }

    // MARK: Progress said only when slow

    /// Says `fact` if the answer to `step` has not come within ``SlowProgress/after``.
    mutating func expectSlowly(_ step: SlowProgress.Step, _ fact: Fact) { waits.progress.expect(step, fact, at: now) }

    /// The answer to `step` came: its progress is not said.
    mutating func answered(_ step: SlowProgress.Step) { waits.progress.answered(step) }

    /// Progress whose answer is late, said now.
    mutating func saySlowProgress() {
        for fact in waits.progress.tick(at: now) { say(fact, .default, .announcer) }
    }
}
