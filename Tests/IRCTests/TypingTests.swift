import Foundation
import Testing

@testable import IRC

@Suite struct TypingTests {
    let start = Date(timeIntervalSince1970: 1000)

    @Test func sendsActiveAtMostEveryThreeSeconds() {
        var throttle = TypingThrottle()
        #expect(throttle.typed(in: "#x", now: start) == .active)
        #expect(throttle.typed(in: "#x", now: start + 1) == nil)
        #expect(throttle.typed(in: "#x", now: start + 2.9) == nil)
        #expect(throttle.typed(in: "#X", now: start + 3) == .active)
        #expect(throttle.typed(in: "#y", now: start + 3) == .active)
        #expect(throttle.stopped(in: "#x") == .done)
        #expect(throttle.stopped(in: "#x") == nil)
    }

    @Test func activeExpiresAfterSixSeconds() {
        var tracker = TypingTracker()
        tracker.received(.active, from: "ada", in: "#x", now: start)
        #expect(tracker.typing(in: "#X", now: start + 5.9) == ["ada"])
        #expect(tracker.typing(in: "#x", now: start + 6.1) == [])
        tracker.received(.active, from: "ada", in: "#x", now: start + 10)
        tracker.received(.done, from: "ADA", in: "#x", now: start + 11)
        #expect(tracker.typing(in: "#x", now: start + 11) == [])
        tracker.received(.paused, from: "bob", in: "#x", now: start)
        #expect(tracker.typing(in: "#x", now: start + 20) == ["bob"])
    }
}
