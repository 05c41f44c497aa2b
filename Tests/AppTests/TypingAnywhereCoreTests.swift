import Accessibility
import Chat
import Foundation
import Terminal
import Testing
import UnicodeData

@testable import App
@testable import ClientCore

/// Typing never turns into an action: characters typed on a message go to the message field,
/// `a` that begins a word is typing, and where nothing can be typed the listener hears so once.
@Suite struct TypingAnywhereCoreTests {
    static func spoken(_ effects: [AppEffect]) -> [String] { AppCoreTests.spoken(effects) }

    static func type(_ text: String, _ core: inout AppCore, from start: Duration, every gap: Duration) -> [AppEffect] {
        var effects: [AppEffect] = []
        for (index, character) in text.enumerated() {
            let at = start + gap * index
            effects += core.handle(.key(.character(character)), at: at)
            effects += IRCEventsCoreTests.finishTransitions(&core, at: Int((at / .seconds(1)).rounded(.down)))
        }
        return effects
    }

    @Test func aWordTypedOnAMessageGoesToTheMessageFieldNamedOnce() {
        var (core, _) = AppCoreTests.openCore()
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(102).identifier)
        let effects = Self.type("hi", &core, from: .seconds(1), every: .milliseconds(150))
        #expect(core.state.composer == "hi")
        #expect(core.navigator.focusedElement?.identifier == ElementID.composer.identifier)
        let heard = Self.spoken(effects)
        #expect(heard.first == "Message field, h", "\(heard)")
        #expect(heard.filter { $0.contains("Message field") }.count == 1, "\(heard)")
    }

    /// `a` on a button has no actions; typed as the start of a word, it is the word's first
    /// letter, not lost ("re you there" was sent: a walkthrough finding).
    @Test func aWordBeginningWithAOnAButtonKeepsItsFirstLetter() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.navigator.focus(identifier: ElementID.settingsButton.identifier)
        _ = Self.type("are you", &core, from: .seconds(1), every: .milliseconds(150))
        #expect(core.state.composer == "are you")
        // Alone, it is still the Actions key, answered.
        var (alone, _) = AppCoreTests.openCore()
        _ = alone.navigator.focus(identifier: ElementID.settingsButton.identifier)
        let heard = Self.spoken(alone.handle(.key(.character("a")), at: .seconds(1)))
        #expect(heard == ["No actions"], "\(heard)")
        _ = alone.handle(.key(.key(.right, [])), at: .seconds(3))
        _ = Self.type("x", &alone, from: .seconds(4), every: .milliseconds(150))
        #expect(!alone.state.composer.hasPrefix("a"), "a key since: the a was the Actions key")
    }

    /// Typing on a message goes on at the end of a draft in the field, not where its caret was.
    @Test func typingOnAMessageGoesOnAtTheEndOfTheDraft() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        for character in "my draft" { _ = core.handle(.key(.character(character)), at: .seconds(1)) }
        for _ in 0..<4 { _ = core.handle(.key(.key(.left, [])), at: .seconds(2)) }
        _ = core.navigator.focus(identifier: ElementID.message(102).identifier)
        let heard = Self.spoken(Self.type("ok", &core, from: .seconds(3), every: .milliseconds(150)))
        #expect(core.state.composer == "my draftok")
        // The draft is said, so the letters are not taken for a new line.
        #expect(heard.first == "Message field, after your draft my draft, o", "\(heard)")
        // A draft ending in a space is said without it ("slash help , slash" had a stray comma).
        #expect(
            SpokenText.unmarked(Wording.sentence(.typingInMessageField(draft: "/help ", thread: false)))
                == "Message field, after your draft /help")
    }

    /// Escape from the field typing took focus to goes back to the message typing began on.
    @Test func escapeGoesBackToTheMessageTypingBeganOn() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.navigator.focus(identifier: ElementID.message(101).identifier)
        _ = Self.type("hi", &core, from: .seconds(1), every: .milliseconds(150))
        #expect(core.navigator.focusedElement?.identifier == ElementID.composer.identifier)
        let back = core.handle(.key(.escape), at: .seconds(3))
        #expect(core.navigator.focusedElement?.identifier == ElementID.message(101).identifier)
        #expect(Self.spoken(back).first?.hasPrefix("ada, message 101") == true, "\(Self.spoken(back))")
    }

    /// A block pasted on a message goes to the message field and is offered once, the field
    /// named in the same breath (the question is not cut off by the field's name).
    @Test func aBlockPastedOnAMessageIsOfferedInTheMessageField() {
        var (core, _) = AppCoreTests.openCore()
        let effects = core.handle(.key(.paste("one\ntwo")), at: .seconds(1))
        let heard = Self.spoken(effects)
        #expect(
            heard == ["Message field. Paste 2 lines? Enter sends them, Escape puts them in the field."], "\(heard)")
        #expect(core.navigator.focusedElement?.identifier == ElementID.composer.identifier)
        let sent = core.handle(.key(.key(.enter, [])), at: .seconds(2))
        let posts = sent.compactMap { if case .store(.post(let text, _, _)) = $0 { text } else { nil } }
        #expect(posts == ["one\ntwo"])
    }

    /// "anyone there" typed on a message: `a` opened the actions, and `n` soon after makes it
    /// the first letter of the word. Nothing is reacted, nothing is dropped.
    @Test func aWordBeginningWithATakesBackTheActionsAndKeepsEveryLetter() {
        var (core, _) = AppCoreTests.openCore()
        var effects = Self.type("anyone there", &core, from: .seconds(1), every: .milliseconds(120))
        #expect(core.state.composer == "anyone there")
        #expect(!core.state.sheets.hasSheet)
        effects += core.handle(.key(.key(.enter, [])), at: .seconds(3))
        let heard = Self.spoken(effects)
        #expect(!heard.contains { $0.hasPrefix("Reacted") }, "\(heard)")
        #expect(heard.contains("Message field, an"), "both letters typed, the field named: \(heard)")
        #expect(!effects.contains { if case .store(.react) = $0 { true } else { false } })
        #expect(core.state.composer.isEmpty, "sent")
    }

    @Test func aAloneStillOpensTheActions() {
        var (core, _) = AppCoreTests.openCore()
        var effects = core.handle(.key(.character("a")), at: .seconds(1))
        effects += IRCEventsCoreTests.finishTransitions(&core, at: 2)
        #expect(Self.spoken(effects).contains { $0.hasPrefix("Message actions, ") })
        // A second later a key is a command in the sheet again: Down moves, nothing is typed.
        _ = core.handle(.key(.key(.down, [])), at: .seconds(3))
        #expect(core.state.sheets.hasSheet)
        #expect(core.state.composer.isEmpty)
    }

    @Test func whereNothingCanBeTypedTheListenerHearsSoOncePerRun() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(.key(.character("?")), at: .seconds(1))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 2)
        #expect(core.state.activeSheet?.kind == .keyHelp)
        let first = Self.spoken(core.handle(.key(.character("x")), at: .seconds(3)))
        let second = Self.spoken(core.handle(.key(.character("y")), at: .seconds(3) + .milliseconds(100)))
        #expect(first == ["Not a text field. Escape closes this"])
        #expect(second.isEmpty, "said once for the run")
        _ = core.handle(.key(.key(.down, [])), at: .seconds(4))
        let again = Self.spoken(core.handle(.key(.character("z")), at: .seconds(5)))
        #expect(again == ["Not a text field. Escape closes this"], "a new run after another key")
    }

    /// The local lesson with the emoji picker open on its last message (a, Add reaction), at 5 s.
    static func openPicker() -> AppCore {
        var (core, _) = AppCoreTests.openCore()
        _ = core.handle(.key(.character("a")), at: .seconds(1))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 3)
        _ = core.navigator.focus(identifier: ElementID.addReaction.identifier)
        _ = core.handle(.key(.enter), at: .seconds(4))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 5)
        return core
    }

    /// In the emoji picker, letters typed on a result are more of the search: focus goes to its
    /// field, named once, and the letters are typed there (they were refused before).
    @Test func lettersTypedOnAPickerResultGoToItsSearchField() {
        var core = Self.openPicker()
        #expect(core.state.activeSheet?.kind == .emojiPicker(messageID: 102))
        _ = core.handle(.key(.key(.right, [])), at: .seconds(6))
        _ = core.handle(.key(.key(.right, [])), at: .seconds(7))
        #expect(core.navigator.focusedElement?.traits.contains(.button) == true)
        let effects = Self.type("fire", &core, from: .seconds(8), every: .milliseconds(150))
        #expect(core.state.pickerQuery == "fire")
        #expect(core.navigator.focusedElement?.identifier == ElementID.pickerSearch.identifier)
        let heard = Self.spoken(effects)
        #expect(heard.first == "Search emoji, f", "\(heard)")
        #expect(!heard.contains { $0.hasPrefix("Not a text field") }, "\(heard)")
    }

    /// The picker's count is said once typing pauses (the latest only), and Clear text says
    /// what it did.
    @Test func thePickersCountIsSaidWhenTypingPausesAndClearTextSaysItCleared() {
        var core = Self.openPicker()
        _ = core.navigator.focus(identifier: ElementID.pickerSearch.identifier)
        var heard = Self.spoken(Self.type("thumbs", &core, from: .seconds(6), every: .milliseconds(150)))
        heard += Self.spoken(core.handle(.utterance(.done, .keyEcho), at: .seconds(7)))
        heard += Self.spoken(core.handle(.tick, at: .seconds(9)))
        let total = Emoji.search("thumbs", in: core.state.emoji).total
        #expect(total > 1)
        #expect(heard.filter { $0.contains("match") } == ["\(total) emoji match"], "\(heard)")
        _ = core.handle(.utterance(.done, .announcer), at: .seconds(9) + .milliseconds(500))
        heard = Self.spoken(Self.type("zzqx", &core, from: .seconds(10), every: .milliseconds(150)))
        heard += Self.spoken(core.handle(.tick, at: .seconds(13)))
        #expect(heard.filter { $0.contains("match") } == ["No emoji match"], "\(heard)")
        _ = core.navigator.focus(identifier: ElementID.pickerClear.identifier)
        let cleared = Self.spoken(core.handle(.key(.enter), at: .seconds(14)))
        #expect(cleared == ["Search cleared"], "\(cleared)")
        #expect(core.state.pickerQuery.isEmpty)
    }

    /// When the count is said the screen shows the list it counts: the picker's lines were the
    /// common emoji still, while "1 emoji matches" was heard and Tab went to flamingo.
    @Test func whenThePickersCountIsSaidTheScreenShowsTheMatches() {
        var core = Self.openPicker()
        _ = core.navigator.focus(identifier: ElementID.pickerSearch.identifier)
        var effects = Self.type("flamingo", &core, from: .seconds(6), every: .milliseconds(150))
        effects += core.handle(.utterance(.done, .keyEcho), at: .seconds(8))
        effects += core.handle(.tick, at: .seconds(10))
        #expect(Self.spoken(effects).contains("1 emoji matches"), "\(Self.spoken(effects))")
        let shown = effects.flatMap { effect -> [String] in
            if case .lines(let lines) = effect { return lines.map(\.string) }
            return []
        }
        #expect(shown == ["• flamingo"], "\(shown)")

        _ = core.handle(.utterance(.done, .announcer), at: .seconds(10) + .milliseconds(500))
        effects = Self.type("zzqx", &core, from: .seconds(11), every: .milliseconds(150))
        effects += core.handle(.tick, at: .seconds(14))
        let none = effects.flatMap { effect -> [String] in
            if case .lines(let lines) = effect { return lines.map(\.string) }
            return []
        }
        #expect(none == ["No emoji match"], "\(none)")
    }

    @Test func controlFSearchesFromTheMessageField() {
        var (core, _) = AppCoreTests.openCore()
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        _ = core.handle(.key(.control("f")), at: .seconds(1))
        _ = IRCEventsCoreTests.finishTransitions(&core, at: 2)
        #expect(core.state.activeSheet?.kind == .search)
    }
}

