import Foundation

/// The wall clock and the local time zone, as the core is given them: the days and times it
/// shows and says are reckoned with this, never read from the system. The runtime gives
/// ``system()`` (the C library's zone: `TZ`, else /etc/localtime); tests give a fixed one.
///
/// ```swift
/// let time = LocalTime.fixed(origin: Date(timeIntervalSince1970: 86_400 * 20_000), offset: 3600)
/// time.date(at: .seconds(90))       // 90 s after the origin, by the wall clock
/// time.dayNumber(time.origin)       // 20000: local days since 1970-01-01
/// ```
public struct LocalTime: Sendable {
    /// The wall clock's time when the events' monotonic clock read zero.
    public var origin: Date
    /// Seconds the local time is ahead of UTC at a moment (zones change it with the season).
    public var offset: @Sendable (Date) -> Int

    public init(origin: Date, offset: @escaping @Sendable (Date) -> Int) {
        self.origin = origin
        self.offset = offset
    }

    /// A zone that is always `offset` seconds ahead of UTC.
    public static func fixed(origin: Date, offset: Int = 0) -> LocalTime {
        LocalTime(origin: origin) { _ in offset }
    }

    /// The wall-clock time `elapsed` (monotonic, from the events' zero) after the origin.
    public func date(at elapsed: Duration) -> Date { origin.addingTimeInterval(elapsed.seconds) }

    /// `date`'s local day, counted from 1970-01-01.
    public func dayNumber(_ date: Date) -> Int {
        Int(((date.timeIntervalSince1970 + Double(offset(date))) / 86_400).rounded(.down))
    }

    /// Seconds since local midnight at `date`.
    func secondsOfDay(_ date: Date) -> Int {
        let local = Int((date.timeIntervalSince1970 + Double(offset(date))).rounded(.down))
        return ((local % 86_400) + 86_400) % 86_400
    }
}
