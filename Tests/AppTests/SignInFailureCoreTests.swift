import Chat
import Foundation
import Settings
import Testing

@testable import App
@testable import ClientCore

/// A failed SASL sign-in, fed to the core as the IRC client reports it: said at high priority
/// with the account and the reason, and what happens next.
@Suite struct SignInFailureCoreTests {
    static func core() -> AppCore {
        var core = AppCore(
            .init(
                settings: Settings(), onboarded: true, terminalRows: 24, localNetworkID: AppCoreTests.local,
                welcomeChannelID: 10, nick: "ada", localTime: .fixed(origin: Date()), emoji: .installed,
                expectsIRC: true))
        _ = core.handle(.start(problems: []), at: .zero)
        return core
    }

    static func high(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { if case .speak(let text, .high, _, _, _, _, _) = $0, !text.isEmpty { text } else { nil } }
    }

    @Test func aRequiredSignInThatFailsIsSaidAndDisconnects() {
        var core = Self.core()
        let effects = core.handle(
            .chat(
                .server(
                    .authenticationFailed(
                        account: "ada", reason: .credentialsRefused, continuing: false), channelID: nil)),
            at: .seconds(1))
        #expect(
            Self.high(effects) == [
                "Sign-in failed for ada: the server refused the account name or password. Disconnected, not reconnecting."
            ], "\(effects)")
        #expect(core.state.connection.status == .disconnected)
    }

    @Test func anOptionalSignInThatFailsGoesOn() {
        var core = Self.core()
        let effects = core.handle(
            .chat(
                .server(
                    .authenticationFailed(
                        account: "ada", reason: .notOffered, continuing: true), channelID: nil)),
            at: .seconds(1))
        #expect(
            Self.high(effects) == [
                "Sign-in failed for ada: this server does not offer SASL sign-in. Going on without signing in."
            ], "\(effects)")
        #expect(core.state.connection.status != .disconnected)
    }
}
