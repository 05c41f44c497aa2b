import Accessibility
import Braille
import Chat
import Foundation
import Settings
import Testing

@testable import App
@testable import ClientCore

/// What the core puts on the braille display, and what the display's keys do.
@Suite struct BrailleCoreTests {
    typealias Core = AppCoreTests

    static func brailled(_ effects: [AppEffect]) -> [BrailleLine] {
        effects.compactMap { if case .braille(let line, _) = $0 { line } else { nil } }
    }

    static func messages(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { if case .brailleMessage(let text, _, _, _) = $0 { text } else { nil } }
    }

    /// News of the connection carries its topic, so on the display "Connected as ada" replaces
    /// a "Connecting to …" still shown or waiting; other news has none.
    @Test func newsOfTheConnectionIsMarkedAsSuch() {
        var (core, _) = Core.openCore(braille: true)
        func topics(_ effects: [AppEffect]) -> [String?] {
            effects.compactMap { if case .brailleMessage(_, _, let topic, _) = $0 { topic } else { nil } }
        }
        let added = core.handle(.serverAdded(host: "127.0.0.1 port 16801", unsetVariable: nil), at: .seconds(1))
        #expect(Self.messages(added) == ["Connecting to 127.0.0.1 port 16801, saved for next time"])
        #expect(topics(added) == ["connection"])
        let news = core.handle(
            .chat(.messages([ChatMessage(id: 300, channelID: 10, author: "kim", text: "hi", time: Date())])),
            at: .seconds(2))
        #expect(!topics(news).isEmpty && topics(news).allSatisfy { $0 == nil }, "\(news)")
    }

