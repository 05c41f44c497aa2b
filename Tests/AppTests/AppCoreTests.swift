import Accessibility
import Chat
import Foundation
import Presentation
import Settings
import Speech
import Terminal
import Testing

@testable import App
@testable import ClientCore

/// The core alone: events in, effects out, time given by the test.
@Suite struct AppCoreTests {
    static let local: Int64 = 1
    static let welcome = ChatChannel(id: 10, networkID: local, name: "#welcome", lastReadMessageID: 101)

    /// A core on Main with #welcome open: three messages, the last two unread.
    static func openCore(
        reduceMotion: Bool = false, braille: Bool = false, desktop: Bool = false, clipboard: Bool = true,
        speechOff: Bool = false, _ configure: (inout Settings) -> Void = { _ in }
    ) -> (AppCore, [AppEffect]) {
        var settings = Settings()
        settings.display.reduceMotion = reduceMotion
        configure(&settings)
        var configuration = AppCore.Configuration(
            settings: settings, onboarded: true, terminalRows: 24, localNetworkID: local, welcomeChannelID: 10,
            nick: "you", localTime: .fixed(origin: Date()), emoji: .installed,
            braille: braille)
        configuration.desktop = desktop
        configuration.clipboard = clipboard
        configuration.speechOff = speechOff
        var core = AppCore(configuration)
        let start = core.handle(.start(problems: []), at: .zero)
        let load = ChatLoad(channelID: 10, purpose: .open)
        #expect(start.contains(.load(load)))
        let messages = (101...103).map {
            ChatMessage(id: $0, channelID: 10, msgid: "m\($0)", author: "ada", text: "message \($0)", time: Date())
        }
        let effects = core.handle(
            .loaded(ChatSnapshot(load: load, channels: [welcome], messages: messages)), at: .milliseconds(1))
        return (core, effects)
    }

    /// The words of the speech effects (sound cues alone have none).
    static func spoken(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { if case .speak(let text, _, _, _, _, _, _) = $0, !text.isEmpty { text } else { nil } }
    }

    /// What the effects write to the settings file, as the file gets it: each key path and
    /// its TOML value.
    static func written(_ effects: [AppEffect]) -> [[String]: TOMLValue] {
        var result: [[String]: TOMLValue] = [:]
        for case .writeSetting(let key, let settings) in effects { result[key.keyPath] = key.value(in: settings) }
        return result
    }

    /// The sound cues asked for.
    static func cues(_ effects: [AppEffect]) -> [SoundCue] {
        effects.compactMap { if case .speak(_, _, _, let cue?, _, _, _) = $0 { cue } else { nil } }
    }

