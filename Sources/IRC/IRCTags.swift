/// The message tags Earshot writes and reads, built and read in one place.
///
/// A reply names its parent in both `+draft/reply` (what servers and clients use today) and
/// `+reply` (the ratified name); a reaction is a TAGMSG with `+draft/react` and the reply
/// tags naming the message reacted to; typing is `+typing`.
public enum IRCTags {
    /// The tags of a message that replies to `msgid`.
    public static func reply(to msgid: String) -> [String: String] {
        ["+draft/reply": msgid, "+reply": msgid]
    }

    /// The tags of a TAGMSG that reacts with `emoji` to `msgid`.
    public static func reaction(_ emoji: String, to msgid: String) -> [String: String] {
        reply(to: msgid).merging(["+draft/react": emoji]) { _, new in new }
    }

    /// The tags of a TAGMSG that takes back our reaction `emoji` to the message `msgid`
    /// (`+draft/unreact`).
    public static func unreaction(_ emoji: String, to msgid: String) -> [String: String] {
        reply(to: msgid).merging(["+draft/unreact": emoji]) { _, new in new }
    }

    /// The emoji a TAGMSG takes back, if any.
    public static func unreactionEmoji(in tags: [String: String]) -> String? {
        guard let emoji = tags["+draft/unreact"], !emoji.isEmpty else { return nil }
        return emoji
    }

    /// The tags of a TAGMSG that says we are typing (or stopped).
    public static func typing(_ state: TypingState) -> [String: String] {
        ["+typing": state.rawValue]
    }

    /// The message a line replies to (or reacts to), sanitised; nil when it names none.
    public static func replyTarget(in tags: [String: String]) -> String? {
        Sanitizer.identifier(tags["+reply"] ?? tags["+draft/reply"])
    }

    /// The emoji a TAGMSG reacts with, if it is a reaction.
    public static func reactionEmoji(in tags: [String: String]) -> String? {
        guard let emoji = tags["+draft/react"] ?? tags["+react"], !emoji.isEmpty else { return nil }
        return emoji
    }

    /// The typing state a TAGMSG carries, if any.
    public static func typingState(in tags: [String: String]) -> TypingState? {
        tags["+typing"].flatMap(TypingState.init(rawValue:))
    }
}
