import ChatModel

/// Alt-Up and Alt-Down's place in the open channel, and the pages before the channel's page
/// they reach: from the store first, then from the server's history (`CHATHISTORY BEFORE`),
/// fetched while keys are still answered.
///
/// ```swift
/// var review = Review()
/// review.reset(channel: 7)
/// let reviewed = review.messages(state.messages, channel: 7)   // older pages + the channel's page
/// ```
struct Review: Sendable {
    /// Where the next page before comes from, or that none does.
    enum Fetch: Sendable, Hashable {
        case idle
        /// Asked of the store.
        case store
        /// Asked of the server; its page is said with its count when it comes.
        case server
        /// Nothing older, anywhere.
        case exhausted
    }

    /// The message last said, in ``messages(_:channel:)``, and the element focused then.
    var index: Int?
    var focus: String?
    /// The recent message last said by number (Alt-Shift-digit), and when: the same key again
    /// soon after copies it.
    var recent: (number: Int, messageID: Int64, at: Duration)?
    /// The channel the older pages are of.
    var channelID: Int64 = 0
    /// Messages before the channel's page, oldest first.
    var older: [ChatMessage] = []
    var fetch = Fetch.idle
    /// The page being read came from the server (its count is said).
    var fromServer = false

    /// Another channel, or the same opened again: from the newest, nothing older held.
    mutating func reset(channel: Int64) {
        self = Review()
        channelID = channel
    }

    /// What the review goes through: the older pages, then the channel's page.
    func messages(_ page: [ChatMessage], channel: Int64) -> [ChatMessage] {
        guard channel == channelID, !older.isEmpty else { return page }
        let first = page.first?.id
        return older.filter { $0.id != first && !page.contains($0) } + page
    }

    /// A page before the oldest came: held, and the place moves so the same message is still
    /// the one last said.
    mutating func prepend(_ page: [ChatMessage]) {
        older = page + older
        index = (index ?? 0) + page.count
    }
}
