import Braille
import Chat
import Foundation
import Settings
import Speech

extension AppRuntime {
    /// Performs one effect; returns what it read back, to be handled at once.
    func perform(_ effect: AppEffect) -> [AppEvent] {
        switch effect {
        case .speak(let text, let priority, let voice, let cue, _, let languages, let speaker):
            parts.speech.speak(
                text, priority: priority, voice: voice, cue: cue, languages: languages, speaker: speaker)
        case .stopSpeech:
            parts.speech.stop()
        case .pauseOrResumeSpeech:
            if !parts.speech.resume() { parts.speech.pause() }
        case .configureSpeech(let settings):
            return configure(settings)
        case .configureSounds(let sounds):
            parts.speech.setCueVolume(sounds.cueVolume)
        case .loadSoundPack(let name):
            return SoundPacks.use(name, in: parts.speech).map { [$0] } ?? []
        case .lines(let lines):
            parts.output.emit(lines)
        case .announcementLine(let text, let polite):
            parts.output.announcement(text, polite: polite)
        case .bottom(let line, let caret):
            parts.output.setBottom(line, caret: caret)
        case .braille(let line, let fromKey):
            parts.braille?.show(line, fromKey: fromKey)
        case .brailleMessage(let text, let answer, let topic, let about):
            parts.braille?.message(text, answer: answer, topic: topic, about: about)
        case .brailleForget(let about):
            parts.braille?.forget(about: about)
        case .configureBraille(let settings):
            parts.braille?.configure(BrailleConnection.Configuration(settings))
        case .display(let settings):
            parts.output.apply(settings: settings)
        case .resize(let columns):
            parts.output.resize(columns: columns)
        case .copy(let text):
            parts.output.copyToClipboard(text)
        case .openLink(let address):
            LinkOpener.open(address)
        case .load(let load):
            return loaded(load)
        case .search(let query):
            do {
                return [.searched(query, try parts.workspace.store.search(query, limit: 30))]
            } catch {
                return [.searched(query, []), .readFailed(FailureReason(error))]
            }
        case .store(let write):
            return store(write)
        case .send(let send, let network):
            guard parts.irc != nil else { return [.sendFailed(send, .notConnected)] }
            sendInOrder(send, network: network)
        case .addServer(let server):
            return addServer(server)
        case .writeSetting(let key, let settings):
            do {
                _ = try parts.settingsStore.set(key.value(in: settings), at: key.keyPath)
            } catch {
                return [.settingNotSaved(reason: error.message, saved: parts.settingsStore.current)]
            }
        case .drawTransition:
            // Line mode animates nothing: the frames are drawn at once, and the transition ends
            // after what is already waiting, so a key pressed meanwhile meets the coordinator's queue.
            post(.transitionFinished)
        case .wake(let deadline):
            setDeadline(deadline)
        case .quit:
            break
        }
        return []
    }

    /// A server added by voice: saved to the settings file (its comments kept), then its client
    /// made and started, its events passed on as the others' are.
    func addServer(_ server: IRCServerSettings) -> [AppEvent] {
        guard let make = parts.makeClient else { return [.serverNotAdded(reason: "no server can be added here")] }
        do {
            try parts.settingsStore.appendServer(server)
        } catch {
            return [.serverNotAdded(reason: error.message)]
        }
        let client: IRCClient
        do {
            client = try make(server)
        } catch {
            return [
                .serverNotAdded(
                    reason: (error as? ChatError).map { Wording.problem($0.problem) }
                        ?? Wording.reason(FailureReason(error)))
            ]
        }
        let task = Task {
            await client.start()
            for await event in client.events { self.post(.chat(event, network: client.network.id)) }
        }
        parts.clients.add(client, running: task)
        let variable = server.passwordEnvironmentVariable.flatMap {
            ProcessInfo.processInfo.environment[$0] == nil ? $0 : nil
        }
        // The port is said unless it is the usual one for the connection.
        let usual = server.tls ? 6697 : 6667
        return [
            .serverAdded(
                host: server.port == usual ? server.host : "\(server.host) port \(server.port)", unsetVariable: variable
            )
        ]
    }

    func configure(_ settings: SpeechSettings) -> [AppEvent] {
        let parameters = SpeechParameters(settings)
        var problems: [AppEvent] = []
        do {
            try parts.speech.setParameters(parameters)
        } catch {
            problems.append(.failed(error.message))
        }
        if let problem = parts.setVoice(settings.voice) { problems.append(.failed(problem)) }
        parts.speech.setSpeechDispatcherParameters(settings)
        return problems
    }

    /// The snapshot `load` asks for, and why a part of it could not be read.
    func loaded(_ load: ChatLoad) -> [AppEvent] {
        let (snapshot, failure) = read(load)
        return [.loaded(snapshot)] + (failure.map { [.readFailed($0)] } ?? [])
    }