    /// With speech off there is nothing to hear again: Enter on the history's entry copies it,
    /// and the display says so (it showed nothing before).
    @Test func withSpeechOffEnterInTheHistoryCopies() {
        var (core, _) = Core.openCore(braille: true, speechOff: true)
        _ = core.handle(.key(.alt("t")), at: .seconds(1))
        _ = core.handle(.key(.alt("h")), at: .seconds(2))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 3)
        #expect(core.state.activeSheet?.kind == .speechHistory)
        #expect(core.navigator.focusedElement?.hint.hasPrefix("Press Enter to copy it") == true)
        let entered = core.handle(.key(.enter), at: .seconds(4))
        #expect(entered.contains { if case .copy = $0 { true } else { false } }, "\(entered)")
        #expect(Self.messages(entered) == ["Copied"], "\(Self.messages(entered))")
    }

    /// Speech leaves the name out when the same person goes on; the display, which shows news
    /// one at a time between other news, keeps it ("kim: two", not "two").
    @Test func aBurstsNextMessageKeepsItsWritersNameOnTheDisplay() {
        var (core, _) = Core.openCore(braille: true)
        func kim(_ id: Int64, _ text: String) -> AppEvent {
            .chat(.messages([ChatMessage(id: id, channelID: 10, author: "kim", text: text, time: Date())]))
        }
        var effects = core.handle(kim(301, "one"), at: .seconds(1))
        effects += core.handle(.utterance(.speak, .announcer), at: .seconds(2))
        effects += core.handle(.utterance(.done, .announcer), at: .seconds(3))
        let next = core.handle(kim(302, "two"), at: .seconds(4)) + core.handle(.tick, at: .seconds(6))
        #expect(Core.spoken(next).contains("two"), "speech leaves the name out: \(Core.spoken(next))")
        #expect(Self.messages(next).contains("kim: two"), "\(Self.messages(next))")
    }

    /// News of another channel is marked as its, and opening that channel asks the display to
    /// put it away.
    @Test func openingAChannelPutsItsWaitingNewsAway() {
        var (core, _) = Core.openCore(braille: true)
        let b = ChatChannel(id: 11, networkID: Core.local, name: "#b")
        _ = core.handle(
            .loaded(
                ChatSnapshot(
                    load: .init(channelID: 10, purpose: .refresh), channels: [Core.welcome, b],
                    messages: core.state.messages)),
            at: .seconds(1))
        let news =
            core.handle(
                .chat(.messages([ChatMessage(id: 300, channelID: 11, author: "kim", text: "lunch?", time: Date())])),
                at: .seconds(2)) + core.handle(.tick, at: .seconds(4))
        let abouts = news.compactMap { if case .brailleMessage(_, _, _, let about) = $0 { about } else { nil } }
        #expect(abouts.contains("#b"), "\(news)")
        let opened = core.handle(
            .loaded(
                ChatSnapshot(load: .init(channelID: 11, purpose: .open), channels: [Core.welcome, b], messages: [])),
            at: .seconds(5))
        #expect(opened.contains(.brailleForget(about: "#b")), "\(opened)")
    }

    @Test func elementsAreLabelValueAndShortTraitForms() {
        #expect(
            AppCore.brailleLine(Element(label: "Send", traits: .button), caret: nil, emoji: .shared).text == "Send btn")
        var heading = Element(label: "Settings", traits: .header)
        heading.headingLevel = 2
        #expect(AppCore.brailleLine(heading, caret: nil, emoji: .shared).text == "Settings h2")
        #expect(
            AppCore.brailleLine(
                Element(label: "Hints", traits: [.toggleButton, .selected]), caret: nil, emoji: .shared
            ).text == "Hints ⣏⣿⣹")
        var rate = Element(label: "Rate", value: "175 words per minute", traits: .adjustable)
        rate.positionInSet = SetPosition(3, of: 10)
        #expect(AppCore.brailleLine(rate, caret: nil, emoji: .shared).text == "Rate, 175 words per minute adj 3/10")
        let field = AppCore.brailleLine(
            Element(label: "Message #a", value: "hello", traits: .textField), caret: 2, emoji: .shared)
        #expect(field == BrailleLine("Message #a edt hello", caret: 17, fieldStart: 15))
    }

    @Test func theFocusGoesToTheDisplayOnlyWhenBrailleIsOnAndOnlyWhenItChanges() {
        let (plain, opened) = Core.openCore()
        #expect(Self.brailled(opened).isEmpty)
        _ = plain
        var (core, effects) = Core.openCore(braille: true)
        #expect(!Self.brailled(effects).isEmpty)
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.character("h")), at: .milliseconds(900))
        effects = core.handle(.key(.character("i")), at: .seconds(1))
        #expect(
            Self.brailled(effects).last
                == BrailleLine(
                    "Message #welcome edt hi", caret: 23, fieldStart: 21, element: ElementID.composer.identifier))
        // Routing over the text puts the caret there and says the character.
        effects = core.handle(.braille(.route(21)), at: .seconds(2))
        #expect(Self.brailled(effects).last?.caret == 21)
        #expect(Core.spoken(effects) == ["h"])
        // Line down is the next element, whatever the caret.
        effects = core.handle(.braille(.next), at: .seconds(3))
        #expect(Self.brailled(effects).last?.text == "Settings btn")
        #expect(Self.brailled(core.handle(.tick, at: .seconds(4))).isEmpty)
    }

    @Test func announcementsAreMessagesAndChatMessagesFollowBrailleMessages() {
        var (core, _) = Core.openCore(braille: true) { $0.speech.messages = .none }
        let effects = core.handle(
            .chat(.messages([ChatMessage(id: 300, channelID: 10, author: "kim", text: "hello #a", time: Date())])),
            at: .seconds(1))
        // Not spoken (speech.messages = none), still shown as written.
        #expect(Self.messages(effects) == ["kim: hello #a"])
        var (quiet, _) = Core.openCore(braille: true) { $0.braille.messages = .none }
        let said = quiet.handle(
            .chat(.messages([ChatMessage(id: 301, channelID: 10, author: "kim", text: "hello", time: Date())])),
            at: .seconds(1))
        #expect(Self.messages(said).isEmpty)
        #expect(Core.spoken(said).contains { $0.contains("hello") }, "still spoken: \(Core.spoken(said))")
        #expect(Self.messages(quiet.handle(.key(.alt("p")), at: .seconds(2))) == ["Punctuation: most"])
    }

    /// The Nth recent message is shown as it is said, from the message field too.
    @Test func aRecentMessageByNumberIsShownAsSaid() {
        var (core, _) = Core.openCore(braille: true)
        let shown = Self.messages(core.handle(.key(.alt("!")), at: .seconds(1)))
        #expect(shown.count == 1 && shown[0].hasPrefix("ada, ") && shown[0].hasSuffix(": message 103"), "\(shown)")
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        let fromField = Self.messages(core.handle(.key(.alt("@")), at: .seconds(2)))
        #expect(fromField.count == 1 && fromField[0].hasSuffix(": message 102"), "\(fromField)")
    }
}

