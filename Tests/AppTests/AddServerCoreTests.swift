import Chat
import Foundation
import Settings
import Terminal
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

    /// Right through the form: a filled field's end is heard, and Right again goes on to the
    /// next field (it was a wall); Left at its start goes back the same way.
    @Test func rightAtAFilledFieldsEndGoesOnAtTheSecondPress() {
        var core = Self.openForm()
        core.state.serverDraft[.host] = "ab"
        core.rebuild()
        _ = core.navigator.focus(identifier: ElementID.serverField(.host).identifier)
        var time = Duration.seconds(2)
        func press(_ key: KeyEvent.Key) -> [String] {
            time += .milliseconds(100)
            return AppCoreTests.spoken(core.handle(.key(.key(key, [])), at: time))
        }
        var focus: String? { core.navigator.focusedElement?.identifier }
        #expect(press(.right).isEmpty)  // at the end already: the edge's sound
        #expect(focus == ElementID.serverField(.host).identifier)
        #expect(press(.right).first?.hasPrefix("Port") == true)
        #expect(focus == ElementID.serverField(.port).identifier)
        // The port (filled: 6697) keeps its caret moves; back on the host, at its text's end.
        #expect(press(.left) == ["7"])
        _ = core.navigator.focus(identifier: ElementID.serverField(.host).identifier)
        // Caret moves in between are caret moves; only the same arrow at the same edge goes on.
        #expect(press(.left) == ["b"])
        #expect(press(.left) == ["a"])
        #expect(press(.right) == ["a"])
        #expect(press(.left) == ["a"])
        #expect(press(.left).isEmpty)  // at the start: the edge's sound
        #expect(focus == ElementID.serverField(.host).identifier)
        _ = press(.left)
        #expect(focus != ElementID.serverField(.host).identifier)
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
