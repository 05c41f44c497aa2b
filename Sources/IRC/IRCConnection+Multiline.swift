import Foundation

/// The limits a server gives for a message of several lines (`draft/multiline=max-bytes=4096,max-lines=100`).
public struct MultilineLimits: Hashable, Sendable {
    /// The text of all its lines together, in bytes (a line break counted as one).
    public var maxBytes: Int
    /// How many lines (IRC lines, pieces of a long line included); nil: no limit.
    public var maxLines: Int?

    public init(maxBytes: Int, maxLines: Int?) {
        self.maxBytes = maxBytes
        self.maxLines = maxLines
    }
}

/// A message of several lines as one (IRCv3 `draft/multiline`): sent as a batch of lines, a
/// long line in pieces joined again by `draft/multiline-concat`, and a batch that arrives is one
/// message whose lines are kept (joined by "\n" in its text).
///
/// ```swift
/// connection.say("first\nsecond", to: "#a", label: "l1")
/// // @label=l1 BATCH +ml1 draft/multiline #a
/// // @batch=ml1 PRIVMSG #a :first
/// // @batch=ml1 PRIVMSG #a :second
/// // BATCH -ml1
/// ```
extension IRCConnection {
    /// The batch type, and the tag that joins a piece to the line before it.
    static let multilineBatch = "draft/multiline"
    static let concatTag = "draft/multiline-concat"

    /// The server's limits when it takes messages of several lines (with batches), else nil.
    public var multilineLimits: MultilineLimits? {
        guard session.capabilities.contains(.multiline), session.capabilities.contains(.batch) else { return nil }
        let keys = Self.keys(session.values[.multiline] ?? "")
        guard let bytes = keys["max-bytes"].flatMap({ Int($0) }), bytes > 0 else { return nil }
        return MultilineLimits(
            maxBytes: bytes, maxLines: keys["max-lines"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
    }

    /// `lines` in as few messages as `limits` allow, each a list of lines: a line of `budget`
    /// bytes or more takes several IRC lines.
    public static func multilineGroups(_ lines: [String], limits: MultilineLimits, budget: Int) -> [[String]] {
        var groups: [[String]] = []
        var current: [String] = []
        var bytes = 0
        var count = 0
        for line in lines {
            let pieces = max(1, IRCLineSplitter.split(line, maxBytes: budget).count)
            let size = line.utf8.count + 1
            let fits =
                bytes + size <= limits.maxBytes && (limits.maxLines.map { count + pieces <= $0 } ?? true)
            if !current.isEmpty, !fits {
                groups.append(current)
                current = []
                bytes = 0
                count = 0
            }
            current.append(line)
            bytes += size
            count += pieces
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }

    /// The IRC lines of a message of several lines: a batch where the server takes them, else
    /// each line on its own, all carrying the one label (the first echo marks it delivered).
    mutating func lines(
        ofSeveral text: String, to target: String, kind: MessageKind, replyTo: String?, label: String?
    ) -> [IRCMessage] {
        let budget = IRCLineSplitter.textBudget(
            command: kind == .notice ? "NOTICE" : "PRIVMSG", target: target, nick: session.nick)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard multilineLimits != nil, kind != .action else {
            return lines.flatMap { IRCLineSplitter.split($0, maxBytes: budget) }.map {
                line($0, to: target, kind: kind, replyTo: replyTo, label: label)
            }
        }
        session.batchCount += 1
        let reference = "ml\(session.batchCount)"
        var open = IRCMessage(command: "BATCH", ["+" + reference, Self.multilineBatch, target])
        if let label, session.capabilities.contains(.labeledResponse) { open.tags["label"] = label }
        if let replyTo, session.capabilities.contains(.messageTags) {
            open.tags.merge(IRCTags.reply(to: replyTo)) { _, new in new }
        }
        var messages = [open]
        for text in lines {
            // An empty line is a blank line of the message; a long one goes in joined pieces.
            let pieces = text.isEmpty ? [""] : IRCLineSplitter.split(text, maxBytes: budget)
            for (index, piece) in pieces.enumerated() {
                var line = line(piece, to: target, kind: kind)
                line.tags["batch"] = reference
                if index > 0 { line.tags[Self.concatTag] = "" }
                messages.append(line)
            }
        }
        messages.append(IRCMessage(command: "BATCH", ["-" + reference]))
        return messages
    }

    /// What one message of several lines may hold, whatever a server sends: lines past it are
    /// dropped (a batch never closed cannot grow without end).
    static let multilineLinesAtMost = 1_000
    static let multilineBytesAtMost = 65_536
    /// Multiline batches open at once, at most; the oldest is given up for a new one.
    static let multilineBatchesAtMost = 16

    /// A line inside an open multiline batch: kept for the batch's end. True when it was one.
    mutating func keptForMultiline(_ message: IRCMessage) -> Bool {
        guard let reference = message.tags["batch"], let batch = session.multiline[reference] else { return false }
        let bytes = batch.lines.reduce(0) { $0 + $1.text.utf8.count }
        guard batch.lines.count < Self.multilineLinesAtMost, bytes < Self.multilineBytesAtMost else { return true }
        session.multiline[reference]?.lines.append(
            (text: message.parameter(1) ?? "", joinsPrevious: message.tags[Self.concatTag] != nil))
        if session.multiline[reference]?.command == nil { session.multiline[reference]?.command = message.command }
        return true
    }

    /// The end of a multiline batch: its lines as one message, with the batch's tags (msgid,
    /// time, label, the history batch it is in).
    mutating func multilineEnded(_ reference: String, now: Date) -> [Action] {
        guard let batch = session.multiline.removeValue(forKey: reference), let target = batch.open.parameter(2)
        else { return [] }
        var lines: [String] = []
        for (text, joins) in batch.lines {
            if joins, let last = lines.popLast() { lines.append(last + text) } else { lines.append(text) }
        }
        guard !lines.allSatisfy(\.isEmpty) else { return [] }
        var whole = IRCMessage(command: batch.command ?? "PRIVMSG", [target, lines.joined(separator: "\n")])
        whole.source = batch.open.source
        whole.tags = batch.open.tags
        return receivedMessage(whole, now: now, lines: lines.map(clean))
    }
}

/// A multiline batch being received.
struct MultilineBatch: Sendable {
    /// `BATCH +ref draft/multiline target`, with the message's tags.
    var open: IRCMessage
    /// When it opened, among the batches counted (the oldest is given up first).
    var order: Int
    var lines: [(text: String, joinsPrevious: Bool)] = []
    var command: String?
}
