import Foundation
import Synchronization

extension LocalTime {
    /// The system's: the wall clock now as the origin (the runtime's monotonic clock starts with
    /// it), and the C library's zone (`TZ`, else /etc/localtime). Foundation's TimeZone would
    /// answer from ICU's zone data, which takes megabytes of memory for this one number.
    ///
    /// Zones change their offset only at a quarter hour, so the last quarter hour's answer is
    /// kept (every message's time and day ask).
    public static func system() -> LocalTime {
        let last = Mutex<(quarter: Int, offset: Int)?>(nil)
        return LocalTime(origin: Date()) { date in
            let seconds = Int(date.timeIntervalSince1970.rounded(.down))
            let quarter = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
            return last.withLock { last in
                if let last, last.quarter == quarter { return last.offset }
                let offset = Libc.utcOffset(at: seconds)
                last = (quarter, offset)
                return offset
            }
        }
    }
}
