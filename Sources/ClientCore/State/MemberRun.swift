import Foundation

/// Joins, parts, quits and nick changes that came one after another in the open channel, with
/// no message between them: one element in the channel ("3 people joined, 2 left: kim, bob, ada
/// and 2 more"), which lists each when it is expanded.
///
/// ```swift
/// var run = MemberRun(id: 1, channelID: 7, after: 42)   // at: now
/// run.add(.init(kind: .joined, nick: "kim", text: "kim joined #a"))
/// ```
public struct MemberRun: Hashable, Sendable {
    /// What one event did to the channel's people.
    public enum Kind: Hashable, Sendable {
        case joined
        /// A part, a quit or a kick.
        case left
        /// A nick change (or a status after a bar).
        case renamed
    }

    /// One event: its kind, who (the new nick, for a change), and its words as heard.
    public struct Event: Hashable, Sendable {
        public var kind: Kind
        public var nick: String
        public var text: String
    }

    /// The most events a run keeps to list; its counts go on past them.
    public static let eventLimit = 200
    /// The most runs kept, over every channel (the oldest go first).
    public static let runLimit = 100

    public var id: Int
    public var channelID: Int64
    /// The message it follows, when it came in the open channel (nil: placed by ``at``).
    public var after: Int64?
    /// When its first event came (a run in another channel is placed by it among the messages).
    public var at: Date = .distantPast
    /// A message came after it: the next event starts another run.
    public var closed = false
    /// It came while another channel was open: placed among the messages by ``at``.
    public var byTime = false
    /// The events, oldest first, up to ``eventLimit``.
    public var events: [Event] = []
    /// How many people did each, each counted once ("bob left, came back and quit" is one who
    /// joined and one who left, not three comings and goings).
    public var joined: Int { joiners.count }
    public var left: Int { leavers.count }
    public var renamed: Int { renamers.count }
    private var joiners: Set<String> = []
    private var leavers: Set<String> = []
    private var renamers: Set<String> = []
    /// Whether it shows each event as an element of its own.
    public var expanded = false

    public init(id: Int, channelID: Int64, after: Int64?) {
        self.id = id
        self.channelID = channelID
        self.after = after
    }

    /// How many events, all of them counted (``events`` keeps the first ``eventLimit``).
    public private(set) var count = 0

    public mutating func add(_ event: Event) {
        count += 1
        let who = event.nick.lowercased()
        switch event.kind {
        case .joined: joiners.insert(who)
        case .left: leavers.insert(who)
        case .renamed: renamers.insert(who)
        }
        if events.count < Self.eventLimit { events.append(event) }
    }

    /// The people in it, each once, in the order they came.
    public var nicks: [String] {
        var seen: Set<String> = []
        return events.map(\.nick).filter { seen.insert($0.lowercased()).inserted }
    }
}
