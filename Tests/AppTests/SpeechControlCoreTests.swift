import Chat
import Foundation
import Settings
import Speech
import Terminal
import Testing

@testable import App
@testable import ClientCore

/// Speech controls, sound cues and the typing policy in the core: keys and speech events in,
/// speech effects out, time given by the test.
@Suite struct SpeechControlCoreTests {
    typealias Core = AppCoreTests
    static let other = ChatChannel(id: 11, networkID: Core.local, name: "#b")

    /// The open core with a second channel, #b, known.
    static func coreWithTwoChannels(_ configure: (inout Settings) -> Void = { _ in }) -> AppCore {
        var (core, _) = Core.openCore(configure)
        let refresh = ChatSnapshot(
            load: .init(channelID: 10, purpose: .refresh), channels: [Core.welcome, other],
            messages: core.state.messages)
        _ = core.handle(.loaded(refresh), at: .milliseconds(2))
        return core
    }

    static func elsewhere(_ id: Int64, _ text: String) -> AppEvent {
        .chat(.messages([ChatMessage(id: id, channelID: 11, author: "kim", text: text, time: Date())]))
    }

    // MARK: Controls

    /// A on a thing said, then Copy: it is copied, said "Copied", and only its actions close;
    /// the speech history stays, focus back on the thing.
    @Test func copyingFromTheSpeechHistoryLeavesItOpen() {
        var core = Self.coreWithTwoChannels()
        _ = core.handle(.key(.alt("p")), at: .seconds(1))
        _ = core.handle(.key(.alt("h")), at: .seconds(2))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 3)
        #expect(core.state.activeSheet?.kind == .speechHistory)
        let item = core.navigator.focusedElement?.identifier
        let held = core.state.speechHistory.count
        var opened = core.handle(.key(.character("a")), at: .seconds(4))
        opened += IRCEventsCoreTests.finishTransitions(&core, at: 5)
        #expect(Core.spoken(opened).first?.hasPrefix("Actions, 1 action") == true, "\(Core.spoken(opened))")
        _ = core.navigator.focus(identifier: ElementID.elementAction(0).identifier)
        // The hint says what Enter does, from the action's name ("do it" told nothing).
        #expect(core.navigator.focusedElement?.hint == "Press Enter to copy.")
        var effects = core.handle(.key(.enter), at: .seconds(6))
        effects += IRCEventsCoreTests.finishTransitions(&core, at: 7)
        #expect(effects.contains { if case .copy = $0 { true } else { false } }, "\(effects)")
        #expect(Core.spoken(effects) == ["Copied"], "\(Core.spoken(effects))")
        #expect(core.state.activeSheet?.kind == .speechHistory, "\(core.state.sheets)")
        #expect(core.navigator.focusedElement?.identifier == item)
        #expect(core.state.speechHistory.count == held, "what is said while the history is open is not added to it")
    }

    /// Announcements that pile up while something is said are one count ("3 new
    /// announcements"), and each of them is in the speech history after it, to be read there.
    @Test func announcementsSaidAsACountAreEachInTheHistory() {
        var core = Self.coreWithTwoChannels()
        _ = core.handle(.utterance(.speak, .announcer), at: .seconds(1))
        core.post(.announcement("Joined #c", priority: .low))
        _ = core.handle(.utterance(.speak, .announcer), at: .seconds(1) + .milliseconds(10))
        for text in ["kim is away", "bob is back", "Topic of #c: plans"] {
            core.post(.announcement(text, priority: .low))
        }
        let said = Core.spoken(core.handle(.utterance(.done, .announcer), at: .seconds(3)))
        #expect(said == ["3 new announcements"], "\(said)")
        let history = core.state.speechHistory.suffix(4).map { $0.shown ?? $0.text }
        #expect(
            history == ["3 new announcements", "kim is away", "bob is back", "Topic of #c: plans"], "\(history)")
    }

    /// Letters typed to find what was said include `a`: inside a word it is a letter, not the
    /// entry's actions ("reacted" was cut at its "a").
    @Test func typingAWordWithAInTheHistoryFindsIt() {
        var core = Self.coreWithTwoChannels()
        _ = core.handle(.key(.alt("p")), at: .seconds(1))
        _ = core.handle(.key(.alt("h")), at: .seconds(2))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 3)
        for (index, letter) in "punctuation".enumerated() {
            _ = core.handle(.key(.character(letter)), at: .seconds(4) + .milliseconds(100 * index))
        }
        #expect(core.state.sheets.entries.count == 1, "an actions sheet opened: \(core.state.sheets)")
        #expect(core.state.spokenSearch.text == "punctuation")
        #expect(core.navigator.focusedElement?.label.hasPrefix("Punctuation") == true)
        // Alone (after a pause), `a` still opens the entry's actions.
        _ = core.handle(.key(.character("a")), at: .seconds(8))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 9)
        #expect(core.state.sheets.entries.count == 2)
    }

    @Test func altSPausesOrResumesAndAltLSaysTheLastThingAgain() throws {
        var core = Self.coreWithTwoChannels()
        #expect(core.handle(.key(.alt("s")), at: .seconds(1)).contains(.pauseOrResumeSpeech))
        let right = core.handle(.key(.key(.right, [])), at: .seconds(2))
        let phrase = try #require(Core.spoken(right).first, "Right said nothing")
        // A hint is not what Alt-L repeats: the phrase is.
        let again = core.handle(.key(.alt("l")), at: .seconds(3))
        #expect(Core.spoken(again) == [phrase])
        #expect(core.state.speechHistory.last?.text == phrase, "a repeat is not added to the history")
        #expect(core.state.speechHistory.filter { $0.text == phrase }.count == 1)
    }

    @Test func theHistoryKeepsTheLast100AndItsSheetRepeatsAnEntry() {
        var core = Self.coreWithTwoChannels()
        for index in 0..<120 {
            _ = core.handle(Self.elsewhere(300 + Int64(index), "note \(index)"), at: .seconds(10 + index * 2))
            _ = core.handle(.utterance(.done, .announcer), at: .seconds(11 + index * 2))
        }
        #expect(core.state.speechHistory.count == AppState.speechHistoryLimit)
        #expect(!core.state.speechHistory.contains { $0.text.hasPrefix("Press") }, "hints are not history")

        var effects = core.handle(.key(.alt("h")), at: .seconds(301))
        effects += core.handle(.transitionFinished, at: .seconds(302))
        #expect(Core.spoken(effects).contains { $0.hasPrefix("Speech history, ") })
        // Newest first: focus starts on the last thing said before the sheet.
        let newest = core.state.speechHistory.last?.text
        #expect(newest == "hash b, kim: note 119")
        #expect(
            Core.spoken(effects).contains { $0.hasPrefix((newest ?? "?") + ", 1 of 100") }, "\(Core.spoken(effects))")
        // Listed as written ("#b"), said as before ("hash b").
        #expect(core.navigator.focusedElement?.label == "#b, kim: note 119")
        let count = core.state.speechHistory.count
        effects = core.handle(.key(.key(.enter, [])), at: .seconds(304))
        #expect(Core.spoken(effects) == [newest].compactMap { $0 })
        #expect(core.state.speechHistory.count == count, "browsing the history does not change it")
        // Its action copies it, as it was said (issue 35: copy from the speech history).
        let focused = core.tree.behaviour(core.navigator.focusedElement?.identifier)
        let copy = focused?.actions.first { $0.name == "Copy" }?.intent
        #expect(copy == .copySpoken(count - 1), "\(String(describing: focused?.actions))")
        if let copy { core.carryOut(copy) }
        #expect(core.effects.contains(.copy("#b, kim: note 119")), "as written: \(core.effects)")
        // Letters typed find what was said with them, the newest first (issue 35: searched by typing).
        var found: [AppEffect] = []
        for (offset, character) in "note 7".enumerated() {
            found = core.handle(.key(.character(character)), at: .seconds(305) + .milliseconds(200 * offset))
        }
        #expect(core.navigator.focusedElement?.label == "#b, kim: note 79", "\(Core.spoken(found))")
        #expect(Core.spoken(found).first?.hasPrefix("hash b, kim: note 79, ") == true, "\(Core.spoken(found))")
        // Letters that keep focus where it is say nothing more: the entry was said at the first.
        found = core.handle(.key(.character("9")), at: .seconds(306) + .milliseconds(300))
        #expect(Core.spoken(found).isEmpty, "\(Core.spoken(found))")
        found = core.handle(.key(.character("q")), at: .seconds(310))
        #expect(Core.spoken(found) == ["Nothing said has q"], "a pause starts a new search")
        #expect(core.navigator.focusedElement?.label == "#b, kim: note 79", "focus stays")
    }

    /// Alt-S during say-all pauses it; Alt-S again says the message cut off again and reading
    /// goes on from it.
    @Test func altSPausesSayAllAndResumeReadsOn() {
        var core = Self.coreWithTwoChannels()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.alt("r")), at: .seconds(1))
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(1) + .milliseconds(10))
        #expect(core.handle(.key(.alt("s")), at: .seconds(2)).contains(.pauseOrResumeSpeech))
        _ = core.handle(.utterance(.cancel, .reader), at: .seconds(2) + .milliseconds(1))
        #expect(core.reader.sayAll.isOn, "paused, not ended")
        #expect(core.handle(.key(.alt("s")), at: .seconds(3)).contains(.pauseOrResumeSpeech))
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(3) + .milliseconds(1))
        let next = core.handle(.utterance(.done, .reader), at: .seconds(4))
        #expect(Core.spoken(next).first?.contains("message 103") == true, "\(Core.spoken(next))")
    }

    @Test func altRReadsFromTheFirstUnreadToTheComposerAndAnyKeyStopsIt() {
        var core = Self.coreWithTwoChannels()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        var effects = core.handle(.key(.alt("r")), at: .seconds(1))
        #expect(effects.first == .stopSpeech)
        #expect(Core.spoken(effects).first?.contains("message 102") == true, "\(Core.spoken(effects))")
        // The end and cut of what was said before Alt-R are not say-all's.
        effects = core.handle(.utterance(.cancel, .reader), at: .seconds(1) + .milliseconds(5))
        #expect(core.reader.sayAll.isOn)
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(1) + .milliseconds(10))
        effects = core.handle(.utterance(.done, .reader), at: .seconds(2))
        #expect(Core.spoken(effects).first?.contains("message 103") == true, "\(Core.spoken(effects))")
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(103).identifier)
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(2) + .milliseconds(10))
        // Reading on reaches the composer, reads it and stops there.
        var steps = 0
        while core.reader.sayAll.isOn && steps < 10 {
            effects = core.handle(.utterance(.done, .reader), at: .seconds(3 + steps))
            _ = core.handle(.utterance(.speak, .reader), at: .seconds(3 + steps) + .milliseconds(10))
            steps += 1
        }
        #expect(!core.reader.sayAll.isOn)
        #expect(Core.spoken(effects).last?.hasPrefix("Message hash welcome") == true, "\(Core.spoken(effects))")

        // Again, and a key stops it: speech stops and the key does its own work.
        _ = core.navigator.focus(identifier: ElementID.message(101).identifier)
        _ = core.handle(.key(.alt("r")), at: .seconds(20))
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(20) + .milliseconds(10))
        effects = core.handle(.key(.key(.left, [])), at: .seconds(21))
        #expect(!core.reader.sayAll.isOn)
        #expect(effects.first == .stopSpeech)
        // An interruption (a mention at high priority) stops it too.
        _ = core.handle(.key(.alt("r")), at: .seconds(22))
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(22) + .milliseconds(10))
        _ = core.handle(.utterance(.cancel, .reader), at: .seconds(23))
        #expect(!core.reader.sayAll.isOn)
    }

    /// Alt-R on a message just heard in full reads on from the next: it is not said twice in a
    /// row. One cut off, or still unread, is read again from its start.
    @Test func altROnAMessageJustHeardReadsOnFromTheNext() {
        var core = Self.coreWithTwoChannels()
        // Opening focused 102, said in full.
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(1))
        _ = core.handle(.utterance(.done, .reader), at: .seconds(2))
        let effects = core.handle(.key(.alt("r")), at: .seconds(3))
        #expect(Core.spoken(effects).first?.contains("message 103") == true, "\(Core.spoken(effects))")
        // Still being said when Alt-R came: read again from its start.
        var cut = Self.coreWithTwoChannels()
        _ = cut.handle(.utterance(.speak, .reader), at: .seconds(1))
        let again = cut.handle(.key(.alt("r")), at: .seconds(2))
        #expect(Core.spoken(again).first?.contains("message 102") == true, "\(Core.spoken(again))")
    }

    // MARK: Typing and announcements

    @Test func aMessageArrivingWhileTypingIsSpokenWhenTypingPauses() {
        var core = Self.coreWithTwoChannels()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.character("h")), at: .seconds(10))
        let arrived = core.handle(Self.elsewhere(201, "deploy is done"), at: .seconds(10) + .milliseconds(300))
        #expect(Core.spoken(arrived).isEmpty, "spoken while typing: \(Core.spoken(arrived))")
        _ = core.handle(.key(.character("i")), at: .seconds(11))
        // Asked to be woken when typing has paused long enough.
        let quiet = core.handle(.tick, at: .seconds(12))
        #expect(Core.spoken(quiet).isEmpty, "the pause is counted from the last key")
        let wake = quiet.compactMap { if case .wake(let at) = $0 { at } else { nil } }.last ?? core.outputs.wake
        #expect(wake == .seconds(11) + AppCore.typingPause)
        let paused = core.handle(.tick, at: .seconds(11) + AppCore.typingPause)
        #expect(Core.spoken(paused) == ["hash b, kim: deploy is done"])
    }

    @Test func anAnnouncementCutOffByTypingIsSaidAgainWhole() {
        var core = Self.coreWithTwoChannels()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        #expect(
            Core.spoken(core.handle(Self.elsewhere(201, "deploy is done"), at: .seconds(10))) == [
                "hash b, kim: deploy is done"
            ])
        _ = core.handle(.utterance(.speak, .announcer), at: .seconds(10) + .milliseconds(20))
        let key = core.handle(.key(.character("o")), at: .seconds(10) + .milliseconds(200))
        #expect(key.contains(.speak("o", .default, .keyEcho)), "typing interrupts by default (NVDA's choice)")
        _ = core.handle(.utterance(.cancel, .announcer), at: .seconds(10) + .milliseconds(210))
        let later = core.handle(.tick, at: .seconds(10) + .milliseconds(200) + AppCore.typingPause)
        #expect(Core.spoken(later) == ["hash b, kim: deploy is done"])
    }

    @Test func whenTypingDoesNotInterruptEchoesWaitBehindSpeech() {
        var core = Self.coreWithTwoChannels { $0.speech.typingInterrupts = false }
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(Self.elsewhere(201, "deploy is done"), at: .seconds(10))
        _ = core.handle(.utterance(.speak, .announcer), at: .seconds(10) + .milliseconds(20))
        let key = core.handle(.key(.character("o")), at: .seconds(10) + .milliseconds(200))
        #expect(key.contains(.speak("o", .low, .keyEcho)))
        // Not cut off, so not said twice.
        _ = core.handle(.utterance(.done, .announcer), at: .seconds(11))
        let later = core.handle(.tick, at: .seconds(13))
        #expect(!Core.spoken(later).contains("hash b, kim: deploy is done"))
    }

    // MARK: Sound cues

    @Test func eachEventHasItsCueAndABoundaryIsASoundNotAWord() {
        var core = Self.coreWithTwoChannels()
        let elsewhere = core.handle(Self.elsewhere(201, "deploy is done"), at: .seconds(1))
        #expect(Core.cues(elsewhere) == [.messageElsewhere])
        // A flood plays one cue.
        #expect(Core.cues(core.handle(Self.elsewhere(202, "and again"), at: .seconds(1) + .milliseconds(50))).isEmpty)
        let mention = core.handle(
            .chat(.messages([ChatMessage(id: 203, channelID: 11, author: "kim", text: "you there?", time: Date())])),
            at: .seconds(2))
        #expect(mention.contains(.speak("", .high, .sound, cue: .mention)))
        #expect(Core.cues(core.handle(.failed("Could not save the setting"), at: .seconds(3))) == [.error])
        // A connection that was there is lost (its own sound); one never made is an error.
        _ = core.handle(.chat(.server(.registered(nick: "you", again: false), channelID: nil)), at: .seconds(4))
        #expect(
            Core.cues(core.handle(.chat(.disconnected(reason: .closedByServer)), at: .seconds(4))) == [.connectionLost])
        let mine = ChatMessage(id: 204, channelID: 10, author: "you", text: "hi", time: Date())
        #expect(Core.cues(core.handle(.chat(.delivered(mine)), at: .seconds(5))) == [.sent])

        _ = core.handle(.key(.key(.home, [])), at: .seconds(6))
        let top = core.handle(.key(.key(.left, [])), at: .seconds(7))
        #expect(top.contains(.speak("", .default, .reader, cue: .boundary)))
        #expect(!Core.spoken(top).contains("boundary"))
    }

    @Test func withSoundsOffThereAreNoCuesAndTheBoundaryIsAWord() {
        var core = Self.coreWithTwoChannels { $0.sounds.enabled = false }
        #expect(Core.cues(core.handle(Self.elsewhere(201, "deploy is done"), at: .seconds(1))).isEmpty)
        _ = core.handle(.key(.key(.home, [])), at: .seconds(6))
        let top = core.handle(.key(.key(.left, [])), at: .seconds(7))
        #expect(Core.cues(top).isEmpty)
        #expect(Core.spoken(top).contains("boundary"), "\(Core.spoken(top))")
    }
}