extension BrailleCoreTests {
    @Test func theAuditFindsABrailleLineADisplayCannotShow() {
        let broken = Element(
            label: "Screen",
            children: [Element(label: "Send\nnow", traits: .button), Element(label: "Fine", traits: .button)])
        let found = ScreenAudit.brailleFindings(broken)
        #expect(found.map(\.rule) == [.brailleEmpty], "\(found)")
        #expect(found.first?.location == "Send\nnow")
    }
}

extension BrailleCoreTests {
    @Test func theSettingsSheetStepsTheBrailleTableAndWritesIt() {
        var (core, _) = Core.openCore(braille: true)
        core.carryOut(.openSettings)
        _ = core.handle(.transitionFinished, at: .seconds(1))
        _ = core.navigator.focus(identifier: ElementID.setting(.brailleTable).identifier)
        #expect(core.navigator.focusedElement?.label == "Braille table")
        let stepped = core.handle(.key(.key(.up, [])), at: .seconds(2))
        #expect(AppCoreTests.written(stepped)[["braille", "table"]] == .string("en-ueb-g2.ctb"), "\(stepped)")
        #expect(
            stepped.contains {
                if case .configureBraille(let braille) = $0 { braille.table == "en-ueb-g2.ctb" } else { false }
            })
        #expect(Core.spoken(stepped).contains("contracted English, UEB"), "\(Core.spoken(stepped))")
    }
}

extension BrailleCoreTests {
    @Test func emojiAreNamedOnTheDisplayButNotInsideATextField() {
        #expect(AppCore.written("ship it 🚀 done", emoji: .shared) == "ship it :rocket: done")
        #expect(AppCore.written("plain, café", emoji: .shared) == "plain, café")
        let field = AppCore.brailleLine(
            Element(label: "Message #a", value: "hi 🚀", traits: .textField), caret: 4, emoji: .shared)
        #expect(field.text == "Message #a edt hi 🚀")
        #expect(
            AppCore.brailleLine(Element(label: "kim: 🚀", traits: .staticText), caret: nil, emoji: .shared).text
                == "kim: :rocket:")
    }
}

extension BrailleCoreTests {
    @Test func emojiSideBySideStayApartAndASkinToneReadsAsOne() {
        #expect(AppCore.written("deploy? 🚀🔥", emoji: .shared) == "deploy? :rocket: :fire:")
        #expect(AppCore.written("👩🏽‍💻", emoji: .shared).hasPrefix(":woman technologist, "))
    }

    @Test func theRotorsSettingIsShownAndWordsAboutATextFieldAreNot() {
        var (core, _) = Core.openCore(braille: true)
        #expect(Self.messages(core.handle(.key(.key(.right, [.control])), at: .seconds(1))).count == 1)
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.character("h")), at: .seconds(2))
        // Ctrl-W says what it removed in the key-echo voice; Up recalls (nothing yet): the field shows it.
        #expect(Self.messages(core.handle(.key(.control("w")), at: .seconds(3))).isEmpty)
    }
}

extension BrailleCoreTests {
    @Test func aDisplayNotReadyAtStartIsNotNewsButOneLostAndFoundIs() {
        var (core, _) = Core.openCore(braille: true) { $0.braille.enabled = .auto }
        #expect(
            Core.spoken(core.handle(.brailleStatus(.unavailable(.noDisplay(host: "this computer"))), at: .seconds(1)))
                .isEmpty)
        #expect(Core.spoken(core.handle(.brailleStatus(.connected(cells: 40)), at: .seconds(2))).isEmpty)
        let lost = Core.spoken(core.handle(.brailleStatus(.unavailable(.lost(host: "this computer"))), at: .seconds(3)))
        #expect(lost.first?.hasPrefix("Braille display lost") == true, "\(lost)")
        #expect(
            Core.spoken(core.handle(.brailleStatus(.connected(cells: 40)), at: .seconds(4))) == [
                "Braille display back, 40 cells"
            ])
    }

    /// Looked for again while it is gone, BRLTTY does not answer: the display is still the one
    /// lost (nothing new is said), and when it answers it is back, not newly connected.
    @Test func aLostDisplayLookedForInVainIsStillBackWhenItComes() {
        var (core, _) = Core.openCore(braille: true) { $0.braille.enabled = .on }
        _ = core.handle(.brailleStatus(.connected(cells: 40)), at: .seconds(1))
        _ = core.handle(.brailleStatus(.unavailable(.lost(host: "this computer"))), at: .seconds(2))
        #expect(
            Core.spoken(core.handle(.brailleStatus(.unavailable(.noServer(host: "this computer"))), at: .seconds(3)))
                .isEmpty)
        #expect(
            Core.spoken(core.handle(.brailleStatus(.connected(cells: 40)), at: .seconds(4))) == [
                "Braille display back, 40 cells"
            ])
    }
}

