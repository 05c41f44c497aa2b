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

    static func time(_ date: Date) -> String {
        let components = Calendar.current.dateComponents([.hour, .minute], from: date)
        let minute = components.minute ?? 0
        return "\(components.hour ?? 0):\(minute < 10 ? "0" : "")\(minute)"
    }

    static func day(_ date: Date) -> String {
        let calendar = Calendar.current
        if calendar.isDateInToday(date) { return "Today" }
        if calendar.isDateInYesterday(date) { return "Yesterday" }
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(months[max(0, min(11, (c.month ?? 1) - 1))]) \(c.day ?? 1), \(c.year ?? 2026)"
    }
}