/// A server's refusal is said in Earshot's words, once, and never in the server's.
@Suite struct RefusalCoreTests {
    @Test func aLineRefusedByAChannelOneLeftSaysWhatToDoWithoutTheServersWords() {
        var core = IRCEventsCoreTests.ircCore()
        _ = core.handle(
            .chat(.server(.parted(channel: "#a", nick: "you", isSelf: true, reason: ""), channelID: 20)),
            at: .seconds(1))
        let refusal = IRCRefusal(
            .cannotSendToChannel, target: "#a",
            serverText: "#a You cannot send external messages to this channel whilst the +n (noextmsg) mode is set")
        let heard = AppCoreTests.spoken(core.handle(.chat(.server(.refused(refusal), channelID: nil)), at: .seconds(2)))
        #expect(
            heard == ["Not delivered: hash a takes messages only from its members. Type slash join hash a to go in"])
        #expect(!heard.joined().contains("external"))
    }

    @Test func aJoinRefusedIsAnsweredAndNotFollowedByProgress() {
        var core = IRCEventsCoreTests.ircCore()
        _ = IRCEventsCoreTests.enter("/join #full", &core, at: 1)
        let heard = AppCoreTests.spoken(
            core.handle(
                .chat(.server(.refused(IRCRefusal(.channelFull, target: "#full", serverText: "x")), channelID: nil)),
                at: .seconds(1)))
        #expect(heard == ["Cannot join hash full: it is full"])
        let later = AppCoreTests.spoken(core.handle(.tick, at: .seconds(5)))
        #expect(!later.contains { $0.hasPrefix("Joining") }, "\(later)")
    }
}

