/// The outbox as a machine of its own: lines the user wrote go out once the connection is
/// synced, each once per connection, and count as delivered when the server echoes them (or,
/// on a server without echo-message, when they are written). Reactions made offline go out on
/// the next sync, or are given up where the server cannot carry them.
///
/// The store keeps the lines (so nothing is lost across restarts); the shell feeds this machine
/// the connection's events and carries out its actions.
///
/// ```swift
/// var outbox = IRCOutbox()
/// outbox.queued(line)                                  // [] while offline
/// outbox.synced(stored: [line], reactions: [], echoes: true, messageTags: true)  // [.write(line)]
/// outbox.echoed(label: line.label)
/// ```
public struct IRCOutbox: Sendable {
    /// One line the user wrote, as stored.
    public struct Line: Sendable, Hashable {
        /// The store's id for it.
        public var id: Int64
        /// The IRCv3 `label` its echo will carry.
        public var label: String
        /// A channel or a nick.
        public var target: String
        public var text: String
        public var kind: MessageKind
        public var replyTo: String?

        public init(
            id: Int64, label: String, target: String, text: String, kind: MessageKind = .message, replyTo: String? = nil
        ) {
            self.id = id
            self.label = label
            self.target = target
            self.text = text
            self.kind = kind
            self.replyTo = replyTo
        }
    }

    /// A reaction made while offline, as stored.
    public struct Reaction: Sendable, Hashable {
        public var id: Int64
        public var emoji: String
        /// The msgid reacted to.
        public var msgid: String
        /// The channel or nick it was in.
        public var target: String

        public init(id: Int64, emoji: String, msgid: String, target: String) {
            self.id = id
            self.emoji = emoji
            self.msgid = msgid
            self.target = target
        }
    }

    public enum Action: Sendable, Hashable {
        /// Write this line now, and count the attempt.
        case write(Line)
        /// No echo will come for this line (no echo-message): written is delivered.
        case delivered(Line)
        /// Write this reaction, and forget the stored one.
        case react(Reaction)
        /// This server cannot carry reactions (no message-tags): forget them, and tell the user.
        case giveUp([Reaction])
    }

    enum State: Sendable, Hashable {
        /// Not connected, or connected but not past the join replay.
        case waiting
        /// Synced: lines go out at once.
        case open(echoes: Bool, inFlight: Set<String>)
    }

    private(set) var state: State = .waiting

    public init() {}

    /// Whether lines go out as soon as they are written.
    public var isOpen: Bool { if case .open = state { true } else { false } }

    /// The connection is past the join replay: what the store still holds goes out, except
    /// what already went out on this connection. `echoes`: the server has echo-message.
    public mutating func synced(stored: [Line], reactions: [Reaction], echoes: Bool, messageTags: Bool) -> [Action] {
        let inFlight: Set<String>
        if case .open(_, let written) = state { inFlight = written } else { inFlight = [] }
        state = .open(echoes: echoes, inFlight: inFlight)
        var actions: [Action] = []
        for line in stored where !inFlight.contains(line.label) { actions += write(line) }
        if !reactions.isEmpty {
            actions += messageTags ? reactions.map(Action.react) : [.giveUp(reactions)]
        }
        return actions
    }

    /// The user wrote a line (already stored): out now if synced, else on the next sync.
    public mutating func queued(_ line: Line) -> [Action] {
        isOpen ? write(line) : []
    }

    /// The server echoed the line with `label`.
    public mutating func echoed(label: String) {
        guard case .open(let echoes, var inFlight) = state else { return }
        inFlight.remove(label)
        state = .open(echoes: echoes, inFlight: inFlight)
    }

    /// The connection closed: nothing goes out until the next sync, when the store's lines
    /// that were not echoed go again.
    public mutating func closed() {
        state = .waiting
    }

    private mutating func write(_ line: Line) -> [Action] {
        guard case .open(let echoes, var inFlight) = state else { return [] }
        inFlight.insert(line.label)
        state = .open(echoes: echoes, inFlight: inFlight)
        return echoes ? [.write(line)] : [.write(line), .delivered(line)]
    }
}
