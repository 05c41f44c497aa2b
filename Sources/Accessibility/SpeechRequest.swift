/// Something the accessibility layer asks to be said, at a priority: the speech engine makes
/// it an `Utterance` (with its id, voice and languages) when it is queued.
///
/// `hint` (if any) is said after a pause in the hint voice. `count` says how many
/// announcements the request stands for: a coalesced "12 new messages in #general" counts 12.
///
/// ```swift
/// SpeechRequest("Message sent", priority: .low)
/// ```
public struct SpeechRequest: Hashable, Sendable, CustomStringConvertible {
    /// The text to speak.
    public var text: String
    /// How it queues: low waits, default interrupts, high interrupts and is not interrupted.
    public var priority: SpeechPriority
    /// Said after a pause in the hint voice; empty when none.
    public var hint: String
    /// How many announcements this request stands for.
    public var count: Int
    /// The items it says in full (a message, or one person's burst), by the ids their
    /// changes carried; empty for a summary.
    public var ids: [Int64] = []
    /// Whose words it is, when it is one person's (a message, or their burst): a voice per
    /// speaker says it in theirs. Nil for a count or the client's own words.
    public var author: String?
    /// The words with their writer's name, when ``text`` leaves the name out (the same person
    /// going on): a braille display shows news one at a time, between other news, and shows
    /// these.
    public var named: String?
    /// The live region it is news of (a channel's name), when it is one region's.
    public var region: String?
    /// A coalesced count, as a fact for the app's phrase book to word ("12 new messages in
    /// #general"); ``text`` is empty then. The announcer counts; it words nothing.
    public var summary: Summary?
    /// The words of the plain announcements a count stands for ("4 new announcements"), in
    /// order: not said, but kept where what was said is found again.
    public var unheard: [String] = []

    /// A count of what was not heard, in a region: the total, the item's noun ("message"), the
    /// region's name, and the newest item's words when it must be heard in full.
    public struct Summary: Hashable, Sendable {
        public var count: Int
        public var noun: String
        public var region: String?
        public var newest: String?
        /// Of `count`, how many came since the last count of the region was said (nil: no
        /// count was said of it lately, and all are new): "3 more mentions in #a, 8 in all".
        public var more: Int?

        public init(count: Int, noun: String, region: String?, newest: String? = nil, more: Int? = nil) {
            self.count = count
            self.noun = noun
            self.region = region
            self.newest = newest
            self.more = more
        }
    }

    /// A request to say `text` at `priority`.
    public init(_ text: String, priority: SpeechPriority, hint: String = "", count: Int = 1) {
        self.text = text
        self.priority = priority
        self.hint = hint
        self.count = count
    }

    public var description: String { "[\(priority.rawValue)] \(text)" }
}
