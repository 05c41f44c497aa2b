import Accessibility
import ChatModel

/// What became of what the listener sent: a line, a reaction, a command to the server.
enum SendingFact: Hashable, Sendable {
    case sent
    /// A channel opened with the draft left in its message field.
    case draftKept
    /// A line that waited for the server went: which one is news.
    case sentWaiting(String)
    /// Sent from another channel (/msg): where it went is news.
    case sentTo(String)
    /// Kept while the server is away; it goes when `host` is back.
    case waiting(String, host: String)
    /// Failed to go; `reason` is worded (``Wording/reason(_:)-swift.type.method``).
    case failed(ChatSend, reason: String)
    /// Never stored: back in the message field.
    case notSent(reason: String)
    /// A reply the server cannot mark as one: Enter again sends it plainly to `author`.
    case replyNotSent(reason: String, author: String?)
    /// The same reaction again, on IRC, where none can be taken back.
    case reactedAlready(String)
    case reactionRemoved(String)
    case reacted(String)
    /// Enter with no channel open.
    case noChannelOpen
}

extension Wording {
    static func sentence(_ fact: SendingFact) -> String {
        switch fact {
        case .sent: "Sent"
        case .draftKept: "Your draft is in the message field"
        case .sentWaiting(let text): "Sent: " + SpokenText.verbatim(text)
        case .sentTo(let name): "Sent to " + SpokenText.verbatim(name)
        case .waiting(let text, let host):
            "Waiting to send: " + SpokenText.verbatim(text)
                + (text.last.map { ".?!".contains($0) } == true ? " " : ". ") + "It goes when \(host) is back."
        case .failed(let send, let why): failed(send, why)
        case .notSent(let reason): "Not sent: \(reason). Your message is back in the composer."
        case .replyNotSent(let reason, let author):
            "Not sent: \(reason). Press Enter again to send it to the channel as a plain message to "
                + (author.map(SpokenText.verbatim) ?? "its author") + "."
        case .reactedAlready(let emoji): "You reacted with \(emoji) already. IRC has no way to take a reaction back"
        case .reactionRemoved(let emoji): "Removed your \(emoji) reaction"
        case .reacted(let emoji): "Reacted with \(emoji)"
        case .noChannelOpen: "No channel is open"
        }
    }

    /// What could not be done, by what it was ("Could not join #b: the disk is full").
    static func failed(_ send: ChatSend, _ why: String) -> String {
        switch send {
        case .message, .action: "Not sent yet: \(why). It stays in the outbox and goes out when the server is back"
        case .react: "Not reacted: \(why)"
        case .unreact: "The reaction stays: \(why)"
        case .join(let name), .joinWithKey(let name, _): "Could not join \(name): \(why)"
        case .part(let name, _): "Could not leave \(name): \(why)"
        case .nick(let nick): "Could not change the nick to \(nick): \(why)"
        case .topic: "Could not set the topic: \(why)"
        case .away: "Could not change away: \(why)"
        case .names(let name): "Could not list who is in \(name): \(why)"
        case .whois(let nick): "Could not ask who \(nick) is: \(why)"
        case .monitor(let nicks, let follow):
            "Could not \(follow ? "follow" : "stop following") \(andList(nicks)): \(why)"
        case .typing, .stoppedTyping, .quit, .reconnect, .markRead, .fetchOlder:
            "Could not reach the server: \(why)"
        }
    }
}