/// Joins, parts, quits and nick changes in the open channel are shown and spoken politely.
@Suite struct MembershipEventTests {
    @Test func joinsPartsQuitsAndNickChangesAreShownAndSpoken() {
        var (core, _) = AppCoreTests.openCore()
        var welcome = AppCoreTests.welcome
        welcome.members = ["you", "kim", "ada"]
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: .init(channelID: 10, purpose: .refresh), channels: [welcome], messages: core.state.messages)),
            at: .seconds(1))
        func lines(_ effects: [AppEffect]) -> [String] {
            effects.flatMap { effect -> [String] in
                guard case .lines(let lines) = effect else { return [] }
                return lines.map(\.string)
            }
        }
        let joined = core.handle(
            .chat(.server(.joined(channel: "#welcome", nick: "bob", isSelf: false), channelID: 10)), at: .seconds(2))
        #expect(lines(joined).contains("bob joined #welcome"))
        // bob has not written: his join is shown, not spoken (`speech.events = "recent"`).
        #expect(AppCoreTests.spoken(joined).isEmpty)
        let wrote = core.handle(
            .chat(.messages([ChatMessage(id: 300, channelID: 10, author: "kim", text: "off now", time: Date())])),
            at: .seconds(3))
        // The channel had news a second ago (bob's join): kim's message waits a second for
        // more from her, then is said.
        #expect(AppCoreTests.spoken(wrote).isEmpty)
        #expect(wrote.contains(.wake(at: .seconds(4))))
        #expect(AppCoreTests.spoken(core.handle(.tick, at: .seconds(4))) == ["kim: off now"])
        _ = core.handle(.utterance(.done, .announcer), at: .seconds(5))
        // kim wrote a minute ago: her quit is spoken.
        let quit = core.handle(.chat(.server(.quit(nick: "kim", reason: "bye"), channelID: nil)), at: .seconds(60))
        #expect(lines(quit).contains { $0.hasPrefix("kim quit") })
        #expect(AppCoreTests.spoken(quit) == ["kim quit: bye"])
        _ = core.handle(.utterance(.done, .announcer), at: .seconds(5))
        let renamed = core.handle(
            .chat(.server(.nickChanged(from: "ada", to: "ada2", isSelf: false), channelID: nil)), at: .seconds(6))
        #expect(lines(renamed).contains("ada is now ada2"))
        let mine = core.handle(
            .chat(.server(.nickChanged(from: "you", to: "me2", isSelf: true), channelID: nil)), at: .seconds(7))
        #expect(AppCoreTests.spoken(mine).contains("You are now me2"))
        #expect(core.state.nick == "me2")
        // Elsewhere: not shown here.
        #expect(
            lines(
                core.handle(
                    .chat(.server(.parted(channel: "#x", nick: "bob", isSelf: false, reason: ""), channelID: 99)),
                    at: .seconds(8))
            ).isEmpty)
    }

    /// `speech.events`: everyone's joins and quits, only of people who wrote in the last ten
    /// minutes, or none; always shown.
    @Test(arguments: [(SpeechSettings.EventPolicy.all, 1, 1), (.recent, 0, 1), (.none, 0, 0)])
    func theSmartFilterSpeaksOnlyWhoSpokeRecently(
        events: SpeechSettings.EventPolicy, silentSpoken: Int, writerSpoken: Int
    ) {
        var (core, _) = AppCoreTests.openCore()
        var settings = core.state.settings
        settings.speech.events = events
        _ = core.handle(
            .settings(
                SettingsUpdate(kind: .reload, old: core.state.settings, new: settings, problems: [], applied: true)),
            at: .milliseconds(500))
        _ = core.handle(.utterance(.done, .announcer), at: .milliseconds(600))
        var welcome = AppCoreTests.welcome
        welcome.members = (0..<50).map { "guest\($0)" } + ["kim"]
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: .init(channelID: 10, purpose: .refresh), channels: [welcome], messages: core.state.messages)),
            at: .seconds(1))
        _ = core.handle(
            .chat(.messages([ChatMessage(id: 300, channelID: 10, author: "kim", text: "brb", time: Date())])),
            at: .seconds(2))
        _ = core.handle(.utterance(.done, .announcer), at: .seconds(3))
        let silent = core.handle(.chat(.server(.quit(nick: "guest7", reason: ""), channelID: nil)), at: .seconds(20))
        #expect(AppCoreTests.spoken(silent).count == silentSpoken, "\(AppCoreTests.spoken(silent))")
        _ = core.handle(.utterance(.done, .announcer), at: .seconds(21))
        let writer = core.handle(.chat(.server(.quit(nick: "kim", reason: ""), channelID: nil)), at: .seconds(40))
        #expect(AppCoreTests.spoken(writer).count == writerSpoken, "\(AppCoreTests.spoken(writer))")
        // Eleven minutes on, kim is not recent any more.
        _ = core.handle(.utterance(.done, .announcer), at: .seconds(41))
        let later = core.handle(
            .chat(.server(.joined(channel: "#welcome", nick: "kim", isSelf: false), channelID: 10)), at: .seconds(700))
        #expect(AppCoreTests.spoken(later).count == (events == .all ? 1 : 0))
    }
}

