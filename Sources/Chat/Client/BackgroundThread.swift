/// The thread the connections work on (reading lines, the protocol, the store's writes) runs
/// at a lower priority than the keys' path: on a machine of two cores, a history of thousands of
/// lines pouring in does not keep a key's answer waiting for a turn. Lowering one's own
/// priority needs no privilege; a machine that refuses it loses nothing but the head start.
enum BackgroundThread {
    /// The niceness given (0 is normal, 19 the lowest).
    static let niceness: Int32 = 10

    /// Lowers the calling thread's priority.
    static func lowerCallingThread() { Libc.setCallingThreadNiceness(niceness) }
}
