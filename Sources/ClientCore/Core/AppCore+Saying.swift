import Accessibility
import ChatModel
import Foundation
import Settings
import SpeechVocabulary

/// Speaking: every sentence the client says, and the tree it says it from, go through here.
extension AppCore {
    /// Says `text`, one of the client's own sentences, prepared for the voice like every other
    /// text (punctuation, emoji, key symbols); its own commas and colons are pauses at every
    /// punctuation level, and someone else's words in it are marked ``SpokenText/verbatim(_:)``.
    mutating func say(
        _ text: String, _ priority: SpeechPriority, _ voice: VoiceRole, speaker: SpeakerVoice? = nil,
        brailled: String? = nil, about channel: String? = nil
    ) {
        let prepared = SpokenText.prepareOwn(
            navigator.options.lexicon.apply(text), punctuation: navigator.options.punctuation,
            emoji: navigator.options.emoji)
        let shown = SpokenText.unmarked(text)
        // Announcements, and the reading voice's own sentences ("Text size: Extra Large, 112
        // percent", "No actions", "top"), are messages on the display too.
        // (Not the reading voice's words about a text field, a recalled line or a completion:
        // the field itself shows them.)
        if configuration.braille, voice == .announcer || (voice == .reader && !focusIsEditable),
            outputs.unbrailled.remove(text) == nil
        {
            brailleMessage(brailled.map(SpokenText.unmarked) ?? shown, about: channel)
        }
        utter(prepared, priority, voice, shown: shown == prepared ? nil : shown, speaker: speaker)
    }

    /// The voice `author`'s words are said in when each person has one (`speech.speaker_voices`);
    /// nil when they do not, or for the listener's own words, which stay in the reading voice.
    func speakerVoice(_ author: String?) -> SpeakerVoice? {
        guard state.settings.speech.speakerVoices, let author, !author.isEmpty else { return nil }
        // Someone who changed their nick keeps the voice they had.
        return state.speakerAliases[state.names.fold(author)] ?? SpeakerVoice(nick: author)
    }

    /// The focused message's writer's voice, when each person has one.
    var focusedSpeaker: SpeakerVoice? {
        // Off (the default), a focus move looks nothing up.
        guard state.settings.speech.speakerVoices else { return nil }
        return tree.behaviour(navigator.focusedElement?.identifier)?.message.flatMap { state.message(id: $0) }
            .flatMap(speakerVoice(of:))
    }

    /// The voice `message` is said in: its writer's, unless it is the listener's own.
    func speakerVoice(of message: ChatMessage) -> SpeakerVoice? {
        state.isOwn(message) ? nil : speakerVoice(message.author)
    }

    /// Says `fact` in the phrase book's words (``Wording``).
    mutating func say(_ fact: Fact, _ priority: SpeechPriority, _ voice: VoiceRole) {
        outputs.newsTopic = fact.topic
        defer { outputs.newsTopic = nil }
        say(Wording.sentence(fact), priority, voice)
    }

    /// The reading voice's answer to a key that works from anywhere (Alt-T, Alt-=, the ends of
    /// review): on the display too when focus is in a text field, where ``say(_:_:_:speaker:)``
    /// leaves the field's own words to the field.
    mutating func answer(_ text: String) {
        say(text, .default, .reader)
        if configuration.braille, focusIsEditable { brailleMessage(SpokenText.unmarked(text)) }
    }

    mutating func answer(_ fact: Fact) { answer(Wording.sentence(fact)) }

    /// Posts `fact`, in the phrase book's words, as an announcement.
    mutating func announce(_ fact: Fact, _ priority: SpeechPriority) {
        outputs.newsTopic = fact.topic
        defer { outputs.newsTopic = nil }
        post(.announcement(Wording.sentence(fact), priority: priority))
    }

    /// Says what the navigator made, which `Phrase` has already prepared (its own commas and
    /// full stops are pauses, not punctuation to name).
    ///
    /// What is said in the reading or announcing voice goes into the speech history (unless
    /// `remember` is false: a repeat, or browsing the history itself). `shown` is the text as
    /// written, when it differs (see ``AppEffect/speak(_:_:_:cue:shown:)``).
    mutating func utter(
        _ prepared: String, _ priority: SpeechPriority, _ voice: VoiceRole, remember: Bool = true, shown: String? = nil,
        speaker: SpeakerVoice? = nil
    ) {
        guard !prepared.isEmpty else { return }
        // Stretches in another script, or marked with a channel's language, are read in it.
        if prepared.utf8.contains(where: { $0 >= 0x80 }) {
            let (plain, runs) = SpokenLanguage.runs(in: prepared)
            effects.append(
                .speak(
                    plain, priority, voice, shown: shown ?? (runs.isEmpty && plain == prepared ? nil : plain),
                    languages: runs, speaker: speaker))
        } else {
            effects.append(.speak(prepared, priority, voice, shown: shown, speaker: speaker))
        }
        if remember, voice == .reader || voice == .announcer {
            self.remember(SpokenEntry(text: prepared, voice: voice, shown: shown, speaker: speaker))
        }
    }

