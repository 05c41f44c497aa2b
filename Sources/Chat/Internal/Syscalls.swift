#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libc as the Chat module reaches it: the one file of the module that imports Glibc, in the
/// shape of swift-system's `Syscalls.swift` (the sockets themselves are SwiftNIO's).
enum Libc {
    /// Sets the calling thread's niceness (0 is normal, 19 the lowest). On Linux the niceness is
    /// the thread's own, and `PRIO_PROCESS` with id 0 names the calling thread; lowering it
    /// needs no privilege.
    static func setCallingThreadNiceness(_ niceness: Int32) {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }

    /// What a failed connection's `errno` says happened.
    static func disconnectReason(errno code: Int32) -> DisconnectReason {
        switch code {
        case ECONNREFUSED: .refused
        case ETIMEDOUT: .timedOut
        case ECONNRESET, EPIPE: .reset
        case EHOSTUNREACH, ENETUNREACH, ENETDOWN: .unreachable
        default: .other
        }
    }
}
