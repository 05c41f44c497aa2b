import ChatModel
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

    /// "9:05": hours and minutes in the local time zone, from arithmetic on the zone's offset
    /// at that moment (a calendar per message cost more than the rest of a tree).
    static func time(_ date: Date, in local: LocalTime) -> String {
        let seconds = local.secondsOfDay(date)
        let minute = seconds / 60 % 60
        return "\(seconds / 3600):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// "Today", "Yesterday", or "March 3, 2026", as seen on local day `today`.
    static func day(_ date: Date, today: Int, in local: LocalTime) -> String {
        let number = local.dayNumber(date)
        if number == today { return "Today" }
        if number == today - 1 { return "Yesterday" }
        let (year, month, day) = ServerTime.civilFromDays(number)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(months[max(0, min(11, month - 1))]) \(day), \(year)"
    }
}