/// Reading at the reader's pace on the display: a message is read when the display says its
/// line was read through, not when speech ended; what a key shows answers it at once.
@Suite struct PacedBrailleCoreTests {
    typealias Core = AppCoreTests

    static func answers(_ effects: [AppEffect]) -> [String: Bool] {
        var result: [String: Bool] = [:]
        for effect in effects { if case .brailleMessage(let text, let answer, _, _) = effect { result[text] = answer } }
        return result
    }

    static func pacedCore() -> AppCore {
        var (core, _) = Core.openCore(braille: true) { $0.braille.paced = true }
        core.state.lastReadID = 100
        core.state.firstUnreadID = 101
        return core
    }

    @Test func speechEndingDoesNotReadAMessageButTheDisplayDoes() {
        var core = Self.pacedCore()
        _ = core.navigator.focus(identifier: ElementID.message(101).identifier)
        _ = core.handle(.key(.character("j")), at: .seconds(1))
        core.hearingFocus()
        _ = core.handle(.utterance(.speak, .reader), at: .seconds(2))
        _ = core.handle(.utterance(.done, .reader), at: .seconds(3))
        #expect(core.state.lastReadID == 100, "heard is not read at the reader's pace")
        _ = core.handle(.braille(.read(ElementID.message(101).identifier)), at: .seconds(4))
        #expect(core.state.lastReadID == 101, "read on the display: the marker follows")
    }

    /// Read on the display past an unread one (the marker cannot pass it): the line shows read
    /// at once, not at the next redraw.
    @Test func aMessageReadPastAnUnreadOneShowsReadAtOnce() {
        var core = Self.pacedCore()
        _ = core.navigator.focus(identifier: ElementID.message(102).identifier)
        #expect(core.focusBraille.text.hasSuffix("unrd"), "\(core.focusBraille.text)")
        let read = core.handle(.braille(.read(ElementID.message(102).identifier)), at: .seconds(2))
        #expect(core.state.lastReadID == 100, "101 is still unread")
        // Drawn again, read: without it the display kept "unrd" until the next redraw.
        let lines = read.compactMap { if case .braille(let line, _) = $0 { line } else { nil } }
        #expect(lines.last?.element == ElementID.message(102).identifier, "\(lines)")
        #expect(lines.last.map { !$0.text.hasSuffix("unrd") } == true, "\(lines)")
    }

