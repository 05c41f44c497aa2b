import Accessibility
import BrailleVocabulary

/// What the braille display and the speech route did: said once per change.
package enum DeviceFact: Hashable, Sendable {
    /// The display came back after a loss.
    case brailleBack(cells: Int)
    /// The display asked for by name was found after being said missing.
    case brailleConnected(cells: Int)
    /// Why there is no display, or the table that could not be loaded.
    case brailleUnavailable(BrailleUnavailable)
    /// The display's queue of messages was full, and this many were not shown (the sign in
    /// their place).
    case brailleDropped(Int)
    /// speech-dispatcher was asked for and does not answer; `why` is its library's own text,
    /// shown and never said.
    case speechDispatcherUnavailable(why: String?)
    /// speech-dispatcher stopped speaking during the session.
    case speechDispatcherLost
    /// The sound server went away; `why` is shown, not said (captions are what is read).
    case speechToCaptions(why: String)
    case speechBackOnSoundServer
    /// `speech.voice` names a role with no voice file.
    case noVoiceNamed(String)
    /// `sounds.pack` names no pack, or some of its files cannot be read.
    case noSoundPack(String)
    case soundPackUnreadable(String, files: [String])
}

extension Wording {
    package static func sentence(_ fact: DeviceFact) -> String {
        switch fact {
        case .brailleBack(let cells): "Braille display back, \(cells) cells"
        case .brailleConnected(let cells): "Braille display connected, \(cells) cells"
        case .brailleUnavailable(let why): brailleUnavailable(why)
        // News of any kind (a count of messages among it), all of it in its channel or the
        // speech history: not "in the channels", which read as other channels.
        case .brailleDropped(let count): "\(count) more not shown: Alt-H lists them"
        case .speechDispatcherUnavailable(let why):
            "speech-dispatcher does not answer, so Earshot speaks with its own voice, espeak-ng"
                + (why.map { ". Why: \($0)." } ?? "")
        case .speechDispatcherLost:
            "speech-dispatcher stopped speaking. Earshot speaks with its own voice, espeak-ng, until you restart Earshot"
        case .speechToCaptions(let why): "Speech moved to text captions: the sound server stopped (\(why))."
        case .speechBackOnSoundServer: "Speech is back on the sound server."
        case .noVoiceNamed(let voice): "No voice named \(voice). Keeping the previous voice."
        case .noSoundPack(let name):
            "No sound pack named \(name): the built-in tones play. earshot sounds lists the packs"
        case .soundPackUnreadable(let name, let files):
            "Sound pack \(name): \(andList(files)) cannot be read, so \(files.count == 1 ? "its cue plays" : "their cues play") the built-in tone"
        }
    }

    /// Why there is no braille display, in words (also for `earshot config`).
    public static func brailleUnavailable(_ why: BrailleUnavailable) -> String {
        switch why {
        case .noServer(let host): "No braille display: BRLTTY does not answer on \(host). Earshot keeps looking"
        case .refused(let host): "No braille display: BRLTTY on \(host) refused the key in BRLAPI_AUTH"
        case .noDisplay(let host): "No braille display: BRLTTY on \(host) has no display to give"
        case .lost(let host):
            "Braille display lost: BRLTTY on \(host) stopped answering. Earshot will look for it again"
        case .noTable(let table): "Braille table \(table) cannot be loaded: computer braille instead"
        }
    }
}
