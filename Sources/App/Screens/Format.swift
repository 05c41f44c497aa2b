import Chat
import Foundation
import Synchronization
import Typography

/// Words and numbers as Earshot writes and says them.
enum Format {
    /// `text` then `next` as a new sentence: "Hi. 2 replies", "Done! 1 reaction: …".
    static func sentence(_ text: String, _ next: String) -> String {
        guard let last = text.last else { return next }
        return text + (".!?".contains(last) ? " " : ". ") + next
    }

    /// "1 reply", "2 replies": a count with its noun in the right number.
    static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// "Extra Large, 112 percent": the text-size control's value.
    static func sizeValue(_ size: ContentSizeCategory) -> String { "\(size.spokenName), \(size.percent) percent" }

    /// "9:05": hours and minutes in the local time zone, from arithmetic on the zone's offset
    /// at that moment (a calendar per message cost more than the rest of a tree).
    static func time(_ date: Date) -> String {
        let local = Int((date.timeIntervalSince1970 + Double(Clock.offset(at: date))).rounded(.down))
        let seconds = ((local % 86_400) + 86_400) % 86_400
        let minute = seconds / 60 % 60
        return "\(seconds / 3600):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// "Today", "Yesterday", or "March 3, 2026".
    static func day(_ date: Date, today: Int = Clock.today()) -> String {
        let number = Clock.dayNumber(date)
        if number == today { return "Today" }
        if number == today - 1 { return "Yesterday" }
        let (year, month, day) = ServerTime.civilFromDays(number)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(months[max(0, min(11, month - 1))]) \(day), \(year)"
    }

    /// Local days as numbers, for day headings.
    enum Clock {
        /// Seconds the local time is ahead of UTC at `date`, from the C library (`TZ`, else
        /// /etc/localtime): Foundation's TimeZone answers from ICU's zone data, which takes
        /// megabytes of memory for this one number.
        ///
        /// Zones change their offset only at a quarter hour, so the last quarter hour's answer
        /// is kept (every message's time and day ask).
        static func offset(at date: Date) -> Int {
            let seconds = Int(date.timeIntervalSince1970.rounded(.down))
            let quarter = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
            return lastOffset.withLock { last in
                if let last, last.quarter == quarter { return last.offset }
                var time = time_t(seconds)
                var parts = tm()
                let offset = localtime_r(&time, &parts) != nil ? parts.tm_gmtoff : 0
                last = (quarter, offset)
                return offset
            }
        }

        private static let lastOffset = Mutex<(quarter: Int, offset: Int)?>(nil)

        static func dayNumber(_ date: Date) -> Int {
            Int(((date.timeIntervalSince1970 + Double(offset(at: date))) / 86_400).rounded(.down))
        }

        static func today() -> Int { dayNumber(Date()) }
    }
}
