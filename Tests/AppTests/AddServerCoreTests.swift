import Chat
import Foundation
import Settings
import Testing

@testable import App
@testable import ClientCore

/// A server added by voice: what is wrong is said once, with the field to put it right in
/// (focused); what is right becomes one `[[irc.servers]]` entry, saved and connected.
@Suite struct AddServerCoreTests {
    static func added(_ effects: [AppEffect]) -> [IRCServerSettings] {
        effects.compactMap { if case .addServer(let server) = $0 { server } else { nil } }
    }

    static func openForm() -> AppCore {
        var (core, _) = AppCoreTests.openCore()
        core.carryOut(.openAddServer)
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 1)
        return core
    }

    @Test func aFieldLeftWrongIsSaidWithTheFieldWhichTakesFocus() {
        var core = Self.openForm()
        #expect(core.state.activeSheet?.kind == .addServer)
        core.state.serverDraft[.host] = "irc.example.net"
        core.state.serverDraft[.channels] = "#a b"
        core.state.serverDraft[.nick] = "ada"
        core.rebuild()
        let effects = core.handle(.key(.key(.enter, [])), at: .seconds(2))
        #expect(Self.added(effects).isEmpty)
        #expect(
            AppCoreTests.spoken(effects) == [
                "b is not a channel: a channel's name starts with hash. Channels, hash a b, text field."
            ])
        #expect(core.navigator.focusedElement?.identifier == ElementID.serverField(.channels).identifier)
    }

    @Test func aPlainConnectionGoesOnlyToThisComputer() {
        var core = Self.openForm()
        core.state.serverDraft = [.host: "irc.example.net", .port: "6667", .nick: "ada"]
        core.state.serverTLS = false
        let effects = core.handle(.key(.key(.enter, [])), at: .seconds(2))
        #expect(Self.added(effects).isEmpty)
        #expect(AppCoreTests.spoken(effects).first?.hasPrefix("Not connected: a plain connection goes only") == true)
    }

    @Test func whatIsRightIsSavedAndConnected() {
        var core = Self.openForm()
        core.state.serverDraft = [
            .host: " irc.example.net ", .port: "6697", .nick: "ada", .channels: "#a, #b", .account: "ada",
            .passwordVariable: "ADA_PASSWORD",
        ]
        let effects = core.handle(.key(.key(.enter, [])), at: .seconds(2))
        #expect(
            Self.added(effects) == [
                IRCServerSettings(
                    host: "irc.example.net", port: 6697, tls: true, nick: "ada", channels: ["#a", "#b"],
                    saslUser: "ada", passwordEnvironmentVariable: "ADA_PASSWORD")
            ])
        let said = AppCoreTests.spoken(
            core.handle(.serverAdded(host: "irc.example.net", unsetVariable: "ADA_PASSWORD"), at: .seconds(3)))
        #expect(
            said == [
                "Connecting to irc.example.net, saved for next time. ADA PASSWORD is not set here, so signing in will fail until it is"
            ])
    }
}

/// The speech rate steps on multiples of its step, and its ends are said when reached.
@Suite struct RateStepCoreTests {
    @Test func theRateStepsOnItsGridAndSaysItsEnds() {
        var (core, _) = AppCoreTests.openCore { $0.speech.rate = 80 }
        core.carryOut(.adjust(.speechRate, by: 1))
        #expect(core.state.settings.speech.rate == 100)
        for _ in 0..<3 { core.carryOut(.adjust(.speechRate, by: 1)) }
        #expect(core.state.settings.speech.rate == 175, "the default is reachable again")
        func said(_ value: Int) -> String {
            var settings = Settings()
            settings.speech.rate = value
            return Wording.settingValue(.speechRate, in: settings)
        }
        #expect(said(80) == "80 words per minute, the slowest")
        #expect(said(450) == "450 words per minute, the fastest")
        #expect(said(175) == "175 words per minute")
    }
}
