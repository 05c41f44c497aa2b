import Foundation
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
        let local = Int((date.timeIntervalSince1970 + Double(Clock.zone.secondsFromGMT(for: date))).rounded(.down))
        let seconds = ((local % 86_400) + 86_400) % 86_400
        let minute = seconds / 60 % 60
        return "\(seconds / 3600):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// "Today", "Yesterday", or "March 3, 2026".
    static func day(_ date: Date, today: Int = Clock.today()) -> String {
        let number = Clock.dayNumber(date)
        if number == today { return "Today" }
        if number == today - 1 { return "Yesterday" }
        let c = Calendar.current.dateComponents([.year, .month, .day], from: date)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(months[max(0, min(11, (c.month ?? 1) - 1))]) \(c.day ?? 1), \(c.year ?? 2026)"
    }

    /// Local days as numbers, for day headings.
    enum Clock {
        /// The local time zone, read once.
        static let zone = TimeZone.current

        static func dayNumber(_ date: Date) -> Int {
            Int(((date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))) / 86_400).rounded(.down))
        }

        static func today() -> Int { dayNumber(Date()) }
    }
}
