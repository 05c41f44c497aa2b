import Chat
import Testing

@testable import App
@testable import ClientCore

/// The connection as the listener hears of it, fed with events and time alone.
@Suite struct ConnectionMachineTests {
    static let connected = Fact.connection(.connectedAs("ada", network: nil))

    /// The start waits for its first channel; a silent wait is said once, and #welcome opens
    /// when nothing comes.
    @Test func aSilentStartIsSaidOnceThenWelcomeOpens() {
        var connection = ConnectionMachine()
        connection.started(at: .zero)
        #expect(connection.nextDeadline == .seconds(6))
        #expect(connection.tick(at: .seconds(5)) == .init(arrival: nil, stillConnecting: false))
        #expect(connection.tick(at: .seconds(6)) == .init(arrival: nil, stillConnecting: true))
        #expect(connection.tick(at: .seconds(7)).stillConnecting == false, "said once")
        #expect(connection.nextDeadline == .seconds(30))
        #expect(connection.tick(at: .seconds(30)) == .init(arrival: .welcome, stillConnecting: false))
        #expect(connection.nextDeadline == nil)
        #expect(connection.status == .local)
    }

    /// The first channel joined opens once the server's replay is over, with "Connected as
    /// ada" held to be said before its name.
    @Test func theFirstChannelOpensAtTheEndOfTheReplay() {
        var connection = ConnectionMachine()
        connection.started(at: .zero)
        let welcome = connection.registered(1, nick: "ada", news: Self.connected, onWelcome: true, onMain: true)
        #expect(welcome == .held)
        #expect(connection.status == .connected(nick: "ada"))
        #expect(connection.tick(at: .seconds(6)).stillConnecting == false, "welcomed: not still connecting")
        #expect(connection.joinedFromWelcome(7) == nil, "waits for the replay")
        #expect(connection.joinedFromWelcome(8) == nil)
        #expect(connection.synced(1) == .init(arrival: .channel(7), replayEnded: true))
        #expect(connection.takeHeldNews() == Self.connected)
        #expect(connection.takeHeldNews() == nil, "said once")
        #expect(connection.joinedFromWelcome(9) == 9, "later joins from #welcome open at once")
    }

    /// A loss is said once, as "lost" only when the server had welcomed us; the retries after
    /// it are said once a minute; the return is "back".
    @Test func aLossIsSaidOnceAndTheRetriesOnceAMinute() {
        var connection = ConnectionMachine()
        #expect(
            connection.connectionLost(1, .refused, at: .seconds(1))
                == .said(wasConnected: false, then: nil), "never reached: not lost")
        #expect(connection.status == .disconnected)
        #expect(connection.isLost(1))
        _ = connection.registered(1, nick: "ada", news: Self.connected, onWelcome: false, onMain: true)
        #expect(!connection.isLost(1))
        #expect(connection.connectionLost(1, .refused, at: .seconds(10)) == .said(wasConnected: true, then: nil))
        #expect(connection.connectionLost(1, .refused, at: .seconds(11)) == .known)
        #expect(connection.retrying(1, after: .seconds(2), at: .seconds(12)) == .quiet, "the loss said trying again")
        #expect(connection.retrying(1, after: .seconds(30), at: .seconds(70)) == .tryingAgain(inSeconds: 30))
        #expect(connection.retrying(1, after: .seconds(30), at: .seconds(100)) == .quiet)
        connection.retryAsked(1)
        #expect(
            connection.retrying(1, after: .milliseconds(400), at: .seconds(101)) == .failed(.refused, inSeconds: 1),
            "a try asked for is answered at once")
        #expect(connection.retrying(2, after: .seconds(5), at: .seconds(200)) == .quiet, "not lost")
        let back = connection.registered(1, nick: "ada", news: Self.connected, onWelcome: false, onMain: true)
        #expect(back == .back)
        #expect(connection.lost.isEmpty)
    }

    /// A refused sign-in or password ends the wait: #welcome opens, or the channel joined.
    @Test func aRefusalEndsTheWait() {
        var connection = ConnectionMachine()
        connection.started(at: .zero)
        #expect(connection.signInFailed(continuing: true) == nil, "going on without it")
        #expect(connection.signInFailed(continuing: false) == .welcome)
        #expect(connection.status == .disconnected)

        var joined = ConnectionMachine()
        joined.started(at: .zero)
        _ = joined.registered(0, nick: "ada", news: Self.connected, onWelcome: true, onMain: true)
        _ = joined.joinedFromWelcome(3)
        #expect(joined.passwordRefused() == .channel(3))
        #expect(joined.passwordRefused() == nil, "the wait ended once")
    }

    /// A loss drops the held "Connected as ada": the loss is the news now.
    @Test func aLossDropsTheHeldNews() {
        var connection = ConnectionMachine()
        connection.started(at: .zero)
        _ = connection.registered(0, nick: "ada", news: Self.connected, onWelcome: true, onMain: true)
        #expect(connection.connectionLost(0, .refused, at: .seconds(2)) == .said(wasConnected: true, then: .welcome))
        #expect(connection.takeHeldNews() == nil)
        #expect(connection.nextDeadline == nil)
    }

    /// Away from #welcome, or on another screen, "Connected as ada" is said at once.
    @Test func connectedIsSaidAtOnceAwayFromWelcome() {
        var connection = ConnectionMachine()
        #expect(
            connection.registered(0, nick: "ada", news: Self.connected, onWelcome: false, onMain: true) == .connected)
        var onboarding = ConnectionMachine()
        onboarding.started(at: .zero)
        #expect(
            onboarding.registered(0, nick: "ada", news: Self.connected, onWelcome: true, onMain: false) == .connected)
    }
}
