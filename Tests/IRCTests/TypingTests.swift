import Foundation
import Testing

@testable import IRC

@Suite struct TypingTests {
    let start = Date(timeIntervalSince1970: 1000)

    @Test func sendsActiveAtMostEveryThreeSeconds() {
        var throttle = TypingThrottle()
        #expect(throttle.typed(in: "#x", now: start, names: .rfc1459) == .active)
        #expect(throttle.typed(in: "#x", now: start + 1, names: .rfc1459) == nil)
        #expect(throttle.typed(in: "#x", now: start + 2.9, names: .rfc1459) == nil)
        #expect(throttle.typed(in: "#X", now: start + 3, names: .rfc1459) == .active)
        #expect(throttle.typed(in: "#y", now: start + 3, names: .rfc1459) == .active)
        #expect(throttle.stopped(in: "#x", names: .rfc1459) == .done)
        #expect(throttle.stopped(in: "#x", names: .rfc1459) == nil)
    }

    @Test func activeExpiresAfterSixSeconds() {
        var tracker = TypingTracker()
        tracker.received(.active, from: "ada", in: "#x", now: start, names: .rfc1459)
        #expect(tracker.typing(in: "#X", now: start + 5.9, names: .rfc1459) == ["ada"])
        #expect(tracker.typing(in: "#x", now: start + 6.1, names: .rfc1459) == [])
        tracker.received(.active, from: "ada", in: "#x", now: start + 10, names: .rfc1459)
        tracker.received(.done, from: "ADA", in: "#x", now: start + 11, names: .rfc1459)
        #expect(tracker.typing(in: "#x", now: start + 11, names: .rfc1459) == [])
        tracker.received(.paused, from: "bob", in: "#x", now: start, names: .rfc1459)
        #expect(tracker.typing(in: "#x", now: start + 20, names: .rfc1459) == ["bob"])
    }

    @Test func typingIsNewsUnlessTheTypistWasHeardAMinuteAgo() {
        var tracker = TypingTracker()
        var news: Bool
        news = tracker.isNews(["ada"], in: "#x", now: start, names: .rfc1459)
        #expect(news)
        news = tracker.isNews(["ADA"], in: "#x", now: start + 30, names: .rfc1459)
        #expect(!news)
        news = tracker.isNews(["ada"], in: "#y", now: start + 30, names: .rfc1459)
        #expect(news)
        tracker.messageReceived(from: "ada", in: "#x", now: start + 100, names: .rfc1459)
        news = tracker.isNews(["ada"], in: "#x", now: start + 120, names: .rfc1459)
        #expect(!news)
        news = tracker.isNews(["ada", "bob"], in: "#x", now: start + 125, names: .rfc1459)
        #expect(news)
        news = tracker.isNews(["ada"], in: "#x", now: start + 190, names: .rfc1459)
        #expect(news)
    }
}
