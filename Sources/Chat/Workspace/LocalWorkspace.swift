import Foundation

/// The embedded workspace used when no server is configured: a local network with #welcome.
///
/// #welcome starts with a short conversation that teaches Earshot's keys, with a reaction and a
/// reply thread. The user can post, react and reply; everything lives in the same store as IRC
/// history, and nothing leaves the machine.
///
/// ```swift
/// let workspace = try LocalWorkspace(store: store, nick: "me", lesson: lesson)
/// let page = try store.newestPage(in: workspace.welcome.id)
/// let posted = try workspace.post("Hello!")
/// try workspace.react("👍", to: page[0])
/// ```
public struct LocalWorkspace: Sendable {
    /// Name of the local network in the store.
    public static let networkName = "local"
    /// The guide who speaks in #welcome.
    public static let guide = WorkspaceLesson.guide

    public let store: ChatStore
    public let network: ChatNetwork
    /// The #welcome channel.
    public let welcome: ChatChannel
    /// The user's nick in the workspace.
    public let nick: String
    /// What #welcome starts with (its words are the app's).
    let lesson: Lesson

    /// The conversation #welcome starts with (``WorkspaceLesson``).
    public typealias Lesson = WorkspaceLesson

    /// Opens the workspace, seeding #welcome with `lesson` the first time.
    public init(store: ChatStore, nick: String = "you", lesson: Lesson) throws {
        self.lesson = lesson
        self.store = store
        self.nick = nick
        network = try store.network(named: Self.networkName, host: "", port: 0, usesTLS: false, nick: nick)
        welcome = try store.channel(named: "#welcome", network: network.id)
        if try store.messageCount(channel: welcome.id) == 0 { try seed() }
    }

    /// Posts a message (or a reply when `replyTo` is given) as the user.
    @discardableResult
    public func post(
        _ text: String, kind: MessageKind = .message, replyTo: ChatMessage? = nil, in channel: ChatChannel? = nil
    )
        throws -> ChatMessage
    {
        let target = channel ?? welcome
        let message = NewMessage(
            channelID: target.id, msgid: Self.newMsgid(), author: nick, text: Sanitizer.plainText(text), time: Date(),
            kind: kind, replyTo: replyTo?.msgid, countsAsUnread: false)
        guard let stored = try store.insert([message]).inserted.first else {
            throw ChatError(.store(.saveMessage, .database("no row")))
        }
        return stored
    }

    /// Adds the user's reaction to `message`; returns false if it was there already.
    @discardableResult
    public func react(_ emoji: String, to message: ChatMessage) throws -> Bool {
        guard let msgid = message.msgid else { throw ChatError(.cannotTakeReactions) }
        return try store.addReaction(emoji, to: msgid, by: nick, channel: message.channelID)
    }

    /// Removes the user's reaction from `message`.
    public func removeReaction(_ emoji: String, from message: ChatMessage) throws {
        guard let msgid = message.msgid else { return }
        try store.removeReaction(emoji, from: msgid, by: nick, channel: message.channelID)
    }

    /// A fresh local message id.
    static func newMsgid() -> String { "local-" + UUID().uuidString.lowercased() }

    private func seed() throws {
        // A minute apart, ending now; closer together just after midnight, so the lesson is
        // all "Today" and not split by a day heading.
        let now = Date()
        // From the C library's offset for the local zone, not a Calendar or TimeZone: they
        // load ICU's locale and zone data (megabytes resident) for this one subtraction.
        var time = time_t(now.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        let offset = localtime_r(&time, &parts) != nil ? parts.tm_gmtoff : 0
        let local = now.timeIntervalSince1970 + Double(offset)
        let sinceMidnight = local - (local / 86_400).rounded(.down) * 86_400
        let spacing = min(60, sinceMidnight / Double(lesson.lines.count + 1))
        let start = now.addingTimeInterval(-Double(lesson.lines.count) * spacing)
        let ids = lesson.lines.indices.map { _ in Self.newMsgid() }
        let messages = lesson.lines.enumerated().map { index, line in
            NewMessage(
                channelID: welcome.id, msgid: ids[index], author: line.author, text: line.text,
                time: start.addingTimeInterval(Double(index) * spacing), replyTo: line.replyTo.map { ids[$0] },
                countsAsUnread: true)
        }
        _ = try store.insert(messages)
        try store.setTopic(lesson.topic, channel: welcome.id)
        // Who is in #welcome: whoever speaks in the lesson, then the user.
        var members: [String] = []
        for line in lesson.lines where !members.contains(line.author) { members.append(line.author) }
        try store.setMembers(members + [nick], channel: welcome.id)
        for (index, line) in lesson.lines.enumerated() {
            for (emoji, author) in line.reactions {
                try store.addReaction(emoji, to: ids[index], by: author, channel: welcome.id)
            }
        }
    }
}