/// `speech.messages` and its per-channel override choose which new messages are spoken.
@Suite struct MessagePolicyTests {
    static func spoken(
        _ policy: SpeechSettings.MessagePolicy, channels: [String: SpeechSettings.MessagePolicy] = [:]
    ) -> [String] {
        var core = SpeechControlCoreTests.coreWithTwoChannels {
            $0.speech.messages = policy
            $0.speech.channels = channels.mapValues { SpeechSettings.ChannelSpeech(messages: $0) }
        }
        var said: [String] = []
        let events: [AppEvent] = [
            .chat(.messages([ChatMessage(id: 201, channelID: 10, author: "kim", text: "here", time: Date())])),
            SpeechControlCoreTests.elsewhere(202, "elsewhere"),
            .chat(.messages([ChatMessage(id: 203, channelID: 11, author: "kim", text: "you, look", time: Date())])),
        ]
        for (index, event) in events.enumerated() {
            said += AppCoreTests.spoken(core.handle(event, at: .seconds(10 + index * 2)))
            said += AppCoreTests.spoken(core.handle(.utterance(.done, .announcer), at: .seconds(11 + index * 2)))
        }
        return said
    }

    @Test func eachPolicySpeaksWhatItSays() {
        #expect(Self.spoken(.all) == ["kim: here", "hash b, kim: elsewhere", "kim mentioned you in hash b: look"])
        #expect(Self.spoken(.active) == ["kim: here", "kim mentioned you in hash b: look"])
        #expect(Self.spoken(.mentions) == ["kim mentioned you in hash b: look"])
        #expect(Self.spoken(.none).isEmpty)
        #expect(Self.spoken(.all, channels: ["#B": .none]) == ["kim: here"])
    }

