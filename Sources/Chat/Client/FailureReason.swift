import GRDB

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

    /// Classifies an error by its type and code.
    public init(_ error: any Error) {
        switch error {
        case let chat as ChatError:
            switch chat.code {
            case .diskFull: self = .diskFull
            case .readOnly: self = .readOnly
            case .unsupported: self = .unsupported(chat.problem)
            default: self = .refused(chat.problem)
            }
        case let serializing as IRCSerializationError:
            self = .refused(.notSendable(serializing.code))
        case let database as DatabaseError:
            self = Self.storage(database.resultCode)
        default:
            let reason = DisconnectReason(error)
            self = reason == .other ? .other : .connection(reason)
        }
    }

    /// A store's result code as a reason.
    static func storage(_ code: ResultCode) -> FailureReason {
        switch code.primaryResultCode {
        case .SQLITE_FULL: .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: .readOnly
        default: .other
        }
    }
}
