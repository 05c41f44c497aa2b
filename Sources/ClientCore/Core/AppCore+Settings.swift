import Accessibility
import IRC
import Settings
import SpeechVocabulary

extension AppCore {
    /// A change of the settings file (by hand, or by another Earshot): applied whole, and its
    /// announcements said ("Text size: Accessibility Large, 194 percent").
    mutating func handle(settings update: SettingsUpdate) {
        apply(update.new)
        rebuild()
        // One utterance per priority: a second at the same priority would cut the first off
        // ("Settings fixed: …" then "Text size: …" are both news).
        let all = Wording.announcements(for: update)
        let high = all.filter { $0.priority == .high }.map(\.text)
        let other = all.filter { $0.priority != .high }.map(\.text)
        func sentences(_ parts: [String]) -> String {
            parts.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }.joined(separator: ". ")
        }
        if !high.isEmpty { post(.announcement(sentences(high), priority: .high)) }
        if !other.isEmpty { post(.announcement(sentences(other), priority: .default)) }
    }

    /// Alt-P: the next punctuation level (none, some, most, all, then none again), said and
    /// written to the settings file, as NVDA's NVDA+P does. (One key goes round; the settings
    /// sheet's Up and Down hold at the ends.)
    mutating func cyclePunctuation() {
        let levels = PunctuationLevel.allCases
        let last = state.settings.speech.punctuation == levels.last
        carryOut(.adjust(.speechPunctuation, by: last ? 1 - levels.count : 1))
        rebuild()
        post(.announcement(Self.punctuationPhrase(state.settings.speech.punctuation), priority: .default))
    }

    /// How long one person's message waits for the next of theirs (``Announcer/burstWindow``).
    static let burstWindow: Duration = .seconds(1)

    /// The nicks in view (the open channel's people and the writers of its page) said without
    /// decorations, and `[speech.pronounce]`: made again only when those change.
    mutating func updateLexicon() {
        let signature = [
            state.channelID, Int64(state.channel?.members.count ?? 0), Int64(state.messages.count),
            state.messages.last?.id ?? 0, Int64(state.channels.count),
        ]
        guard signature != outputs.lexiconSignature || outputs.lexiconNicks == nil else { return }
        outputs.lexiconSignature = signature
        var nicks = Set(state.channel?.members ?? [])
        for message in state.messages { nicks.insert(message.author) }
        for channel in state.channels where channel.isDirect { nicks.insert(channel.name) }
        let decorated = nicks.filter { SpokenText.plainNick($0) != $0 }
        guard decorated != outputs.lexiconNicks else { return }
        outputs.lexiconNicks = decorated
        navigator.options.lexicon = SpokenText.Lexicon(pronounce: state.settings.speech.pronounce, nicks: decorated)
    }

    /// "Punctuation: most": what Alt-P says.
    static func punctuationPhrase(_ level: PunctuationLevel) -> String { Wording.sentence(.punctuation(level)) }

    /// Makes `settings` current: speech (rate, pitch, volume, voice, punctuation), display,
    /// motion and phrases follow.
    mutating func apply(_ settings: Settings) { tell(state.settingsEditor.replace(with: settings)) }

    /// Tells the parts a change of the settings reaches; what the core holds of them follows
    /// the settings always (punctuation, emoji, motion, bursts).
    mutating func tell(_ reach: SettingsEditor.Reach) {
        let settings = state.settings
        state.sheets.reduceMotion = settings.display.reduceMotion
        state.drawer.reduceMotion = settings.display.reduceMotion
        navigator.options.punctuation = Self.punctuation(settings)
        navigator.options.emoji = settings.speech.emoji
        if reach.contains(.pronunciations) {
            outputs.lexiconNicks = nil
            updateLexicon()
        }
        announcer.burstWindow = settings.speech.mergeBursts ? Self.burstWindow : .zero
        announcer.names = settings.speech.names
        if reach.contains(.speech) { effects.append(.configureSpeech(settings.speech)) }
        if reach.contains(.sounds) { effects.append(.configureSounds(settings.sounds)) }
        if reach.contains(.soundPack) { effects.append(.loadSoundPack(settings.sounds.pack)) }
        if reach.contains(.braille) { effects.append(.configureBraille(brailleSettings(settings))) }
        if reach.contains(.display) { effects.append(.display(settings)) }
    }

    /// One step of a setting (Up, Down or Enter in the settings sheet, Control-plus and -minus
    /// for the text size): applied and written. At an end the value is said again, so the key
    /// is not met by silence.
    mutating func adjust(_ key: SettingKey, by delta: Int) {
        switch state.settingsEditor.adjust(key, by: delta) {
        case .notAdjustable: return
        case .atEnd: return say(Wording.settingValue(key, in: state.settings), .default, .reader)
        case .changed(let reach): changed(reach, key)
        }
        if key == .textSize { effects.append(.lines(Lines.sample())) }
        if key == .soundsVolume, state.settings.sounds.enabled { playCue(.sent, .default) }
    }

    /// Says `nick`'s messages from every channel, or no longer (`speech.follow`, written).
    mutating func follow(_ nick: String, _ on: Bool) {
        changed(state.settingsEditor.follow(nick, on, names: state.names), .speechFollow)
        rebuild()
        announce(.people(on ? .followed(nick) : .unfollowed(nick)), .default)
    }

    /// Someone followed took another nick: followed under it, the file too, so their messages
    /// are still said (a nick is all IRC knows them by).
    mutating func followRenamed(from old: String, to new: String, names: IRCCaseMapping) {
        guard let reach = state.settingsEditor.followRenamed(from: old, to: new, names: names) else { return }
        changed(reach, .speechFollow)
    }

    /// Whether `nick`'s messages are said from every channel.
    func follows(_ nick: String, names: IRCCaseMapping? = nil) -> Bool {
        state.settingsEditor.follows(nick, names: names ?? state.names)
    }

    /// Makes `settings` current, changed in `key` elsewhere in the core (a pronunciation, a
    /// channel's speech), and writes that key.
    mutating func change(_ settings: Settings, _ key: SettingKey) {
        changed(state.settingsEditor.replace(with: settings), key)
    }

    /// Tells the parts a change reaches and writes the one key to the file.
    mutating func changed(_ reach: SettingsEditor.Reach, _ key: SettingKey) {
        tell(reach)
        // Nothing is written during onboarding: the settings file's existence is what marks it
        // done, so a size tried at its second step and a closed terminal would skip the rest
        // next time. Its end writes what was chosen.
        if case .onboarding = state.route { return }
        effects.append(.writeSetting(key, from: state.settings))
    }
}