    /// Keeps `entry` in the speech history (Alt-H), not while the history is open (under an
    /// item's actions too): its list stays as it was.
    mutating func remember(_ entry: SpokenEntry) {
        guard !state.sheets.entries.contains(where: { $0.payload == .speechHistory }) else { return }
        state.speechHistory.append(entry)
        if state.speechHistory.count > AppState.speechHistoryLimit {
            state.speechHistory.removeFirst(state.speechHistory.count - AppState.speechHistoryLimit)
        }
    }

    /// Rebuilds the tree from the state; live-region changes go to the announcer.
    @discardableResult
    mutating func rebuild() -> Navigator.Update {
        updateLexicon()
        tree = Screens.tree(state)
        let update = navigator.update(tree: tree.root)
        for change in update.liveRegionChanges { announce(announcer.liveRegionChanged(change, at: now)) }
        return update
    }

    /// Posts a notification: moves focus as it asks, says its text, then the new focus.
    /// `queued`: said after what is being said, not cutting it (news of the network, such as
    /// the first channel opening after "Connecting to …").
    mutating func post(_ notification: AccessibilityNotification, quietly: Bool = false, queued: Bool = false) {
        switch notification {
        case .screenChanged(_, let text), .layoutChanged(_, let text):
            let moved = navigator.handle(notification)
            if case .focus = moved { keyMemory.chosenAction = nil }
            guard !quietly else { return }
            if let text { say(text, queued ? .low : .default, .announcer) }
            speakFocus(moved, queued: text != nil || queued)
        case .announcement, .pageScrolled:
            announce(announcer.post(notification, at: now))
        }
    }

    mutating func announce(_ action: Announcer.Action) {
        guard case .speak(let utterance) = action else { return }
        announcing(utterance)
        hintTutor.newsSaid(at: now)
        // A count comes as a fact; the phrase book words it.
        say(
            utterance.summary.map(Wording.summary) ?? utterance.text, utterance.priority, .announcer,
            speaker: speakerVoice(utterance.author), brailled: utterance.named, about: utterance.region)
        if utterance.region == Self.filterRegion {
            // The list the count is of, on the screen too.
            let field: ElementID = state.pickerQuery.isEmpty ? .drawerSearch : .pickerSearch
            effects.append(.lines(Lines.searchResults(in: tree, field: field)))
        }
        // "4 new announcements": each of them is in the speech history after it, to be read there.
        for text in utterance.unheard {
            let prepared = SpokenText.prepareOwn(
                navigator.options.lexicon.apply(text), punctuation: navigator.options.punctuation,
                emoji: navigator.options.emoji)
            let shown = SpokenText.unmarked(text)
            remember(SpokenEntry(text: prepared, voice: .announcer, shown: shown == prepared ? nil : shown))
        }
    }

    mutating func speak(_ action: Navigator.Action) {
        switch action {
        case .focus: speakFocus(action, queued: false)
        case .boundary(let edge):
            // With sounds on, the edge is a sound, not a word; on the display it is the word.
            if state.settings.sounds.enabled {
                playCue(.boundary, .default, voice: .reader)
                brailleMessage(edge.word)
            } else {
                say(edge.word, .default, .reader)
            }
        case .say(let text):
            // The rotor's setting ("Headings") and what it finds to say: on the display too.
            utter(text, .default, .reader)
            brailleMessage(SpokenText.unmarked(text))
        case .performed, .unavailable: break
        }
    }

    mutating func speakFocus(_ action: Navigator.Action, queued: Bool) {
        guard case .focus(_, let phrase) = action else { return }
        // Focus moved: Alt-T times the message moved to, not one reviewed or said by number
        // before (back where a review began, it timed the reviewed one).
        reader.reviewer.focus = nil
        reader.reviewer.recent = nil
        utter(phrase.text, queued ? .low : .default, .reader, speaker: focusedSpeaker)
        hearingFocus()
        // A hint is said until it is learnt; then only when the listener rests on its element.
        if state.settings.speech.hints,
            hintTutor.focused(on: navigator.focusedElement?.identifier, hint: phrase.hint, at: now)
        {
            say(phrase.hint, .low, .hint)
        }
    }

    static func punctuation(_ settings: Settings) -> PunctuationLevel { settings.speech.punctuation }

    /// For another screen reader (Orca, Fenrir, Speakup, BRLTTY read the terminal, not
    /// Earshot's speech): announcements are printed as lines of their own, as written rather
    /// than as the voice says them ("#welcome", not "hash welcome"), and so is what the reading
    /// voice says that the focused phrase does not hold ("top", "No messages"). The bottom line
    /// carries the focused element's whole phrase (``finish()``). Speech is still performed,
    /// so `--speech-log` keeps its record; with `--speech off` nothing is heard twice.
    mutating func forOtherScreenReader() {
        let focused = navigator.focusedPhrase?.text ?? ""
        var result: [AppEffect] = []
        result.reserveCapacity(effects.count)
        for effect in effects {
            if case .speak(let text, let priority, let voice, _, let shown, _, _) = effect, !text.isEmpty {
                if voice == .announcer {
                    result.append(.announcementLine(shown ?? text, polite: priority == .low))
                } else if voice == .reader, !focused.contains(text) {
                    result.append(.announcementLine(shown ?? text, polite: false))
                }
            }
            if case .bottom = effect { continue }
            result.append(effect)
        }
        effects = result
    }
}
