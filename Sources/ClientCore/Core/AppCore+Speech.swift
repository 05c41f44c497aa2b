import Accessibility
import ChatModel
import SpeechVocabulary

/// Speech controls (pause, repeat, history, say-all), sound cues, and polite announcements
/// that wait while the user types.
extension AppCore {
    /// How long after the last typed key polite announcements wait.
    static let typingPause: Duration = .milliseconds(1500)
    /// The least time between two sound cues of one kind (a flood plays one).
    static let cueInterval: Duration = .seconds(1)

    // MARK: Events from speech

    /// An utterance started, ended or was cut off: the announcer paces by announcements, and
    /// say-all moves on when a reading ends (and stops when one is cut off).
    mutating func utterance(_ kind: TranscriptRecord.Event, voice: VoiceRole) {
        switch (voice, kind) {
        case (.announcer, .speak):
            announcer.speechStarted()
        case (.announcer, _):
            announcerUtterance(finished: kind == .done)
            announce(announcer.speechFinished(at: now))
        case (.reader, .speak):
            readerUtterance(kind)
            reader.sayAll.readerStarted()
        case (.reader, let ended):
            // Done or cut off: either way the focused message was heard, and what came while away follows.
            readerUtterance(ended)
            say(awayNews: channelNews.away.focusHeard())
            if ended != .done {
                reader.sayAll.readerCut()
            } else if reader.sayAll.readerFinished(), !paced {
                readNext()
            }
        default:
            break
        }
    }

    // MARK: Controls

    /// Alt-S: pause, or resume what was paused (the engine knows which).
    mutating func pauseOrResume() {
        reader.sayAll.pauseToggled()
        effects.append(.pauseOrResumeSpeech)
    }

    /// The identifier of the first message after the focus in reading order, when the focus is
    /// a heading of the conversation (its own, a day's, "New messages"); nil elsewhere (the
    /// drawer, the field).
    func firstMessageAfterFocus() -> String? {
        guard let focused = navigator.focusedPath, let identifier = navigator.focusedElement?.identifier,
            identifier == ElementID.mainHeader.identifier || identifier == ElementID.newMessages.identifier
                || identifier.hasPrefix("day.")
        else { return nil }
        for path in navigator.readingOrder where path > focused {
            if let id = navigator.tree.element(at: path)?.identifier, id.hasPrefix("message.") { return id }
        }
        return nil
    }

    /// Alt-L: the last thing said in the reading or announcing voice, again; on the display too,
    /// as written.
    mutating func repeatLast() {
        guard let last = state.speechHistory.last else { return say(.reading(.nothingSaidYet), .default, .reader) }
        utter(last.text, .default, last.voice, remember: false, speaker: last.speaker)
        // On the display as it was shown: the focus's own line, else the words as written.
        if last.voice == .reader, last.text == navigator.focusedPhrase?.text {
            brailleMessage(focusBraille.text)
        } else {
            brailleMessage(last.shown ?? SpokenText.unmarked(last.text))
        }
    }

    /// Alt-R: read from the focused message to the end of the messages; from a heading above
    /// them, from the first message after it; below them, from the first unread one (else the
    /// newest). Any key stops it.
    mutating func startSayAll() {
        effects.append(.stopSpeech)
        reader.sayAll.end()
        let onAMessage = navigator.focusedElement?.identifier?.hasPrefix("message.") ?? false
        if onAMessage, paced {
            // The display would not change: a sign that reading starts here, at the reader's pace.
            brailleMessage(Wording.sentence(.reading(.readingFromHere)))
        }
        if !onAMessage {
            guard state.route == .main, !state.sheets.hasSheet, case .message = MainScreen.firstFocus(state) else {
                return read(navigator.focusedPhrase)
            }
            // On a heading above messages (the channel's, a day's), from the first message after
            // it, as "read from here"; below them (the field), from the first unread.
            _ = navigator.focus(identifier: firstMessageAfterFocus() ?? MainScreen.firstFocus(state).identifier)
            keyMemory.chosenAction = nil
        }
        // At the reader's pace, the display moves on as they pan past each message's end.
        if !paced { reader.sayAll.start() }
        // The focused message just heard in full (the last thing said, and read) is not said
        // again: reading goes on from the next.
        if onAMessage, !paced, reader.hearing == nil, let phrase = navigator.focusedPhrase,
            let last = state.speechHistory.last(where: { $0.voice == .reader })?.text,
            last == phrase.text || last == phrase.text + " " + Wording.unreadState,
            let id = tree.behaviour(navigator.focusedElement?.identifier)?.message,
            let message = state.message(id: id), !state.isUnread(message)
        {
            return readNext(namingWriter: true)
        }
        read(navigator.focusedPhrase)
    }