    /// What `load` asks for, as far as the store gives it, and why a part could not be read.
    func read(_ load: ChatLoad) -> (ChatSnapshot, FailureReason?) {
        let store = parts.workspace.store
        var failure: FailureReason?
        func reading<Item>(_ read: () throws -> [Item]) -> [Item] {
            do {
                return try read()
            } catch {
                failure = failure ?? FailureReason(error)
                return []
            }
        }
        var channels = reading { try store.channels(network: parts.workspace.network.id) }
        var networks = [parts.workspace.network]
        for network in reading({ try store.networks() }) where network.id != parts.workspace.network.id {
            networks.append(network)
            channels += reading { try store.channels(network: network.id) }
        }
        let messages: [ChatMessage]
        if case .older(let before) = load.purpose {
            messages = reading { try store.page(in: load.channelID, before: before, limit: AppCore.pageSize) }
        } else {
            messages = reading { try store.newestPage(in: load.channelID, limit: AppCore.pageSize) }
        }
        var thread: [ChatMessage] = []
        if let root = load.root {
            // As stored now: a reaction to it since it was shown is in it.
            thread = [reading { [try store.message(id: root.id) ?? root] }.first ?? root]
            if let msgid = root.msgid { thread += reading { try store.replies(to: msgid, channel: root.channelID) } }
        }
        let snapshot = ChatSnapshot(
            load: load, channels: channels, messages: messages, thread: thread, networks: networks)
        return (snapshot, failure)
    }

    func store(_ write: StoreWrite) -> [AppEvent] {
        let workspace = parts.workspace
        do {
            switch write {
            case .post(let text, let replyTo, let channel):
                do {
                    let message = try workspace.post(text, replyTo: replyTo, in: channel)
                    return [.chat(.messages([message]))]
                } catch {
                    return [.notSent(text, reason: FailureReason(error))]
                }
            case .react(let emoji, let message):
                _ = try workspace.react(emoji, to: message)
            case .removeReaction(let emoji, let message):
                try workspace.removeReaction(emoji, from: message)
            case .markRead(let channelID, let network, let upTo, let unread):
                try writer(of: network).moveReadMarker(channel: channelID, to: upTo, unread: unread)
            case .markHeard(let channelID, let network, let messageID, let unread):
                try writer(of: network).markHeard(messageID, channel: channelID, unread: unread)
            case .openDirect(let nick, let network):
                guard let client = parts.client(for: network) else { return [.needsServer(command: "/query")] }
                return loaded(ChatLoad(channelID: try client.conversation(with: nick).id, purpose: .open))
            case .forgetConversation(let channelID, let network):
                guard let client = parts.client(for: network), try client.forgetConversation(channelID) else { break }
                return [.chat(.conversationForgotten(channelID: channelID), network: network)]
            }
        } catch {
            return [.storeFailed(FailureReason(error))]
        }
        return []
    }

    /// The one that writes `network`'s rows: its IRC client, or the local workspace.
    func writer(of network: Int64) -> any ReadMarkers {
        parts.client(for: network) ?? parts.workspace
    }

    static func perform(_ send: ChatSend, on irc: IRCClient) async throws {
        switch send {
        case .message(let text, let target, let replyTo): try await irc.send(text, to: target, replyTo: replyTo)
        case .react(let emoji, let msgid, let target): try await irc.react(emoji, to: msgid, in: target)
        case .unreact(let emoji, let msgid, let target): try await irc.unreact(emoji, to: msgid, in: target)
        case .typing(let target): try await irc.typed(in: target)
        case .stoppedTyping(let target): try await irc.stoppedTyping(in: target)
        case .action(let text, let target): try await irc.send(text, to: target, kind: .action)
        case .join(let name): try await irc.join(name)
        case .part(let name, let reason): try await irc.part(name, reason: reason)
        case .nick(let nick): try await irc.changeNick(nick)
        case .topic(let topic, let name): try await irc.setTopic(topic, in: name)
        case .away(let reason): try await irc.setAway(reason)
        case .quit(let reason): await irc.stop(reason: reason)
        case .joinWithKey(let name, let key): try await irc.join(name, key: key)
        case .reconnect: await irc.retryNow()
        case .names(let name): try await irc.requestNames(name)
        case .whois(let nick): try await irc.whois(nick)
        case .monitor(let nicks, let follow): try await follow ? irc.follow(nicks) : irc.unfollow(nicks)
        case .markRead(let target, let time): try await irc.markRead(target, at: time)
        case .fetchOlder(let target, let message): try await irc.fetchOlder(target, before: message)
        }
    }
}

extension BrailleConnection.Configuration {
    /// The table, message timeout and pacing of `[braille]` (an empty table is computer braille).
    public init(_ settings: BrailleSettings) {
        self.init(
            table: settings.table.isEmpty ? nil : settings.table, messageTimeout: .seconds(settings.messageTimeout),
            paced: settings.paced)
    }
}
