import Foundation
import IRC
import Testing

@testable import App
@testable import ClientCore

/// Days are named by arithmetic, not by a Calendar (which loads ICU's locale data): the
/// arithmetic must agree with the Gregorian calendar everywhere.
@Suite struct FormatTests {
    @Test func dayNumbersAgreeWithTheGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // From 1583 (Foundation's Gregorian calendar is Julian before October 1582) to about
        // 6350, in steps that meet every month and leap rule, and every day of the years
        // around 2000 (a leap century) and 2100 (not one).
        let numbers =
            Array(stride(from: -141_000, through: 1_600_000, by: 997)) + Array(10_900...11_400) + Array(47_400...47_900)
        for number in numbers {
            let date = Date(timeIntervalSince1970: Double(number) * 86_400)
            let expected = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = ServerTime.civilFromDays(number)
            #expect(
                civil.year == expected.year && civil.month == expected.month && civil.day == expected.day,
                "day \(number)")
        }
    }

    @Test func anOlderDayIsNamedInFull() {
        let local = LocalTime.fixed(origin: Date(timeIntervalSince1970: 1_795_000_000))
        let today = local.dayNumber(local.origin)  // 2026-11-18
        let date = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28 20:26:40 UTC
        #expect(Format.day(date, today: today, in: local) == "May 28, 2026")
        #expect(Format.day(date, today: local.dayNumber(date), in: local) == "Today")
        #expect(Format.day(date, today: local.dayNumber(date) + 1, in: local) == "Yesterday")
    }

    /// The zone it is given decides the day and the time: 20:26 UTC is already the next
    /// morning in India and still the morning in Hawaii.
    @Test func daysAndTimesAreReckonedInTheGivenZone() {
        let date = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28 20:26:40 UTC
        let india = LocalTime.fixed(origin: date, offset: 5 * 3600 + 1800)
        let hawaii = LocalTime.fixed(origin: date, offset: -10 * 3600)
        #expect(Format.time(date, in: .fixed(origin: date)) == "20:26")
        #expect(Format.time(date, in: india) == "1:56")
        #expect(Format.time(date, in: hawaii) == "10:26")
        #expect(india.dayNumber(date) == hawaii.dayNumber(date) + 1)
        // Seen from India's next day, Hawaii's moment was yesterday there.
        #expect(Format.day(date.addingTimeInterval(-6 * 3600), today: india.dayNumber(date), in: india) == "Yesterday")
        #expect(india.date(at: .seconds(90)) == date.addingTimeInterval(90))
    }
}
