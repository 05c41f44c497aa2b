import Testing

@testable import Chat

@Suite struct ReconnectPolicyTests {
    @Test func backsOffExponentiallyUpToTheMaximumWithJitter() {
        let policy = ReconnectPolicy(initialDelay: .milliseconds(500), maximumDelay: .seconds(30), jitter: 0.5)
        #expect(policy.delay(attempt: 0, random: 0) == .milliseconds(500))
        #expect(policy.delay(attempt: 1, random: 0) == .seconds(1))
        #expect(policy.delay(attempt: 4, random: 0) == .seconds(8))
        #expect(policy.delay(attempt: 20, random: 0) == .seconds(30))
        #expect(policy.delay(attempt: 4, random: 1) == .seconds(4))
        #expect(policy.delay(attempt: 1000, random: 0.5) == .milliseconds(22_500))
    }

    /// By default no wait between tries is longer than 5 s: a server back after a long outage
    /// is reached within five seconds of its return.
    @Test func byDefaultTheWaitIsCappedAtFiveSeconds() {
        let policy = ReconnectPolicy()
        for attempt in [5, 10, 50, 1000] {
            #expect(policy.delay(attempt: attempt, random: 0) <= .seconds(5))
        }
    }
}
