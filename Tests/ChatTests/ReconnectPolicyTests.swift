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
}
