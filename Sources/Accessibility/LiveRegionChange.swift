/// New content in a live region, for the ``Announcer``.
///
/// `region` names the region as a listener knows it ("#general"); `noun` names one item
/// ("message") for the coalesced summary "12 new messages in #general"; `count` says how many
/// items the change stands for, so a batch of three messages counts three.
///
/// ```swift
/// LiveRegionChange(region: "#general", politeness: .polite, text: "alice: hi")
/// LiveRegionChange(region: "#b", politeness: .polite, text: "bob: one", count: 3)
/// // spoken on its own: "3 new messages in #b"
/// ```
public struct LiveRegionChange: Hashable, Sendable {
    /// The region's name, used in summaries.
    public var region: String
    /// How it is announced.
    public var politeness: LiveRegion
    /// What to say when this item is spoken on its own (only when ``count`` is 1).
    public var text: String
    /// One item, in summaries ("message"); ``Plural`` makes it agree with the count.
    public var noun: String
    /// How many items this change stands for (at least 1).
    public var count: Int
    /// Whether a coalesced summary ends with the newest change in full ("3 new mentions in
    /// #a. Newest, kim: me, look"), for changes a listener must not miss the words of.
    public var newestInFull: Bool
    /// Whether this change replaces one still waiting in the region instead of adding to its
    /// count, as ARIA's `status` role: a search's "3 messages found" is news only as the latest.
    public var replaces: Bool
    /// Who said it, for a message one person wrote: one person's messages that follow each
    /// other in a region are said as one utterance, with the name once (see ``Announcer``).
    public var speaker: String?
    /// Whose words it says (a message's writer), whether or not they join with others': a
    /// voice per speaker says it in theirs.
    public var author: String?
    /// The words alone, without the name that ``text`` starts with: what is said when the
    /// listener has just heard the name ("tests pass" after "kim: deploy is done").
    public var continuation: String?
    /// Whether it waits a moment for more from its speaker (the region is busy: a burst is
    /// likely). A lone message in a quiet region is said at once.
    public var waitsForMore: Bool
    /// What it stands for, by id (a message's), so that hearing it in full can mark it read.
    public var ids: [Int64]
    /// What a summary ends with when ``newestInFull``, if not ``text``: the words without the
    /// region's name, which the summary has said already ("3 new mentions in #a. Newest,
    /// kim: look").
    public var newest: String?

    /// A change in `region` of `count` items.
    public init(
        region: String, politeness: LiveRegion, text: String, noun: String = "message", count: Int = 1,
        newestInFull: Bool = false, replaces: Bool = false, speaker: String? = nil, continuation: String? = nil,
        waitsForMore: Bool = false, ids: [Int64] = [], newest: String? = nil, author: String? = nil
    ) {
        self.author = author ?? speaker
        self.newest = newest
        self.ids = ids
        self.waitsForMore = waitsForMore
        self.speaker = speaker
        self.continuation = continuation
        self.newestInFull = newestInFull
        self.replaces = replaces
        self.region = region
        self.politeness = politeness
        self.text = text
        self.noun = noun
        self.count = max(1, count)
    }
}