/// The same, when the keys come faster than the actions can appear (one read of a quick typist,
/// or a paste): every letter still reaches the field, in order.
@Suite struct TypingAheadOfTheActionsCoreTests {
    @Test func lettersTypedWhileTheActionsGoAreKept() {
        var (core, _) = AppCoreTests.openCore()
        var effects: [AppEffect] = []
        // Space too: in the word's run it is typed, never the actions' activation.
        for character in "anyone there" { effects += core.handle(.key(.character(character)), at: .seconds(1)) }
        effects += IRCEventsCoreTests.finishTransitions(&core, at: 2)
        effects += IRCEventsCoreTests.finishTransitions(&core, at: 3)
        #expect(core.state.composer == "anyone there", "\(AppCoreTests.spoken(effects))")
        #expect(!effects.contains { if case .store(.react) = $0 { true } else { false } })
        #expect(!core.state.sheets.hasSheet)
        #expect(!AppCoreTests.spoken(effects).contains { $0.hasPrefix("Not a text field") })
    }
}

/// A long outage is not silence, and the listener can try again at once.
@Suite struct ReconnectCoreTests {
    @Test func aLongOutageIsSaidOnceAMinuteAndReconnectTriesNow() {
        var core = IRCEventsCoreTests.ircCore()
        let lost = AppCoreTests.spoken(
            core.handle(.chat(.disconnected(reason: .closedByServer), network: 2), at: .seconds(1)))
        #expect(lost.count == 1 && lost[0].hasSuffix("Trying again."), "\(lost)")
        let soon = core.handle(.chat(.reconnecting(delay: .seconds(5), attempt: 2), network: 2), at: .seconds(30))
        #expect(AppCoreTests.spoken(soon).isEmpty, "said a moment ago")
        let minute = core.handle(.chat(.reconnecting(delay: .seconds(5), attempt: 9), network: 2), at: .seconds(62))
        #expect(
            AppCoreTests.spoken(minute) == [
                "Still trying the server: the next try in 5 seconds. Type slash reconnect to try now"
            ])
        let again = core.handle(.chat(.reconnecting(delay: .seconds(5), attempt: 10), network: 2), at: .seconds(70))
        #expect(AppCoreTests.spoken(again).isEmpty)
        let now = IRCEventsCoreTests.enter("/reconnect", &core, at: 80)
        #expect(IRCEventsCoreTests.sends(now) == [.reconnect])
        // Progress is said only when the answer is slow; a quick answer is said alone.
        #expect(AppCoreTests.spoken(now).isEmpty)
        let slow = core.handle(.tick, at: .seconds(81) + .milliseconds(10))
        #expect(AppCoreTests.spoken(slow) == ["Trying the server again now"])
        _ = IRCEventsCoreTests.enter("/reconnect", &core, at: 90)
        let failed = AppCoreTests.spoken(
            core.handle(.chat(.reconnecting(delay: .seconds(5), attempt: 11), network: 2), at: .seconds(90)))
        #expect(failed.count == 1 && failed[0].hasPrefix("Still cannot connect"), "\(failed)")
        let quiet = core.handle(.tick, at: .seconds(92))
        #expect(AppCoreTests.spoken(quiet).isEmpty, "the answer came: no progress after it")
    }
}