    @Test func sayAllDoesNotRunAheadOfTheReader() {
        var core = Self.pacedCore()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.alt("r")), at: .seconds(1))
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(101).identifier)
        for second in 2...5 {
            _ = core.handle(.utterance(.speak, .reader), at: .seconds(second))
            _ = core.handle(.utterance(.done, .reader), at: .seconds(second) + .milliseconds(10))
        }
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(101).identifier)
        #expect(core.state.lastReadID == 100)
        // Panning past its end moves on, as any key would, and reads it.
        _ = core.handle(.braille(.read(ElementID.message(101).identifier)), at: .seconds(6))
        _ = core.handle(.braille(.next), at: .seconds(6))
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(102).identifier)
        #expect(core.state.lastReadID == 101)
        // Alt-R again on a message: the display would not change, so it shows that reading
        // starts there.
        let again = core.handle(.key(.alt("r")), at: .seconds(7))
        #expect(Self.answers(again) == ["Reading from here, at your pace": true], "\(again)")
    }

    /// A sheet's title answers the key that opened it and brings its first item: the item is
    /// drawn after the title, beneath it (the display flashes the title, then shows the item).
    @Test func aSheetsTitleIsDrawnBeforeTheFocusItBrought() {
        var (core, _) = Core.openCore(braille: true)
        var effects = core.handle(.key(.character("?")), at: .seconds(1))
        effects += IRCEventsCoreTests.finishTransitions(&core, at: 2)
        let title = effects.firstIndex {
            if case .brailleMessage(let text, true, _, _) = $0 { text.hasPrefix("Key help") } else { false }
        }
        let focus = effects.firstIndex {
            if case .braille(let line, false) = $0 { line.text.contains("1/37") } else { false }
        }
        #expect(title != nil && focus != nil && title! < focus!, "\(effects)")
    }

    /// Keys that work from anywhere answer on the display from the message field too (the field
    /// shows its own words, not these).
    @Test func anAnswerFromTheMessageFieldIsOnTheDisplay() {
        var (core, _) = Core.openCore(braille: true)
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        let larger = core.handle(.key(.alt("=")), at: .seconds(1))
        #expect(Self.answers(larger).keys.contains { $0.hasPrefix("Text size: ") }, "\(larger)")
        let time = core.handle(.key(.alt("t")), at: .seconds(2))
        #expect(Self.answers(time).values.contains(true), "\(time)")
    }

    /// With speech off, reading is always at the reader's pace: the settings sheet does not
    /// offer "Read at my pace" (it would say "off" while it is on).
    @Test func withSpeechOffTheSettingsDoNotOfferPacing() {
        for speechOff in [false, true] {
            var (core, _) = Core.openCore(braille: true, speechOff: speechOff)
            core.carryOut(.openSettings)
            _ = IRCEventsCoreTests.finishTransitions(&core, at: 1)
            var identifiers: [String] = []
            core.tree.root.walk { element, _ in
                if let identifier = element.identifier { identifiers.append(identifier) }
                return true
            }
            let offered = identifiers.contains(ElementID.setting(.braillePaced).identifier)
            #expect(offered == !speechOff, "speech off \(speechOff): \(identifiers)")
        }
    }

    @Test func aKeysAnswerTakesTheDisplayAndNewsWaits() {
        var (core, _) = Core.openCore(braille: true)
        let news = core.handle(
            .chat(.messages([ChatMessage(id: 300, channelID: 10, author: "kim", text: "hi", time: Date())])),
            at: .seconds(1))
        #expect(Self.answers(news) == ["kim: hi": false])
        let answer = core.handle(.key(.alt("p")), at: .seconds(2))
        #expect(Self.answers(answer) == ["Punctuation: most": true])
        // A focus a key moved is from the key; one drawn for news is not.
        let moved = core.handle(.key(.left), at: .seconds(3))
        #expect(moved.contains { if case .braille(_, true) = $0 { true } else { false } })
    }

    @Test func altLShowsTheLastThingAgainAndAnEdgeIsShownWithSoundsOn() {
        var (core, _) = Core.openCore(braille: true) { $0.braille.paced = true }
        _ = core.handle(.key(.alt("p")), at: .seconds(1))
        let again = core.handle(.key(.alt("l")), at: .seconds(2))
        #expect(Self.answers(again)["Punctuation: most"] == true, "\(again)")
        _ = core.navigator.focus(identifier: ElementID.settingsButton.identifier)
        let edge = core.handle(.key(.right), at: .seconds(4))
        #expect(Self.answers(edge)["boundary"] == true, "\(Core.spoken(edge)) \(edge)")
    }
}

extension PacedBrailleCoreTests {
    @Test func newsSaidInFullIsNotReadUntilReadOnTheDisplay() {
        var core = Self.pacedCore()
        let message = ChatMessage(id: 104, channelID: 10, msgid: "m104", author: "kim", text: "hi", time: Date())
        _ = core.handle(.chat(.messages([message])), at: .seconds(1))
        _ = core.handle(.utterance(.speak, .announcer), at: .seconds(2))
        _ = core.handle(.utterance(.done, .announcer), at: .seconds(3))
        _ = core.handle(.tick, at: .seconds(5))
        #expect(core.state.message(id: 104)?.heard == false)
        // The one before it read on the display: the marker stops at it, not past the news.
        _ = core.handle(.braille(.read(ElementID.message(101).identifier)), at: .seconds(6))
        _ = core.handle(.braille(.read(ElementID.message(102).identifier)), at: .seconds(7))
        _ = core.handle(.braille(.read(ElementID.message(103).identifier)), at: .seconds(8))
        #expect(core.state.lastReadID == 103)
    }
}