    @Test func openingAChannelSaysItsHeadingThenFocusesTheFirstUnread() {
        let (core, effects) = Self.openCore()
        #expect(Self.spoken(effects).first == "hash welcome, 2 unread")
        #expect(Self.spoken(effects).dropFirst().first?.contains("message 102") == true)
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(102).identifier)
    }

    /// For another screen reader the core prints what it announces as a line of its own,
    /// written as shown ("#welcome"), and the bottom line is the focused element's whole
    /// phrase, undecorated.
    @Test func forAnotherScreenReaderAnnouncementsArePrintedAndTheBottomLineIsThePhrase() {
        var (core, _) = Self.openCore { $0.display.screenReader = true }
        let effects = core.handle(.key(.right), at: .seconds(2))
        let bottoms = effects.compactMap { if case .bottom(let line, _) = $0 { line } else { nil } }
        #expect(bottoms.count == 1 && !(bottoms.first?.hasPrefix("▸") ?? true), "\(bottoms)")
        #expect(bottoms.first?.contains("message 103") == true, "\(bottoms)")
        let more = core.handle(.chat(.disconnected(reason: .refused)), at: .seconds(3))
        let printed = more.compactMap { if case .announcementLine(let text, _) = $0 { text } else { nil } }
        #expect(printed.contains { $0.hasPrefix("Cannot connect to") }, "\(printed)")
        // Without it: no announcement lines, and the bottom line is decorated.
        var (plain, _) = Self.openCore()
        let plainEffects = plain.handle(.key(.right), at: .seconds(2))
        #expect(!plainEffects.contains { if case .announcementLine = $0 { true } else { false } })
        #expect(plainEffects.contains { if case .bottom(let line, _) = $0 { line.hasPrefix("▸") } else { false } })
    }

    /// Losing the sound server is shown, not spoken (nothing would be heard); its return is
    /// shown and said, politely, without moving focus.
    @Test func speechMovingToCaptionsAndBackIsShownAndTheReturnIsSaid() {
        var (core, _) = Self.openCore()
        let focus = core.navigator.focusedElement?.identifier
        var effects = core.handle(.speechRoute(.captions(reason: "Connection terminated")), at: .milliseconds(5))
        #expect(Self.spoken(effects).isEmpty)
        #expect(
            effects.contains { effect in
                guard case .lines(let lines) = effect else { return false }
                return lines.map(\.string).joined().contains(
                    "Speech moved to text captions: the sound server stopped (Connection terminated)")
            })
        effects = core.handle(.speechRoute(.audio), at: .milliseconds(6))
        #expect(Self.spoken(effects) == ["Speech is back on the sound server."])
        #expect(effects.contains { if case .speak(_, .low, _, _, _, _, _) = $0 { true } else { false } })
        #expect(core.navigator.focusedElement?.identifier == focus)
    }

    /// "More actions shows the rest" is a hint: said the first three times the actions open,
    /// then the sheet is said by its title; with hints off, by its title from the first.
    @Test func theActionsCountAndItsHintAreSaidUntilLearnt() {
        func openings(_ core: inout AppCore) -> [String] {
            var said: [String] = []
            for round in 0..<4 {
                let start = Duration.seconds(round * 2 + 1)
                said += Self.spoken(core.handle(.key(.character("a")), at: start))
                said += Self.spoken(core.handle(.transitionFinished, at: start + .milliseconds(300)))
                _ = core.handle(.key(.escape), at: start + .milliseconds(400))
                _ = core.handle(.transitionFinished, at: start + .milliseconds(700))
            }
            return said.filter { $0.hasPrefix("Message actions") }
        }
        var (core, _) = Self.openCore()
        let full = "Message actions, 7 of 8 shown. More actions shows the rest"
        #expect(openings(&core) == [full, full, full, "Message actions"])
        var (quiet, _) = Self.openCore { $0.speech.hints = false }
        #expect(openings(&quiet) == Array(repeating: "Message actions", count: 4))
    }

    @Test func aPresentationRequestedDuringATransitionIsQueuedAndCarriedOutAfterIt() {
        var (core, _) = Self.openCore()
        var effects = core.handle(.key(.character("a")), at: .milliseconds(10))
        #expect(effects.contains { if case .drawTransition = $0 { true } else { false } })
        #expect(core.state.sheets.isTransitioning)
        // Escape while the sheet is still coming up: queued by the coordinator, not dropped.
        effects = core.handle(.key(.escape), at: .milliseconds(11))
        #expect(core.state.sheets.pending == [.dismiss(.escape)])
        effects = core.handle(.transitionFinished, at: .milliseconds(300))
        #expect(Self.spoken(effects).contains { $0.hasPrefix("Message actions") })
        #expect(effects.contains { if case .drawTransition = $0 { true } else { false } })  // the queued dismissal
        effects = core.handle(.transitionFinished, at: .milliseconds(600))
        #expect(!core.state.sheets.hasSheet)
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(102).identifier)
    }

    /// A sheet asked for while another comes up waits, and is not read into the first one's
    /// arrival: the first is announced and focused, then the second comes up over it.
    @Test func aSheetQueuedBehindAnotherIsShownOnlyWhenItsOwnTurnComes() {
        var (core, _) = Self.openCore()
        _ = core.handle(.key(.character("a")), at: .milliseconds(10))
        #expect(core.state.sheets.isTransitioning)
        core.present(.keyHelp)
        #expect(core.state.sheets.pending.count == 1)
        #expect(core.state.activeSheet?.kind == .messageActions(messageID: 102))
        var effects = core.handle(.transitionFinished, at: .milliseconds(300))
        // The message actions settle and are announced; the queued sheet then starts coming up.
        let spoken = Self.spoken(effects)
        #expect(spoken.contains { $0.hasPrefix("Message actions") }, "\(spoken)")
        #expect(IRCEventsCoreTests.printed(effects).hasPrefix("Message actions"), "its lines, not the next sheet's")
        #expect(
            core.navigator.focusedElement?.identifier?.hasPrefix("actions.") == true, "focus in the sheet announced")
        #expect(core.state.sheets.entries.map(\.payload) == [.messageActions(messageID: 102), .keyHelp])
        #expect(core.state.activeSheet?.kind == .keyHelp)
        effects = core.handle(.transitionFinished, at: .milliseconds(600))
        #expect(Self.spoken(effects).contains { $0.hasPrefix("Key help, ") })
        #expect(core.state.sheets.activeSheet?.frame?.height ?? 0 > 0, "the last frame drawn is kept with the sheet")
        #expect(core.state.sheets.isInert(core.state.sheets.entries[0].id))
    }

    @Test func withReduceMotionASheetSettlesAtOnce() {
        var (core, _) = Self.openCore(reduceMotion: true)
        let effects = core.handle(.key(.character("a")), at: .milliseconds(10))
        #expect(!effects.contains { if case .drawTransition = $0 { true } else { false } })
        #expect(Self.spoken(effects).contains { $0.hasPrefix("Message actions") })
    }

    @Test func aReloadedFileChangesEverySpeechSetting() {
        var (core, _) = Self.openCore()
        var new = core.state.settings
        new.speech.pitch = 80
        new.speech.volume = 60
        new.speech.voice = "announcer"
        new.speech.punctuation = .all
        let update = SettingsUpdate(kind: .reload, old: core.state.settings, new: new, problems: [], applied: true)
        let effects = core.handle(.settings(update), at: .seconds(1))
        #expect(effects.contains(.configureSpeech(new.speech)))
        #expect(core.navigator.options.punctuation == .all)
    }

    @Test func theAnnouncerAsksToBeWokenAtItsDeadlineInsteadOfBeingPolled() {
        var (core, _) = Self.openCore()
        let other = ChatChannel(id: 11, networkID: Self.local, name: "#b")
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: .init(channelID: 10, purpose: .refresh), channels: [Self.welcome, other], messages: [])),
            at: .seconds(1))
        func message(_ id: Int64) -> AppEvent {
            .chat(.messages([ChatMessage(id: id, channelID: 11, author: "kim", text: "note \(id)", time: Date())]))
        }
        let first = core.handle(message(201), at: .seconds(2))
        #expect(Self.spoken(first) == ["hash b, kim: note 201"])
        let second = core.handle(message(202), at: .seconds(2) + .milliseconds(10))
        #expect(Self.spoken(second).isEmpty)
        _ = core.handle(message(203), at: .seconds(2) + .milliseconds(20))
        let finished = core.handle(.utterance(.done, .announcer), at: .seconds(2) + .milliseconds(100))
        #expect(Self.spoken(finished).isEmpty)
        let wake = finished.compactMap { if case .wake(let at) = $0 { at } else { nil } }.first
        // The count waits for #b to be quiet a second after its last message (a total).
        #expect(wake == .seconds(3) + .milliseconds(20))
        let tick = core.handle(.tick, at: .seconds(3) + .milliseconds(20))
        #expect(Self.spoken(tick) == ["2 new messages in hash b"])
    }

    @Test func aPausedTypistIsShownForThirtySeconds() {
        var (core, _) = Self.openCore()
        _ = core.handle(
            .chat(.server(.typing(channel: "#welcome", nick: "bob", state: .paused), channelID: 10)), at: .seconds(10))
        #expect(core.state.typing == ["bob"])
        _ = core.handle(.tick, at: .seconds(39))
        #expect(core.state.typing == ["bob"])
        _ = core.handle(.tick, at: .seconds(41))
        #expect(core.state.typing.isEmpty)
    }

    @Test func theDrawerFollowsTheTerminalsSize() {
        var (core, _) = Self.openCore()
        _ = core.handle(.key(.resize(columns: 80, rows: 50)), at: .seconds(1))
        #expect(core.state.drawer.terminalRows == 50)
        #expect(core.state.sheets.terminalRows == 50)
    }

    @Test func typingInAnIRCChannelSendsTypingThroughTheConnection() {
        var core = AppCore(
            .init(
                settings: Settings(), onboarded: true, terminalRows: 24, localNetworkID: 1, welcomeChannelID: 10,
                nick: "you", localTime: .fixed(origin: Date()), emoji: .installed))
        _ = core.handle(.start(problems: []), at: .zero)
        let irc = ChatChannel(id: 20, networkID: 2, name: "#a")
        _ = core.handle(
            .loaded(ChatSnapshot(load: .init(channelID: 20, purpose: .open), channels: [irc], messages: [])), at: .zero)
        #expect(core.navigator.focusedElement?.identifier == ElementID.composer.identifier)
        let typed = core.handle(.key(.character("h")), at: .seconds(1))
        #expect(typed.contains(.send(.typing(in: "#a"), network: 2)))
        let sent = core.handle(.key(.enter), at: .seconds(2))
        #expect(sent.contains(.send(.message("h", to: "#a", replyTo: nil), network: 2)))
        #expect(sent.contains(.send(.stoppedTyping(in: "#a"), network: 2)))
    }

    @Test func atPunctuationAllAPhraseNamesTheTextsPunctuationNotItsOwnPauses() {
        var (core, _) = Self.openCore()
        var new = core.state.settings
        new.speech.punctuation = .all
        new.speech.times = true
        _ = core.handle(
            .settings(SettingsUpdate(kind: .reload, old: core.state.settings, new: new, problems: [], applied: true)),
            at: .seconds(1))
        let effects = core.handle(.key(.right), at: .seconds(2))
        let phrase = Self.spoken(effects).first ?? ""
        #expect(phrase.hasPrefix("ada comma "), "\(phrase)")
        #expect(phrase.hasSuffix(", message 103. Unread."), "\(phrase)")
    }

    @Test func aLineTheServerCannotTakeGoesBackToTheComposerAndIsSaidAloud() throws {
        let refused = IRCSerializationError(.invalidParameter, "the target has a space")
        let event = AppEvent.sendFailed(.message("hello", to: "#a b", replyTo: nil), FailureReason(refused))
        var (core, _) = Self.openCore()
        #expect(
            Self.spoken(core.handle(.sendFailed(.typing(in: "#a"), FailureReason(refused)), at: .seconds(1))).isEmpty)
        let effects = core.handle(event, at: .seconds(1))
        #expect(core.state.composer == "hello")
        #expect(
            effects.contains {
                if case .speak(let said, .high, _, _, _, _, _) = $0 {
                    said.hasPrefix("Not sent: a name in it has a space or a line break")
                } else {
                    false
                }
            })
    }

    /// /reconnect while the first connection is still being made is not "every server is
    /// connected" (a walkthrough finding): it is still connecting.
    @Test func reconnectWhileStillConnectingSaysSo() {
        var settings = Settings()
        settings.ircServers = [IRCServerSettings(host: "127.0.0.1", port: 6667, nick: "you")]
        var core = AppCore(
            .init(
                settings: settings, onboarded: true, terminalRows: 24, localNetworkID: 1, welcomeChannelID: 10,
                nick: "you", localTime: .fixed(origin: Date()), emoji: .installed, expectsIRC: true))
        _ = core.handle(.start(problems: []), at: .zero)
        let said = Self.spoken(core.handle(.line("/reconnect"), at: .seconds(1)))
        #expect(said == ["Still connecting to 127.0.0.1"], "\(said)")
    }

    @Test func aPipedLineWaitsForTheServerAndIsRefusedAloudIfNoChannelComes() {
        var core = AppCore(
            .init(
                settings: Settings(), onboarded: true, terminalRows: 24, localNetworkID: 1, welcomeChannelID: 10,
                nick: "you", localTime: .fixed(origin: Date()), emoji: .installed,
                expectsIRC: true))
        _ = core.handle(.start(problems: []), at: .zero)
        _ = core.handle(
            .loaded(ChatSnapshot(load: .init(channelID: 10, purpose: .open), channels: [Self.welcome], messages: [])),
            at: .zero)
        let waiting = core.handle(.line("deploy is done"), at: .seconds(1))
        #expect(!waiting.contains { if case .store = $0 { true } else { false } })  // not posted to #welcome
        #expect(core.waits.lines.nextDeadline == .seconds(31))
        #expect(!core.handle(.line("/quit"), at: .seconds(2)).contains(.quit))
        let gaveUp = core.handle(.tick, at: .seconds(31))
        #expect(
            gaveUp.contains {
                if case .speak(let text, .high, _, _, _, _, _) = $0 {
                    text.hasSuffix("deploy is done") && text.hasPrefix("Not sent")
                } else {
                    false
                }
            })
        #expect(gaveUp.contains(.quit))
    }
}
