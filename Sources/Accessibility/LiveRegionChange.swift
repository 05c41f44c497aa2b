/// New content in a live region, for the ``Announcer``.
///
/// `region` names the region as a listener knows it ("#general"); `noun` names one item
/// ("message") for the coalesced summary "12 new messages in #general".
///
/// ```swift
/// LiveRegionChange(region: "#general", politeness: .polite, text: "alice: hi")
/// ```
public struct LiveRegionChange: Hashable, Sendable {
    /// The region's name, used in summaries.
    public var region: String
    /// How it is announced.
    public var politeness: LiveRegion
    /// What to say when this item is spoken on its own.
    public var text: String
    /// One item, in summaries ("message").
    public var noun: String

    /// A change in `region`.
    public init(region: String, politeness: LiveRegion, text: String, noun: String = "message") {
        self.region = region
        self.politeness = politeness
        self.text = text
        self.noun = noun
    }
}
