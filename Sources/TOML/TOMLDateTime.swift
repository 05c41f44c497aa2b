/// A TOML date, time or date-time, checked against TOML 1.0's grammar (RFC 3339).
///
/// The four kinds TOML has: an offset date-time (`1979-05-27T07:32:00Z`), a local date-time
/// (`1979-05-27T07:32:00`), a local date (`1979-05-27`) and a local time (`07:32:00.5`). Months
/// are 01–12, days exist in their month (leap years counted), hours 00–23, minutes and seconds
/// 00–59, offsets ±00:00–23:59 or `Z`. Years are 0001–9999; a leap second (`:60`) is refused,
/// as no table of leap seconds is kept.
///
/// ```swift
/// let moment = try TOMLDocument(parsing: "t = 1979-05-27 07:32:00-07:00").value(at: ["t"])
/// // .dateTime(TOMLDateTime(kind: .offsetDateTime, year: 1979, …, offsetMinutes: -420))
/// moment?.tomlLiteral  // "1979-05-27T07:32:00-07:00"
/// ```
public struct TOMLDateTime: Sendable, Hashable, CustomStringConvertible {
    /// Which of TOML's four date and time types this is.
    public enum Kind: String, Sendable, Hashable {
        case offsetDateTime = "offset date-time"
        case localDateTime = "local date-time"
        case localDate = "local date"
        case localTime = "local time"
    }

    public var kind: Kind
    /// The date (0 for a local time).
    public var year: Int
    public var month: Int
    public var day: Int
    /// The time (0 for a local date).
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// The digits after the decimal point of the seconds, as written ("" for none).
    public var fraction: String
    /// Minutes east of UTC for an offset date-time (`Z` is 0); nil otherwise.
    public var offsetMinutes: Int?

    public init(
        kind: Kind, year: Int = 0, month: Int = 0, day: Int = 0, hour: Int = 0, minute: Int = 0,
        second: Int = 0, fraction: String = "", offsetMinutes: Int? = nil
    ) {
        self.kind = kind
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.fraction = fraction
        self.offsetMinutes = offsetMinutes
    }

    /// The value in RFC 3339 form, with `T` between date and time and `Z` for a zero offset.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = String(repeating: "0", count: max(0, 4 - String(year).count)) + "\(year)-\(two(month))-\(two(day))"
        var time = "\(two(hour)):\(two(minute)):\(two(second))"
        if !fraction.isEmpty { time += "." + fraction }
        switch kind {
        case .localDate: return date
        case .localTime: return time
        case .localDateTime: return date + "T" + time
        case .offsetDateTime:
            let offset = offsetMinutes ?? 0
            if offset == 0 { return date + "T" + time + "Z" }
            let sign = offset < 0 ? "-" : "+"
            return date + "T" + time + sign + two(abs(offset) / 60) + ":" + two(abs(offset) % 60)
        }
    }

    /// The number of days in `month` of `year` in the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads a date-time from its text; nil when the text is not one of the four forms or
    /// names a date or time that does not exist.
    static func parse(_ text: ArraySlice<UInt8>) -> TOMLDateTime? {
        var reader = Reader(bytes: text)
        var value = TOMLDateTime(kind: .localTime)
        if text.count >= 3, text[text.startIndex + 2] == UInt8(ascii: ":") {
            guard reader.time(into: &value), reader.atEnd else { return nil }
            return value
        }
        guard reader.date(into: &value) else { return nil }
        value.kind = .localDate
        if reader.atEnd { return value }
        guard let delimiter = reader.next(), [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(delimiter),
            reader.time(into: &value)
        else { return nil }
        value.kind = .localDateTime
        if reader.atEnd { return value }
        guard reader.offset(into: &value), reader.atEnd else { return nil }
        value.kind = .offsetDateTime
        return value
    }

    /// Reads the parts of a date-time from bytes, one field at a time.
    struct Reader {
        var bytes: ArraySlice<UInt8>

        var atEnd: Bool { bytes.isEmpty }

        mutating func next() -> UInt8? { bytes.popFirst() }

        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                guard let byte = bytes.popFirst(), byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard bytes.first == byte else { return false }
            bytes.removeFirst()
            return true
        }

        mutating func date(into value: inout TOMLDateTime) -> Bool {
            guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
                let day = digits(2), year >= 1, (1...12).contains(month),
                (1...TOMLDateTime.daysIn(month: month, year: year)).contains(day)
            else { return false }
            (value.year, value.month, value.day) = (year, month, day)
            return true
        }

        mutating func time(into value: inout TOMLDateTime) -> Bool {
            guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
                let second = digits(2), hour <= 23, minute <= 59, second <= 59
            else { return false }
            (value.hour, value.minute, value.second) = (hour, minute, second)
            if expect(UInt8(ascii: ".")) {
                var fraction = ""
                while let byte = bytes.first, byte >= 0x30, byte <= 0x39 {
                    fraction.unicodeScalars.append(Unicode.Scalar(byte))
                    bytes.removeFirst()
                }
                guard !fraction.isEmpty else { return false }
                value.fraction = fraction
            }
            return true
        }

        mutating func offset(into value: inout TOMLDateTime) -> Bool {
            guard let sign = next() else { return false }
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                value.offsetMinutes = 0
                return true
            }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = digits(2),
                expect(UInt8(ascii: ":")), let minutes = digits(2), hours <= 23, minutes <= 59
            else { return false }
            value.offsetMinutes = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
            return true
        }
    }
}
