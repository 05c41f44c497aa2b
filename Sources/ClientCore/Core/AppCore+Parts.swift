import Accessibility
import BrailleVocabulary
import Presentation
import SpeechVocabulary

/// The parts of ``AppCore`` beside the state, the navigator and the tree: each holds what one
/// job remembers between events, so the core's own fields stay few and each job reads as one.
extension AppCore {
    /// What goes to the outputs: what each was last given, so each change goes once, and how
    /// the event being handled marks what it shows.
    struct Outputs: Sendable {
        var bottom: String?
        var caret: Int?
        var braille: BrailleLine?
        /// The wake-up last asked for.
        var wake: Duration?
        /// When the last sound cue of each kind was asked for (a flood plays one).
        var cues: [SoundCue: Duration] = [:]
        /// What was last said about the braille display, so each change is said once.
        var brailleSaid: BrailleStatus?
        /// Chat announcements that speech says and braille does not (`braille.messages`).
        var unbrailled: Set<String> = []
        /// The decorated nicks the lexicon was made with (nil: make it again), and the
        /// channels it was made for.
        var lexiconNicks: Set<String>?
        var lexiconSignature: [Int64] = []
        /// Whether the event being handled is the reader's key: what it shows on the display
        /// answers them, at once.
        var answeringKey = false
        /// The topic of the news being said, while it is said (the connection's state): on
        /// the display, newer news of it replaces older.
        var newsTopic: String?
        /// The largest the announcer's queue has been (for the benchmark).
        var maxPendingAnnouncements = 0
    }

    /// The reader: reading from focus to the end, reviewing, and which message is being heard.
    struct Reader: Sendable {
        /// Reading from focus to the end (Alt-R), while it lasts.
        var sayAll = SayAll()
        /// The message Alt-Up and Alt-Down last reviewed, and the older pages they reached.
        var reviewer = Review()
        /// The message whose phrase the reading voice is saying, until it is heard or cut off.
        var hearing: Hearing?
        /// The messages of the open channel the announcing voice is saying in full.
        var announcingMessages: [Int64] = []
    }

    /// How sheets come and go beyond what the presentation coordinator runs.
    struct SheetFlow: Sendable {
        /// Sheets taken back before they were heard: their appearing and going are not said.
        var takenBack: Set<SheetID> = []
        /// Sheet dismissals whose return of focus is not spoken (an action's result is, instead).
        var quietDismissals = 0
        /// What to do once every sheet is gone.
        var afterSheets: [Intent] = []
        /// The sheet pan in progress, from a mouse drag.
        var drag: Drag?
    }

    /// What the keys just pressed leave to the next ones.
    struct KeyMemory: Sendable {
        /// The custom action chosen with the Actions rotor, until focus moves.
        var chosenAction: String?
        /// The `a` (or `A`) that opened a message's actions, and when: a character soon after
        /// it makes it the first letter of a word (``typedOutsideAField(_:)``).
        var actionsKey: (key: String, at: Duration)?
        /// "Not a text field" was said for this run of characters.
        var refusedTyping = false
        /// The message field focus has just moved to, named with the first echo.
        var fieldToName: String?
        /// The last Tab completion in the composer, to cycle through its candidates.
        var completion: Completion?
        /// The field (its element) and the direction in which the last key met the caret's edge.
        var caretEdge: CaretEdge?

        struct CaretEdge: Sendable, Equatable {
            var element: String?
            var forward: Bool
        }
    }

    /// What the channels' news depends on: who spoke and where news came lately, what came
    /// while away, who was just asked after.
    struct ChannelNews: Sendable {
        /// When each person (folded nick) last wrote, for speaking only their joins and quits.
        var lastSpoke: [String: Duration] = [:]
        /// When each region (channel name) last had news: messages, joins, quits.
        var lastActivity: [String: Duration] = [:]
        /// Nicks the user just asked to follow (/monitor): their first answer is said even
        /// when it is "offline" (folded nicks).
        var askedPresence: Set<String> = []
        /// What came while the user was away, gathered while a reconnect's replays arrive and
        /// said once (``AwayNews``).
        var away = AwayNews()
    }

    /// What waits on the server or on a pause, each with its deadline.
    struct Waits: Sendable {
        /// Piped lines waiting for the first IRC channel, and when to give up on it.
        var lines = WaitingLines()
        /// Progress said only when the answer is slow ("Joining #a"), by what it waits for.
        var progress = SlowProgress()
        /// When the words typed in search are searched for (after a pause in typing).
        var searchDue: Duration?

        var nextDeadline: Duration? { [lines.nextDeadline, progress.nextDeadline, searchDue].compactMap(\.self).min() }
    }
}
