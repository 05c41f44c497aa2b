/// Why something the user asked for failed, as a typed reason the core words: never an error's
/// own description.
///
/// ```swift
/// FailureReason(ChatError(.store(.write, .diskFull)))  // .diskFull
/// FailureReason(someNIOError)                               // .connection(.refused)
/// ```
public enum FailureReason: Hashable, Sendable {
    /// The disk holding the history is full.
    case diskFull
    /// The history file cannot be written.
    case readOnly
    /// There is no connection to the server now.
    case notConnected
    /// The server cannot carry it (no message-tags, say).
    case unsupported(ChatProblem)
    /// Refused before it was sent (a space in the target, say).
    case refused(ChatProblem)
    /// The connection failed this way.
    case connection(DisconnectReason)
    /// Anything else.
    case other
}
