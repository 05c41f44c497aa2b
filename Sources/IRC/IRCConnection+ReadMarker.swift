import Foundation

/// Read state shared through the server (IRCv3 `draft/read-marker`): where the user has read
/// up to, per channel or conversation, as a time. Ours is sent when it moves forward
/// (``IRCConnection/markRead(_:at:)``); the server's comes after each JOIN and whenever another
/// client of the same account moves it (``IRCEvent/readMarker(target:at:)``).
///
/// ```swift
/// connection.markRead("#a", at: message.time)   // MARKREAD #a timestamp=2026-11-29T06:52:58.123Z
/// ```
extension IRCConnection {
    /// Tells the server the user has read `target` up to `time`; nothing where the server keeps
    /// no read markers. The server keeps the later of this and what it has.
    public mutating func markRead(_ target: String, at time: Date) -> [Action] {
        guard session.capabilities.contains(.readMarker), state == .registered, !target.isEmpty,
            !target.contains(" ")
        else { return [] }
        return [.send(IRCMessage(command: "MARKREAD", [target, "timestamp=" + ServerTime.format(time)]))]
    }

    /// `MARKREAD <target> timestamp=…` (or `*`: none kept yet).
    func receivedReadMarker(_ message: IRCMessage) -> [Action] {
        guard let target = message.parameter(0), let value = message.parameter(1), value.hasPrefix("timestamp="),
            let time = ServerTime.parse(String(value.dropFirst("timestamp=".count)))
        else { return [] }
        return [.emit(.readMarker(target: clean(target), at: time))]
    }
}