    /// The next element of say-all, until the end of the screen or the first text field (the
    /// composer, which is read, and where reading stops). A message by the writer of the one
    /// just read is said without their name, unless `namingWriter` (the first one read).
    mutating func readNext(namingWriter: Bool = false) {
        let before = focusedMessage
        guard case .focus(_, var phrase) = navigator.next() else {
            reader.sayAll.end()
            return
        }
        keyMemory.chosenAction = nil
        if focusIsEditable { reader.sayAll.end() }
        // Read on, the same writer again is not named again, as their live messages are not
        // ("piper, the deploy is done." then "and the tests pass.").
        if !namingWriter, let before, let after = focusedMessage, before.kind != .action, after.kind != .action,
            state.names.equal(before.author, after.author), let label = navigator.focusedElement?.label,
            label == (state.isOwn(after) ? "You" : after.author), phrase.text.hasPrefix(label + ", ")
        {
            phrase.text.removeFirst(label.count + 2)
        }
        read(phrase)
    }

    /// The message the focus is on, if any.
    var focusedMessage: ChatMessage? {
        tree.behaviour(navigator.focusedElement?.identifier)?.message.flatMap { state.message(id: $0) }
    }

    /// Reads a phrase at default priority, without its hint (say-all reads on).
    mutating func read(_ phrase: Phrase?) {
        guard let phrase else { return }
        // Read on, a message is being read now: that it was unread is no news.
        let unread = " " + Wording.unreadState
        let text =
            reader.sayAll.isOn && phrase.text.hasSuffix(unread)
            ? String(phrase.text.dropLast(unread.count)) : phrase.text
        utter(text, .default, .reader, speaker: focusedSpeaker)
        hearingFocus()
    }

    /// Any key ends say-all; the key then does what it does.
    mutating func stopSayAllForKey() {
        if reader.sayAll.end() { effects.append(.stopSpeech) }
    }

    // MARK: Typing and announcements

    /// A key typed in a text field: polite announcements wait until typing pauses, and one
    /// being heard that the key cuts off is said again then, whole.
    mutating func noteTyping() {
        announcer.holdPolite(until: now + Self.typingPause)
        if state.settings.speech.typingInterrupts, announcer.isAudible {
            announcer.requeueSpeaking()
        }
    }

    /// The priority of what typing echoes: at once, or after what is being said.
    var echoPriority: SpeechPriority { state.settings.speech.typingInterrupts ? .default : .low }

    // MARK: Sound cues

    /// Plays `cue` when sounds are on; low cues of one kind at most once a second.
    mutating func playCue(_ cue: SoundCue, _ priority: SpeechPriority, voice: VoiceRole = .sound) {
        guard state.settings.sounds.enabled else { return }
        if priority == .low || cue == .mention, let last = outputs.cues[cue], now - last < Self.cueInterval { return }
        outputs.cues[cue] = now
        effects.append(.speak("", priority, voice, cue: cue))
    }

    // MARK: The start, and where speech goes

    mutating func start(problems: [Wording.Announcement]) {
        if case .onboarding = state.route {
            rebuild()
            effects.append(.lines(Lines.screen(state: state, tree: tree)))
            post(
                .screenChanged(focus: ElementID.onboardingTitle.identifier, announcing: OnboardingScreen.title(step: 1))
            )
        } else if configuration.expectsIRC {
            // With a server, its first channel opens when joined; #welcome is not read first.
            // It opens only if no channel comes (the server is down, or refuses the sign-in).
            effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .refresh)))
            state.connection.started(at: now)
            // The host, when there is one server (the store's networks come later).
            say(.connection(.connecting(host: configuration.connectingTo)), .default, .announcer)
        } else {
            effects.append(.load(ChatLoad(channelID: state.channelID, purpose: .open)))
        }
        for problem in problems {
            effects.append(.lines([Lines.plain(problem.text)]))
            say(problem.text, problem.priority, .announcer)
        }
    }

    /// speech-dispatcher was asked for and Earshot's own voice speaks instead: said once.
    mutating func speechDispatcherChanged(_ status: AppEvent.SpeechDispatcherStatus) {
        // The reason (libspeechd's own words with socket paths, or a missing library) is shown,
        // not read out.
        switch status {
        case .unavailable(let reason):
            // The reason, without the opening that says the same.
            var why = Substring(reason)
            for prefix in ["speech-dispatcher does not answer (", "("] where why.hasPrefix(prefix) {
                why = why.dropFirst(prefix.count)
            }
            while let last = why.last, last == "." || last == ")" { why = why.dropLast() }
            effects.append(
                .lines([Lines.plain(Wording.sentence(.device(.speechDispatcherUnavailable(why: String(why)))))]))
            // Before the first screen's words, which would cut it off.
            say(.device(.speechDispatcherUnavailable(why: nil)), .high, .announcer)
        case .lost:
            effects.append(.lines([Lines.plain(Wording.sentence(.device(.speechDispatcherLost)) + ".")]))
            // Said whole, once: keys do not cut off what is said at high priority.
            say(.device(.speechDispatcherLost), .high, .announcer)
        }
    }

    /// Said on screen either way; aloud only when there is a sound server to hear it on (in
    /// captions the line itself is what the user reads).
    mutating func speechMoved(to route: AppEvent.SpeechRoute) {
        switch route {
        case .captions(let reason):
            effects.append(.lines([Lines.plain(Wording.sentence(.device(.speechToCaptions(why: reason))))]))
        case .audio:
            effects.append(.lines([Lines.plain(Wording.sentence(.device(.speechBackOnSoundServer)))]))
            say(.device(.speechBackOnSoundServer), .low, .announcer)
        }
    }
}
