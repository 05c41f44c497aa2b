extension Announcer {
    /// An entry waiting to be said: one announcement, one person's burst, or a count of many.
    struct Pending: Sendable {
        var key: String
        var priority: SpeechPriority
        var region: String?
        var noun: String
        var count: Int
        var text: String
        /// Whether entries from different sources were merged into this one.
        var isMixed = false
        /// Whether a summary of it ends with its newest text in full.
        var newestInFull = false
        /// That newest text, when it is not ``text``.
        var newest: String?
        /// Whether a newer change replaces it instead of adding to it (a status, such as a
        /// search's count: only the latest is news).
        var replaces = false
        /// The one person every message in it is from, when their messages join.
        var speaker: String?
        /// Whose words it says, while it says one person's.
        var author: String?
        /// Its words without the leading name, for an utterance that continues a speaker.
        var continuation: String?
        /// It waits for more from its speaker until then.
        var heldUntil: Duration?
        /// When its first message came (a burst waits at most ``burstLimit`` after it).
        var arrived: Duration = .zero
        /// The ids of what it says in full; emptied when it becomes a count.
        var ids: [Int64] = []
        /// The words of the plain announcements a count of them stands for, in order.
        var unheard: [String] = []

        /// Counts `item` in: plain announcements keep their words (a count says none of them).
        mutating func absorb(_ item: Pending) {
            if region == nil, item.region == nil {
                if unheard.isEmpty { unheard = [text] }
                unheard += item.unheard.isEmpty ? [item.text] : item.unheard
                if unheard.count > Announcer.unheardKept { unheard.removeFirst(unheard.count - Announcer.unheardKept) }
            }
            count += item.count
            text = item.text
            ids = []
            speaker = nil
            author = nil
        }
    }
}
