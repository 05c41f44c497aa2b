import Accessibility
import Settings
import Speech

extension AppCore {
    /// A change of the settings file (by hand, or by another Earshot): applied whole, and its
    /// announcements said ("Text size: Accessibility Large, 194 percent").
    mutating func handle(settings update: SettingsUpdate) {
        apply(update.new)
        rebuild()
        // One utterance per priority: a second at the same priority would cut the first off
        // ("Settings fixed: …" then "Text size: …" are both news).
        let all = update.announcements
        let high = all.filter { $0.priority == .high }.map(\.text)
        let other = all.filter { $0.priority != .high }.map(\.text)
        func sentences(_ parts: [String]) -> String {
            parts.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }.joined(separator: ". ")
        }
        if !high.isEmpty { post(.announcement(sentences(high), priority: .high)) }
        if !other.isEmpty { post(.announcement(sentences(other), priority: .default)) }
    }

    /// Alt-P: the next punctuation level (none, some, most, all, then none again), said and
    /// written to the settings file, as NVDA's NVDA+P does.
    mutating func cyclePunctuation() {
        carryOut(.adjustPunctuation(by: 1))
        rebuild()
        post(.announcement(Self.punctuationPhrase(state.settings.speech.punctuation), priority: .default))
    }

    /// "Punctuation most": what Alt-P says.
    static func punctuationPhrase(_ level: PunctuationLevel) -> String { "Punctuation \(level.rawValue)" }

    /// Makes `settings` current: speech (rate, pitch, volume, voice, punctuation), display,
    /// motion and phrases follow.
    mutating func apply(_ settings: Settings) {
        let old = state.settings
        state.settings = settings
        state.sheets.reduceMotion = settings.display.reduceMotion
        state.drawer.reduceMotion = settings.display.reduceMotion
        navigator.options = PhraseOptions(punctuation: Self.punctuation(settings))
        if settings.speech != old.speech { effects.append(.configureSpeech(settings.speech)) }
        if settings.sounds != old.sounds { effects.append(.configureSounds(settings.sounds)) }
        if settings.braille != old.braille { effects.append(.configureBraille(settings.braille)) }
        if settings.display != old.display || settings.text != old.text { effects.append(.display(settings)) }
    }
}
