import Foundation
import IRC
import Testing

@testable import App

/// Days are named by arithmetic, not by a Calendar (which loads ICU's locale data): the
/// arithmetic must agree with the Gregorian calendar everywhere.
@Suite struct FormatTests {
    @Test func dayNumbersAgreeWithTheGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // From 1583 (Foundation's Gregorian calendar is Julian before October 1582) to about
        // 6350, in steps that meet every month and leap rule, and every day of the years
        // around 2000 (a leap century) and 2100 (not one).
        let numbers = Array(stride(from: -141_000, through: 1_600_000, by: 997)) + Array(10_900...11_400) + Array(47_400...47_900)
        for number in numbers {
            let date = Date(timeIntervalSince1970: Double(number) * 86_400)
            let expected = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = ServerTime.civilFromDays(number)
            #expect(civil.year == expected.year && civil.month == expected.month && civil.day == expected.day, "day \(number)")
        }
    }

    @Test func anOlderDayIsNamedInFull() {
        let today = Format.Clock.dayNumber(Date(timeIntervalSince1970: 1_795_000_000))
        // 2026-11-26 in any zone within a day of UTC: named relative to its own day number.
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        let name = Format.day(date, today: today)
        let (year, month, day) = ServerTime.civilFromDays(Format.Clock.dayNumber(date))
        #expect(name.hasSuffix("\(day), \(year)"))
        #expect(month == 5 || month == 6)
        #expect(Format.day(date, today: Format.Clock.dayNumber(date)) == "Today")
        #expect(Format.day(date, today: Format.Clock.dayNumber(date) + 1) == "Yesterday")
    }
}
