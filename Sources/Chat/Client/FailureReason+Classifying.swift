import GRDB

extension FailureReason {
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