/// A line the server would not take is withdrawn, never sent later: its words go back into the
/// field, and the refusal says so.
@Suite struct LineRefusedCoreTests {
    @Test func aRefusedLineComesBackToTheField() {
        var core = IRCEventsCoreTests.ircCore()
        // Joined: the server listed its people.
        _ = core.handle(
            .chat(.server(.memberRanks(channel: "#a", ranks: [:]), channelID: 20), network: IRCEventsCoreTests.irc),
            at: .zero)
        let line = ChatMessage(id: 900, channelID: 20, author: "you", text: "can I talk here", time: Date())
        let refusal = IRCRefusal(.cannotSendToChannel, target: "#a", serverText: "#a Cannot send (+m)", label: "L1")
        let heard = AppCoreTests.spoken(core.handle(.chat(.lineRefused(refusal, line)), at: .seconds(1)))
        // The mode the server names is said as what it means; its sentence is not.
        #expect(
            heard == [
                "Not delivered: hash a is moderated, so only people with voice or a rank can write there now. Your line is back in the field"
            ])
        #expect(core.state.composer == "can I talk here")
    }

    /// A channel of an earlier session, not joined in this one (joined with /join, not in the
    /// settings): a line refused there is a line to a channel one is not in, and Enter again
    /// joins and sends it.
    /// The server may say so as "no such channel" when nobody is in it any more (a walkthrough
    /// on Ergo), and /join joins it again, where it said "You are already in hash a".
    @Test(arguments: [IRCRefusal.Reason.cannotSendToChannel, .noSuchChannel])
    func aLineToAChannelNotJoinedThisSessionOffersToJoin(_ reason: IRCRefusal.Reason) {
        var core = IRCEventsCoreTests.ircCore()
        let line = ChatMessage(id: 900, channelID: 20, author: "you", text: "anyone here", time: Date())
        let refusal = IRCRefusal(reason, target: "#a", serverText: "#a Cannot send", label: "L1")
        let heard = AppCoreTests.spoken(core.handle(.chat(.lineRefused(refusal, line)), at: .seconds(1)))
        #expect(heard.first?.hasPrefix("Not sent: you are not in hash a now") == true, "\(heard)")
        #expect(core.state.composer == "anyone here")
        _ = core.navigator.focus(identifier: ElementID.composer.identifier)
        let again = core.handle(.key(.enter), at: .seconds(2))
        #expect(IRCEventsCoreTests.sends(again).contains(.join("#a")), "\(again)")
    }

    /// /join of a channel kept from an earlier session, not joined in this one, joins it.
    @Test func joiningAChannelOfAnEarlierSessionJoinsIt() {
        var core = IRCEventsCoreTests.ircCore()
        let effects = IRCEventsCoreTests.enter("/join #a", &core, at: 1)
        #expect(IRCEventsCoreTests.sends(effects).contains(.join("#a")), "\(effects)")
        #expect(!AppCoreTests.spoken(effects).contains("You are already in hash a"))
    }
}
