import Foundation
import Testing

@testable import IRC

@Suite struct ServerTimeTests {
    @Test func parsesAndFormats() throws {
        let date = try #require(ServerTime.parse("2026-11-21T05:42:28.443Z"))
        #expect(abs(date.timeIntervalSince1970 - 1_795_239_748.443) < 0.0005)
        #expect(ServerTime.format(date) == "2026-11-21T05:42:28.443Z")
        #expect(ServerTime.parse("1970-01-01T00:00:01Z")?.timeIntervalSince1970 == 1)
    }

    @Test(arguments: ["", "2026-11-21", "2026-13-01T00:00:00Z", "2026-11-21T05:42:28.443", "xxxx-11-21T05:42:28Z"])
    func rejectsMalformed(text: String) {
        #expect(ServerTime.parse(text) == nil)
    }

    @Test func daysThatNoMonthHasAreRefused() {
        #expect(ServerTime.parse("2026-02-31T00:00:00Z") == nil)
        #expect(ServerTime.parse("2026-04-31T00:00:00Z") == nil)
        #expect(ServerTime.parse("2026-02-29T00:00:00Z") == nil)
        #expect(ServerTime.parse("2028-02-29T00:00:00Z") != nil)
        #expect(ServerTime.parse("1900-02-29T00:00:00Z") == nil)
        #expect(ServerTime.parse("2000-02-29T00:00:00Z") != nil)
        #expect(ServerTime.parse("2026-12-31T23:59:59.999Z") != nil)
    }
}
