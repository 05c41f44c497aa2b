import Accessibility
import Chat
import Settings
import Speech
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
        case .adjustTextSize(let delta):
            let next = Self.step(ContentSizeCategory.allCases, from: state.settings.text.size, by: delta)
            guard next != state.settings.text.size else { return say(Wording.sizeValue(next), .default, .reader) }
            var settings = state.settings
            settings.text.size = next
            change(settings, .textSize)
            effects.append(.lines(Lines.sample()))
        case .adjustRate(let delta):
            var settings = state.settings
            let range = SpeechParameters.rateRange
            // Steps land on multiples of the step (175 is reachable again from 80), within the range.
            let step = max(1, abs(delta))
            let current = settings.speech.rate
            let landed =
                delta > 0 ? (current / step + 1) * step : ((current + step - 1) / step - 1) * step
            settings.speech.rate = max(range.lowerBound, min(range.upperBound, landed))
            settings.speech.explicit.insert("rate")
            change(settings, .speechRate)
        case .adjustVoice(let delta):
            var settings = state.settings
            settings.speech.voice = Self.cycle(
                VoiceRole.builtIn.map(\.rawValue), from: settings.speech.voice, by: delta)
            change(settings, .speechVoice)
        case .adjustEcho(let delta):
            var settings = state.settings
            settings.speech.echo = Self.cycle(SpeechSettings.Echo.allCases, from: settings.speech.echo, by: delta)
            change(settings, .speechEcho)
        case .adjustPunctuation(let delta):
            var settings = state.settings
            settings.speech.punctuation = Self.cycle(
                PunctuationLevel.allCases, from: settings.speech.punctuation, by: delta)
            change(settings, .speechPunctuation)
        case .adjustCapitals(let delta):
            var settings = state.settings
            settings.speech.capitals = Self.cycle(CapitalMarking.allCases, from: settings.speech.capitals, by: delta)
            change(settings, .speechCapitals)
        case .toggleHints:
            var settings = state.settings
            settings.speech.hints.toggle()
            change(settings, .speechHints)
        case .toggleTypingInterrupts:
            var settings = state.settings
            settings.speech.typingInterrupts.toggle()
            change(settings, .speechTypingInterrupts)
        case .adjustSpeech(let choice, let delta):
            var settings = state.settings
            switch choice {
            case .engine:
                settings.speech.engine = Self.step(
                    SpeechSettings.Engine.allCases, from: settings.speech.engine, by: delta)
                guard settings.speech.engine != state.settings.speech.engine else {
                    return say(SettingsSheet.describe(settings.speech.engine), .default, .reader)
                }
                change(settings, .speechEngine)
            case .events:
                settings.speech.events = Self.step(
                    SpeechSettings.EventPolicy.allCases, from: settings.speech.events, by: delta)
                guard settings.speech.events != state.settings.speech.events else {
                    return say(SettingsSheet.describe(settings.speech.events), .default, .reader)
                }
                change(settings, .speechEvents)
            case .times:
                settings.speech.times.toggle()
                change(settings, .speechTimes)
            case .bursts:
                settings.speech.mergeBursts.toggle()
                change(settings, .speechMergeBursts)
            }
        case .toggleSounds:
            var settings = state.settings
            settings.sounds.enabled.toggle()
            change(settings, .soundsEnabled)
        case .adjustSoundVolume(let delta):
            var settings = state.settings
            let range = SoundSettings.volumeRange
            settings.sounds.volume = max(range.lowerBound, min(range.upperBound, settings.sounds.volume + delta))
            change(settings, .soundsVolume)
            if settings.sounds.enabled { playCue(.sent, .default) }
        case .adjustBraille(let setting, let delta):
            adjustBraille(setting, by: delta)
        case .copySpoken(let index):
            guard state.speechHistory.indices.contains(index) else { break }
            effects.append(.copy(SpokenText.unmarked(state.speechHistory[index].text)))
            announce(.reading(.copied), .default)
        case .repeatSpoken(let index):
            guard state.speechHistory.indices.contains(index) else { break }
            let entry = state.speechHistory[index]
            utter(entry.text, .default, entry.voice == .announcer ? .announcer : .reader, remember: false)
        case .toggleReduceMotion:
            var settings = state.settings
            settings.display.reduceMotion.toggle()
            change(settings, .displayReduceMotion)
        case .toggleContrast:
            var settings = state.settings
            settings.display.contrast = settings.display.contrast == .increased ? .standard : .increased
            change(settings, .displayContrast)
        case .openActions(let id):
            guard state.message(id: id) != nil else { break }
            present(.messageActions(messageID: id))
        case .openPicker(let id):
            state.pickerQuery = ""
            if case .messageActions? = state.activeSheet?.kind {
                quietDismissals += 1
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
            announce(.reading(.copied), .default)
        case .copyLink(let link):
            // As Copy text: the actions close, then it is copied.
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            effects.append(.copy(link))
            announce(.reading(.copied), .default)
        case .openLink(let link):
            guard state.sheets.hasSheet == false else { return closeSheets(then: intent) }
            // Over SSH, or with no desktop, nothing here can show a web page: copied instead.
            guard configuration.desktop else {
                effects.append(.copy(link))
                return announce(.reading(.copiedNotOpened), .default)
            }
            effects.append(.openLink(Links.address(link)))
            announce(.reading(.opening), .default)
        case .expandSheet:
            perform(state.sheets.expand())
        case .firstSearchResult:
            guard let first = state.searchResults.first else {
                return say(.command(.found(0)), .default, .reader)
            }
            speakFocus(navigator.focus(identifier: ElementID.searchResult(first.id).identifier), queued: false)
        case .setText(let field, let text):
            setText(field, text)
        case .send:
            let text = state.composer
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                return say(.edit(.nothingToSend), .default, .reader)
            }
            state.composer = ""
            remember(sent: text)
            if text.hasPrefix("/") { return command(text) }
            send(text, replyTo: nil)
        case .sendReply:
            let text = state.threadComposer
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                return say(.edit(.nothingToSend), .default, .reader)
            }
            guard case .thread(let rootID) = state.route, let root = state.message(id: rootID) else { break }
            state.threadComposer = ""
            if state.plainReplyOffer == text {
                // The server cannot carry replies: the offered plain form, addressed as IRC
                // users address each other ("kim: yes").
                state.plainReplyOffer = nil
                send("\(root.author): \(text)", replyTo: nil)
                break
            }
            state.plainReplyOffer = nil
            send(text, replyTo: root)
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
            let policy = Self.cycle(
                SpeechSettings.MessagePolicy.allCases, from: state.settings.speech.messagePolicy(in: name), by: delta)
            var settings = state.settings
            settings.speech.setChannel(name) { $0.messages = policy }
            writeChannelSpeech(name, settings)
        case .adjustChannelLanguage(let channelID, let delta):
            guard let name = state.channels.first(where: { $0.id == channelID })?.name else { break }
            let all: [String?] = [nil] + ChannelActionsSheet.languages.map(\.code)
            let chosen = Self.step(all, from: state.settings.speech.language(in: name), by: delta)
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

    /// The choice `delta` steps from `current`, kept at the ends (an adjustable's Up or Down).
    static func step<T: Equatable>(_ all: [T], from current: T, by delta: Int) -> T {
        let index = all.firstIndex(of: current) ?? 0
        return all[max(0, min(all.count - 1, index + delta))]
    }

    /// `delta` places on from `current` in `all`, round from the last to the first (the
    /// choices with no order: voices, echo, punctuation, capitals).
    static func cycle<T: Equatable>(_ all: [T], from current: T, by delta: Int) -> T {
        let index = all.firstIndex(of: current) ?? 0
        return all[((index + delta) % all.count + all.count) % all.count]
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
            searchDue = now + Self.searchPause
        }
    }
}