    @Test func theSettingsFileSetsThemWithLineAndColumnForMistakes() {
        let good = Settings.decode(
            text: "[speech]\nmessages = \"active\"\n[speech.channels]\n\"#b\" = \"mentions\"\n", file: "c.toml")
        #expect(good.problems.isEmpty)
        #expect(good.settings.speech.messages == .active)
        #expect(good.settings.speech.messagePolicy(in: "#b") == .mentions)
        #expect(good.settings.speech.messagePolicy(in: "#c") == .active)
        let bad = Settings.decode(text: "[speech.channels]\n\"#b\" = \"loud\"\n", file: "c.toml")
        #expect(bad.problems.first?.line == 2)
        #expect(bad.problems.first?.message.contains("#b") == true)
    }
}

/// A nick change that only moves a status after a bar is said as that status.
@Suite struct NickStatusTests {
    @Test(arguments: [
        ("kim", "kim|away", "is now marked \u{E001}away\u{E002}"),
        ("eve|lunch", "eve", "is no longer marked \u{E001}lunch\u{E002}"),
        ("kim|away", "kim|afk", "is now marked \u{E001}afk\u{E002}"), ("kim", "kim_", nil), ("_bob_", "bob", nil),
    ])
    func theStatusIsTheNews(old: String, new: String, said: String?) {
        #expect(AppCore.statusChange(from: old, to: new).map(Wording.words) == said)
    }
}

