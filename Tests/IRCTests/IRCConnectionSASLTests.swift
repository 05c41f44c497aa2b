import Foundation
import Testing

@testable import IRC

/// SASL PLAIN in the protocol machine: sign-in, failure that stops, failure that goes on.
@Suite struct IRCConnectionSASLTests {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let credentials = SASLCredentials(account: "ada", password: "wrong")

    func line(_ text: String) -> IRCMessage {
        IRCMessage(parsing: Array(text.utf8)) ?? IRCMessage(command: "INVALID")
    }

    func sent(_ actions: [IRCConnection.Action]) -> [String] {
        actions.compactMap { action -> String? in
            guard case .send(let message) = action else { return nil }
            return try? message.serialized()
        }
    }

    func events(_ actions: [IRCConnection.Action]) -> [IRCEvent] {
        actions.compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    /// A connection that has sent AUTHENTICATE PLAIN and its payload.
    func authenticating(requires: Bool = true) -> IRCConnection {
        var connection = IRCConnection(
            configuration: .init(
                nick: "ada", credentials: credentials, requiresAuthentication: requires, channels: ["#x"]))
        _ = connection.connectionOpened()
        _ = connection.received(line(":s CAP * LS :sasl=PLAIN,EXTERNAL message-tags"), now: now)
        _ = connection.received(line(":s CAP ada ACK :sasl message-tags"), now: now)
        _ = connection.received(line("AUTHENTICATE +"), now: now)
        return connection
    }

    @Test func loggedInNamesTheAccount() {
        var connection = authenticating()
        #expect(connection.account == nil)
        _ = connection.received(line(":s 900 ada ada!a@h ada :You are now logged in as ada"), now: now)
        #expect(sent(connection.received(line(":s 903 ada :SASL authentication successful"), now: now)) == ["CAP END"])
        #expect(connection.account == "ada")
        _ = connection.received(line(":s 001 ada :Welcome"), now: now)
        #expect(connection.isRegistered)
        connection.connectionClosed()
        _ = connection.connectionOpened()
        #expect(connection.account == nil)
    }

    @Test func requiredSignInQuitsAndReadsNothingMore() {
        var connection = authenticating()
        let failed = connection.received(line(":s 904 ada :SASL authentication failed"), now: now)
        #expect(sent(failed) == ["QUIT :Sign-in failed"])
        #expect(
            events(failed) == [
                .authenticationFailed(
                    account: "ada", reason: .credentialsRefused, continuing: false)
            ])
        // The server's goodbye is not news, and registration never happens.
        #expect(
            connection.received(line("ERROR :Closing link: (ada@127.0.0.1) [Quit: Sign-in failed]"), now: now).isEmpty)
        #expect(connection.received(line(":s 001 ada :Welcome"), now: now).isEmpty)
        #expect(!connection.isRegistered)
        // A new connection (if the shell made one) starts afresh.
        connection.connectionClosed()
        #expect(sent(connection.connectionOpened()).first == "CAP LS 302")
        #expect(sent(connection.received(line(":s CAP * LS :sasl"), now: now)) == ["CAP REQ sasl"])
    }

    @Test func optionalSignInGoesOnWithoutTheAccount() {
        var connection = authenticating(requires: false)
        let failed = connection.received(line(":s 904 ada :SASL authentication failed"), now: now)
        #expect(sent(failed) == ["CAP END"])
        #expect(
            events(failed) == [
                .authenticationFailed(
                    account: "ada", reason: .credentialsRefused, continuing: true)
            ])
        #expect(sent(connection.received(line(":s 001 ada :Welcome"), now: now)).prefix(1) == ["JOIN #x"])
        #expect(connection.account == nil)
    }

    @Test func mechanismsExplainAFailure() {
        var connection = authenticating()
        _ = connection.received(line(":s 908 ada EXTERNAL :are available SASL mechanisms"), now: now)
        let failed = connection.received(line(":s 904 ada :SASL authentication failed"), now: now)
        #expect(
            events(failed) == [
                .authenticationFailed(
                    account: "ada", reason: .noPasswordSignIn(offered: "EXTERNAL"),
                    continuing: false)
            ])
    }

    /// Other failures are typed by their numeric; the server's sentence (with its formatting
    /// codes) is never the reason.
    @Test(arguments: [("902", SignInFailure.nickNotAllowed), ("905", .aborted), ("906", .aborted)])
    func otherFailuresAreTypedByTheirNumeric(numeric: String, reason: SignInFailure) {
        var connection = authenticating()
        let failed = connection.received(
            line(":s \(numeric) ada :You must use a \u{02}nick\u{02} assigned to you"), now: now)
        #expect(events(failed) == [.authenticationFailed(account: "ada", reason: reason, continuing: false)])
    }

    @Test func aServerWithoutSASL() {
        var required = IRCConnection(configuration: .init(nick: "ada", credentials: credentials))
        _ = required.connectionOpened()
        let refused = required.received(line(":s CAP * LS :message-tags"), now: now)
        #expect(sent(refused) == ["QUIT :Sign-in failed"])
        #expect(
            events(refused) == [
                .authenticationFailed(
                    account: "ada", reason: .notOffered, continuing: false)
            ])

        var optional = IRCConnection(
            configuration: .init(nick: "ada", credentials: credentials, requiresAuthentication: false))
        _ = optional.connectionOpened()
        let goesOn = optional.received(line(":s CAP * LS :message-tags"), now: now)
        #expect(sent(goesOn) == ["CAP REQ message-tags"])
        #expect(
            events(goesOn) == [
                .authenticationFailed(
                    account: "ada", reason: .notOffered, continuing: true)
            ])
    }

    /// A server that lists only other mechanisms (`sasl=EXTERNAL`) is never sent a password:
    /// the failure names what it takes, once.
    @Test func aMechanismTheServerDoesNotListIsNotTried() {
        var required = IRCConnection(configuration: .init(nick: "ada", credentials: credentials))
        _ = required.connectionOpened()
        let refused = required.received(line(":s CAP * LS :sasl=EXTERNAL message-tags"), now: now)
        #expect(!sent(refused).contains { $0.hasPrefix("AUTHENTICATE") || $0.contains("sasl") }, "\(sent(refused))")
        #expect(sent(refused) == ["QUIT :Sign-in failed"])
        #expect(
            events(refused) == [
                .authenticationFailed(account: "ada", reason: .noPasswordSignIn(offered: "EXTERNAL"), continuing: false)
            ])

        var optional = IRCConnection(
            configuration: .init(nick: "ada", credentials: credentials, requiresAuthentication: false))
        _ = optional.connectionOpened()
        let goesOn = optional.received(line(":s CAP * LS :sasl=EXTERNAL message-tags"), now: now)
        #expect(sent(goesOn) == ["CAP REQ message-tags"])
        // A plain `sasl` (no list, CAP 301) is tried.
        var unlisted = IRCConnection(configuration: .init(nick: "ada", credentials: credentials))
        _ = unlisted.connectionOpened()
        #expect(
            sent(unlisted.received(line(":s CAP * LS :sasl message-tags"), now: now)) == ["CAP REQ :message-tags sasl"])
    }

    @Test func aRefusedRequest() {
        var connection = IRCConnection(
            configuration: .init(nick: "ada", credentials: credentials, requiresAuthentication: false))
        _ = connection.connectionOpened()
        _ = connection.received(line(":s CAP * LS :sasl message-tags"), now: now)
        let nak = connection.received(line(":s CAP ada NAK :message-tags sasl"), now: now)
        #expect(sent(nak) == ["CAP END"])
        #expect(
            events(nak) == [
                .authenticationFailed(account: "ada", reason: .refusedToStart, continuing: true)
            ])
    }

    @Test func withoutCredentialsNothingIsSaid() {
        var connection = IRCConnection(configuration: .init(nick: "ada"))
        _ = connection.connectionOpened()
        let actions = connection.received(line(":s CAP * LS :message-tags"), now: now)
        #expect(events(actions).isEmpty)
        #expect(connection.received(line(":s 904 ada :SASL authentication failed"), now: now).isEmpty)
    }

    @Test func aClientCertificateSignsInWithExternalAndItsRefusalSaysWhy() {
        var connection = IRCConnection(configuration: .init(nick: "ada", certificateSignIn: true))
        _ = connection.connectionOpened(secure: true)
        #expect(sent(connection.received(line(":s CAP * LS :sasl=EXTERNAL,PLAIN"), now: now)) == ["CAP REQ sasl"])
        #expect(sent(connection.received(line(":s CAP ada ACK :sasl"), now: now)) == ["AUTHENTICATE EXTERNAL"])
        #expect(sent(connection.received(line("AUTHENTICATE +"), now: now)) == ["AUTHENTICATE +"])
        let refused = connection.received(line(":s 904 ada :SASL authentication failed"), now: now)
        guard case .emit(.authenticationFailed(_, let reason, false))? = refused.last else {
            Issue.record("no failure in \(refused)")
            return
        }
        #expect(reason == .certificateRefused)
        #expect(connection.isRefused)
    }

    @Test func stsOnAPlainConnectionMovesToTLSAndOnTLSKeepsThePolicy() {
        var plain = IRCConnection(configuration: .init(nick: "ada"))
        _ = plain.connectionOpened(secure: false)
        let upgrade = plain.received(line(":s CAP * LS :sts=port=6697,duration=300 server-time"), now: now)
        // The duration on a plain connection is not to be trusted; nothing more is sent there.
        #expect(upgrade == [.emit(.secureConnectionRequired(port: 6697))])
        var secure = IRCConnection(configuration: .init(nick: "ada"))
        _ = secure.connectionOpened(secure: true)
        let kept = secure.received(line(":s CAP * LS :sts=duration=300 server-time"), now: now)
        #expect(kept.first == .emit(.securityPolicy(duration: 300)))
        #expect(sent(kept) == ["CAP REQ server-time"])
    }
}
