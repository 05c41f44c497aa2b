import Accessibility
import Speech

extension AppRuntime {
    /// Performs one effect for another screen reader (`display.screen_reader`, `--screen-reader`).
    ///
    /// Orca, Fenrir, Speakup and BRLTTY read the terminal, not Earshot's speech: the bottom line
    /// carries the focused element's whole phrase (``Lines/phrase(_:)``, set after each event by
    /// ``showFocusForScreenReader(_:)``), so the core's own bottom line is not drawn;
    /// announcements are printed as lines of their own, as written rather than as the voice says
    /// them (a polite one that only restates lines just printed, as a new message's does, is
    /// left out); and what the reading voice says that the focused phrase does not hold ("top",
    /// "No messages") is printed too. Speech is still performed, so `--speech-log` keeps its
    /// record; with `--speech off` nothing is heard twice.
    func performForScreenReader(_ effect: AppEffect, focused phrase: Phrase?) -> [AppEvent] {
        switch effect {
        case .bottom:
            return []
        case .speak(let text, let priority, let voice, _, let shown, _) where !text.isEmpty:
            // Printed as written ("#welcome", not the voice's "hash welcome"): the other screen
            // reader speaks and brailles it its own way.
            switch voice {
            case .announcer:
                parts.output.announcement(shown ?? text, polite: priority == .low)
            case .reader where !(phrase?.text ?? "").contains(text):
                parts.output.announcement(shown ?? text, polite: false)
            default:
                break
            }
            return perform(effect)
        default:
            return perform(effect)
        }
    }

    /// The bottom line for another screen reader: the focused element's whole phrase, the
    /// cursor at its start.
    func showFocusForScreenReader(_ focus: Element?) {
        parts.output.setBottom(focus.map(Lines.phrase) ?? "")
    }
}
