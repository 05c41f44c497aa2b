import Accessibility
import ChatModel
import Settings
import SpeechVocabulary
import Typography
import UnicodeData

extension AppCore {
    /// Carries out what an element asked for.
    mutating func carryOut(_ intent: Intent) {
        switch intent {
        case .onboardingContinue:
            guard case .onboarding(let step) = state.route else { break }
            // Back (Escape) lands on the step's heading, as going forward does, so its name is heard.
            show(.onboarding(step: step + 1), title: OnboardingScreen.title(step: step + 1), from: .onboardingTitle)
        case .chooseLocalWorkspace:
            effects.append(.writeSetting(.textSize, from: state.settings))
            if state.settings.speech.explicit.contains("rate") {
                effects.append(.writeSetting(.speechRate, from: state.settings))
            }
            effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .open)))
        case .adjust(let key, let delta):
            adjust(key, by: delta)
        case .copySpoken(let index):
            guard state.speechHistory.indices.contains(index) else { break }
            let entry = state.speechHistory[index]
            effects.append(.copy(entry.shown ?? SpokenText.unmarked(entry.text)))
            announceCopied()
        case .repeatSpoken(let index):
            guard state.speechHistory.indices.contains(index) else { break }
            let entry = state.speechHistory[index]
            utter(entry.text, .default, entry.voice == .announcer ? .announcer : .reader, remember: false)
        case .openActions(let id):
            guard state.message(id: id) != nil else { break }
            present(.messageActions(messageID: id))
        case .openPicker(let id):
            state.pickerQuery = ""
            if case .messageActions? = state.activeSheet?.kind {
                sheetFlow.quietDismissals += 1
                perform(state.sheets.dismiss(.escape))
            }
            present(.emojiPicker(messageID: id))
        case .react(let id, let emoji):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            react(emoji, to: id)
        case .openThread(let id):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            guard let root = state.message(id: id) else { break }
            effects.append(
                .load(ChatLoad(channelID: root.channelID, purpose: .thread(rootID: id, announce: true), root: root)))
        case .markUnread(let id):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            state.firstUnreadID = id
            moveReadMarker(to: max(0, id - 1))
            announce(.reading(.markedUnread), .default)
        case .copyText(let id):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            if let message = state.message(id: id) { effects.append(.copy(message.text)) }
            announceCopied()
        case .copyLink(let link):
            // As Copy text: the actions close, then it is copied.
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            effects.append(.copy(link))
            announceCopied()
        case .openLink(let link):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            // Over SSH, or with no desktop, nothing here can show a web page: copied instead.
            guard configuration.desktop else {
                effects.append(.copy(link))
                return announce(.reading(configuration.clipboard ? .copiedNotOpened : .notCopiedHere), .default)
            }
            effects.append(.openLink(Links.address(link)))
            announce(.reading(.opening), .default)
        case .closingSheets(let chosen):
            guard chosen.keepsTheSheetBeneath, state.sheets.entries.count > 1 else { return closeSheets(then: chosen) }
            // An action on an item of a sheet (a said thing copied): only its actions close, and
            // focus goes back to the item, unsaid, after what the action says.
            sheetFlow.quietDismissals += 1
            perform(state.sheets.dismiss(.escape))
            carryOut(chosen)
        case .expandSheet:
            perform(state.sheets.expand())
        case .firstSearchResult:
            if waits.searchDue != nil {
                // Typed a moment ago and not searched yet: searched now, and gone to then.
                waits.searchDue = nil
                state.firstResultWanted = true
                return effects.append(.search(state.searchQuery))
            }
            guard let first = state.searchResults.first else {
                return say(.command(.noResultToOpen), .default, .reader)
            }
            speakFocus(navigator.focus(identifier: ElementID.searchResult(first.id).identifier), queued: false)
        case .setText(let field, let text):
            setText(field, text)
            // Clear text: the list is the common emoji again, and the button says what it did.
            if text.isEmpty { say(.command(.searchCleared), .default, .announcer) }
        case .send:
            let text = state.composer
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                return say(.edit(.nothingToSend), .default, .reader)
            }
            state.composer = ""
            remember(sent: text)
            movedOn()
            if text.hasPrefix("/") { return command(text) }
            send(text, replyTo: nil)
        case .sendReply:
            let text = state.threadComposer
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                return say(.edit(.nothingToSend), .default, .reader)
            }
            guard case .thread(let rootID) = state.route, let root = state.message(id: rootID) else { break }
            state.threadComposer = ""
            if text.hasPrefix("/"), !text.hasPrefix("//") {
                // A command runs as from the message field (/me went out as the words "/me
                // waves"); one refused comes back into this field, not the channel's.
                let channelField = state.composer
                command(text)
                if state.composer == text, channelField != text {
                    state.composer = channelField
                    state.threadComposer = text
                    rebuild()
                }
                return
            }
            if state.plainReplyOffer == text {
                // The server cannot carry replies: the offered plain form, addressed as IRC
                // users address each other ("kim: yes").
                state.plainReplyOffer = nil
                send("\(root.author): \(text)", replyTo: nil)
                break
            }
            state.plainReplyOffer = nil
            send(text.hasPrefix("//") ? String(text.dropFirst()) : text, replyTo: root)
            effects.append(
                .load(
                    ChatLoad(channelID: root.channelID, purpose: .thread(rootID: rootID, announce: false), root: root)))
        case .selectChannel(let id):
            // Leaving a channel reads nothing: what was heard in full is read already.
            // The channel changes when its page has been read (see `loaded`).
            effects.append(.load(ChatLoad(channelID: id, purpose: .open)))
        case .openSettings:
            present(.settings)
        case .openMessage(let id, let channelID):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            if let reply = state.searchResults.first(where: { $0.id == id }), reply.replyTo != nil {
                // A reply opens in its thread, on the reply, once its channel is open.
                state.threadReplyToOpen = reply
                if channelID == state.channelID { return openThreadOfReply() }
                return carryOut(.selectChannel(channelID))
            }
            state.focusOnOpen = id
            if channelID == state.channelID, state.messages.contains(where: { $0.id == id }) {
                state.focusOnOpen = nil
                post(.layoutChanged(focus: ElementID.message(id).identifier, announcing: nil))
            } else {
                carryOut(.selectChannel(channelID))
            }
        case .adjustChannelSpeech(let channelID, let delta):
            guard let name = state.channels.first(where: { $0.id == channelID })?.name else { break }
            let current = state.settings.speech.messagePolicy(in: name)
            let policy = SettingDescriptor.next(
                in: SpeechSettings.MessagePolicy.allCases, from: current, by: delta)
            guard policy != current else { return say(Wording.policy(current), .default, .reader) }
            var settings = state.settings
            settings.speech.setChannel(name) { $0.messages = policy }
            writeChannelSpeech(name, settings)
        case .adjustChannelLanguage(let channelID, let delta):
            guard let name = state.channels.first(where: { $0.id == channelID })?.name else { break }
            let all: [String?] = [nil] + ChannelActionsSheet.languages.map(\.code)
            let chosen = SettingDescriptor.next(
                in: all, from: state.settings.speech.language(in: name), by: delta)
            guard chosen != state.settings.speech.language(in: name) else {
                return say(.reading(.channelLanguage(chosen.map(ChannelActionsSheet.languageName))), .default, .reader)
            }
            var settings = state.settings
            settings.speech.setChannel(name) { $0.language = chosen }
            writeChannelSpeech(name, settings)
        case .openChannelActions(let channelID):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            present(.channelActions(channelID: channelID))
        case .showNames(let channelID):
            guard let channel = state.channels.first(where: { $0.id == channelID }) else { break }
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            if onIRC(channel) { transmit(.names(channel.name), on: channel.networkID) }
            present(.names(channelID: channelID))
        case .leaveChannel(let channelID):
            guard let channel = state.channels.first(where: { $0.id == channelID }) else { break }
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            transmit(.part(channel.name, reason: ""), on: channel.networkID)
            // "Left #a" answers it; "Leaving #a" only if the server is slow to.
            expectSlowly(.part(state.names.fold(channel.name)), .command(.leaving(channel.name)))
        case .follow(let nick, let on):
            follow(nick, on)
        case .expandRun(let id, let expanded):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            expandRun(id, expanded)
        case .pronounceNick(let nick):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            startPronouncing(nick)
        case .query(let nick):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            effects.append(
                .store(.openDirect(nick: nick, network: state.channel?.networkID ?? configuration.localNetworkID)))
        case .unavailable(let text):
            post(.announcement(text, priority: .default))
        case .typeInMessageField(let text):
            typeInMessageField(text)
        case .openAddServer:
            present(.addServer)
        case .toggleServerTLS:
            state.serverTLS.toggle()
            // The port follows, while it is the other's usual one.
            let port = state.serverDraft[.port] ?? ""
            var moved: Int?
            if port == "6697" || port == "6667" || port.isEmpty {
                moved = state.serverTLS ? 6697 : 6667
                state.serverDraft[.port] = moved.map(String.init)
            }
            // One phrase for the new value and the port that moved with it ("off, port 6667"):
            // the tree is rebuilt here, so the toggle's own "off" is not said again after it.
            rebuild()
            say(Wording.sentence(.serverSecure(state.serverTLS, port: moved)), .default, .reader)
        case .connectServer:
            connectServer()
        }
    }

    /// "Copied", where the terminal takes a program's copy; where it is known not to, said so.
    mutating func announceCopied() {
        announce(.reading(configuration.clipboard ? .copied : .notCopiedHere), .default)
    }

    /// Writes `name`'s entry of `speech.channels` (a policy alone, or a table with its language).
    mutating func writeChannelSpeech(_ name: String, _ settings: Settings) {
        let key = settings.speech.channels.keys.first { $0.lowercased() == name.lowercased() } ?? name
        guard var entry = settings.speech.channels[key] else { return }
        // A table needs a policy beside the language: the current one, written out.
        if entry.language != nil, entry.messages == nil { entry.messages = settings.speech.messages }
        var written = settings
        written.speech.channels[key] = entry
        change(written, .channelSpeech(key))
    }

    mutating func setText(_ field: TextField, _ text: String) {
        switch field {
        case .server(let part): state.serverDraft[part] = text
        case .composer: state.composer = text
        case .threadComposer: state.threadComposer = text
        case .pickerQuery: state.pickerQuery = text
        case .channelQuery: state.channelQuery = text
        case .searchQuery:
            state.searchQuery = text
            waits.searchDue = now + Self.searchPause
        }
    }
}