/// `/pronounce`: saved, said the new way, and taken back only where there is one.
@Suite struct PronounceCommandTests {
    @Test func aPronunciationIsSavedAndRemovedAndNoneIsNotInvented() {
        var (core, _) = AppCoreTests.openCore()
        let none = core.handle(.line("/pronounce bob"), at: .seconds(1))
        #expect(
            AppCoreTests.spoken(none).contains { $0.hasPrefix("bob has no pronunciation of its own") },
            "\(AppCoreTests.spoken(none))")
        #expect(!none.contains { if case .writeSetting = $0 { true } else { false } })
        let saved = core.handle(.line("/pronounce kpcyrd k p cyrd"), at: .seconds(2))
        #expect(AppCoreTests.written(saved)[["speech", "pronounce", "kpcyrd"]] == .string("k p cyrd"))
        #expect(AppCoreTests.spoken(saved).contains("Pronunciation saved. The name is now said: k p cyrd"))
        #expect(core.navigator.options.lexicon.apply("ask kpcyrd") == "ask k p cyrd")
        let removed = core.handle(.line("/pronounce kpcyrd"), at: .seconds(3))
        #expect(AppCoreTests.written(removed)[["speech", "pronounce", "kpcyrd"]] == .string("kpcyrd"))
        #expect(AppCoreTests.spoken(removed).contains { $0.hasPrefix("Pronunciation of kpcyrd removed") })
        #expect(core.navigator.options.lexicon.apply("ask kpcyrd") == "ask kpcyrd")
    }

    /// "Set how kim is said" leaves `/pronounce kim ` in the field, whose hint says what Enter
    /// does with it ("Type a message and press Enter to send it" contradicted the instruction).
    @Test func settingHowANameIsSaidLeavesAFieldWhoseHintSaysWhatEnterDoes() {
        var (core, _) = AppCoreTests.openCore()
        core.carryOut(.pronounceNick("kim"))
        #expect(core.state.composer == "/pronounce kim ")
        #expect(core.navigator.focusedElement?.identifier == ElementID.composer.identifier)
        #expect(core.navigator.focusedElement?.hint == "Press Enter to save how the name is said.")
        #expect(MainScreen.composerHint("/join #b") == "Press Enter to run the command.")
        #expect(MainScreen.composerHint("//slash") == "Type a message and press Enter to send it.")
    }
}
