import Accessibility
import Testing

/// One person's messages that follow each other are one utterance, the name once.
@Suite struct AnnouncerBurstTests {
    static func message(_ author: String, _ text: String, busy: Bool = true) -> LiveRegionChange {
        LiveRegionChange(
            region: "#a", politeness: .polite, text: "\(author): \(text)", speaker: author, continuation: text,
            waitsForMore: busy)
    }

    static func said(_ action: Announcer.Action) -> String? {
        guard case .speak(let utterance) = action else { return nil }
        // A count is a fact; its words are the app's ("2 message in #a" here).
        return utterance.summary.map { "\($0.count) \($0.noun) in \($0.region ?? "")" } ?? utterance.text
    }

    @Test func aBurstInABusyChannelIsOneUtteranceWithTheNameOnce() {
        var announcer = Announcer()
        #expect(Self.said(announcer.liveRegionChanged(Self.message("kim", "deploy is done"), at: .seconds(1))) == nil)
        #expect(
            Self.said(
                announcer.liveRegionChanged(Self.message("kim", "tests pass."), at: .seconds(1) + .milliseconds(300)))
                == nil)
        #expect(
            Self.said(
                announcer.liveRegionChanged(Self.message("kim", "merging now"), at: .seconds(1) + .milliseconds(600)))
                == nil)
        // It waits a second after the last one.
        #expect(announcer.nextDeadline == .seconds(2) + .milliseconds(600))
        #expect(
            Self.said(announcer.tick(at: .seconds(2) + .milliseconds(600)))
                == "kim: deploy is done. tests pass. merging now")
    }

    @Test func aBurstWaitsAtMostItsLimit() {
        var announcer = Announcer()
        var time: Duration = .seconds(1)
        _ = announcer.liveRegionChanged(Self.message("kim", "one"), at: time)
        for index in 2...4 {
            time += .milliseconds(800)
            _ = announcer.liveRegionChanged(Self.message("kim", "line \(index)"), at: time)
        }
        #expect(announcer.nextDeadline == .seconds(4), "three seconds after the first")
    }

    @Test func aLoneMessageInAQuietChannelIsSaidAtOnce() {
        var announcer = Announcer()
        #expect(
            Self.said(announcer.liveRegionChanged(Self.message("kim", "hello", busy: false), at: .seconds(1)))
                == "kim: hello")
    }

    @Test func theNextOfTheSamePersonSoonAfterLeavesTheNameOut() {
        var announcer = Announcer()
        _ = announcer.liveRegionChanged(Self.message("kim", "hello", busy: false), at: .seconds(1))
        _ = announcer.speechFinished(at: .seconds(2))
        #expect(
            Self.said(announcer.liveRegionChanged(Self.message("kim", "anyone here?", busy: false), at: .seconds(5)))
                == "anyone here?")
        _ = announcer.speechFinished(at: .seconds(6))
        // Someone else, then kim again: named again.
        #expect(
            Self.said(announcer.liveRegionChanged(Self.message("bob", "yes", busy: false), at: .seconds(7)))
                == "bob: yes")
        _ = announcer.speechFinished(at: .seconds(8))
        #expect(
            Self.said(announcer.liveRegionChanged(Self.message("kim", "good", busy: false), at: .seconds(9)))
                == "kim: good")
        _ = announcer.speechFinished(at: .seconds(10))
        // After the listener did something, or long after, named again.
        announcer.forgetSpeaker()
        #expect(
            Self.said(announcer.liveRegionChanged(Self.message("kim", "still there?", busy: false), at: .seconds(11)))
                == "kim: still there?")
        _ = announcer.speechFinished(at: .seconds(12))
        #expect(
            Self.said(announcer.liveRegionChanged(Self.message("kim", "bye", busy: false), at: .seconds(40)))
                == "kim: bye")
    }

    @Test func someoneElseEndsTheWaitAndTakesTheirTurn() {
        var announcer = Announcer()
        _ = announcer.liveRegionChanged(Self.message("kim", "deploy is done"), at: .seconds(1))
        // bob speaks while kim's waits: kim's goes now, bob's after it.
        #expect(
            Self.said(announcer.liveRegionChanged(Self.message("bob", "nice"), at: .seconds(1) + .milliseconds(200)))
                == "kim: deploy is done")
        _ = announcer.speechFinished(at: .seconds(2))
        let deadline = announcer.nextDeadline ?? .zero
        #expect(Self.said(announcer.tick(at: max(deadline, .seconds(2) + .milliseconds(200)))) == "bob: nice")
    }

    @Test func withoutBurstsEachIsCountedAsBefore() {
        var announcer = Announcer()
        announcer.burstWindow = .zero
        #expect(Self.said(announcer.liveRegionChanged(Self.message("kim", "one"), at: .seconds(1))) == "kim: one")
        _ = announcer.liveRegionChanged(Self.message("kim", "two"), at: .seconds(1) + .milliseconds(100))
        _ = announcer.liveRegionChanged(Self.message("kim", "three"), at: .seconds(1) + .milliseconds(200))
        #expect(Self.said(announcer.speechFinished(at: .seconds(3))) == "2 message in #a")
    }
}

/// `[speech.pronounce]` and nicks without decorations.
@Suite struct LexiconTests {
    @Test(arguments: [
        ("kim|away", "kim"), ("_kim_", "kim"), ("kim^", "kim"), ("kim`", "kim"), ("__", "__"), ("|x", "x"), ("|", "|"),
        ("ada-", "ada"),
    ])
    func decorationsAreNotSaid(nick: String, plain: String) {
        #expect(SpokenText.plainNick(nick) == plain)
    }

    @Test func wordsAreSaidAsTheListenerWroteThemWholeAndWithoutCase() {
        let lexicon = SpokenText.Lexicon(
            pronounce: ["kpcyrd": "k p cyrd", "GNOME": "guh nome"], nicks: ["kpcyrd|afk", "_ada_"])
        #expect(lexicon.apply("ask kpcyrd, or KPCYRD.") == "ask k p cyrd, or k p cyrd.")
        #expect(lexicon.apply("kpcyrd|afk: (gnome)") == "k p cyrd: (guh nome)")
        #expect(lexicon.apply("_ada_ and ada") == "ada and ada")
        #expect(lexicon.apply("kpcyrds gnomes") == "kpcyrds gnomes", "whole words only")
        #expect(lexicon.apply(lexicon.apply("kpcyrd")) == "k p cyrd", "applying twice changes nothing more")
    }

    @Test func aSpokenFormHoldingItsOwnWordIsLeftOut() {
        let lexicon = SpokenText.Lexicon(pronounce: ["kim": "kim the great"])
        #expect(lexicon.apply("kim") == "kim")
    }

    @Test func thePhraseOfAnElementSaysNamesTheListenersWay() {
        let options = PhraseOptions(
            lexicon: SpokenText.Lexicon(pronounce: ["kpcyrd": "k p cyrd"], nicks: ["kpcyrd|afk"]))
        let phrase = Phrase(Element(label: "kpcyrd|afk", value: "hi", traits: .staticText), options: options)
        #expect(phrase.text.hasPrefix("k p cyrd, hi"), "\(phrase.text)")
    }
}

/// An element's language (UIKit's `accessibilityLanguage`) is its value's.
@Suite struct ElementLanguageTests {
    @Test func theValueIsReadInTheElementsLanguageAndTheLabelIsNot() {
        var element = Element(label: "zoe", value: "Guten Morgen", traits: .staticText)
        element.language = "de"
        let (plain, runs) = SpokenLanguage.runs(in: Phrase(element).text)
        #expect(plain == "zoe, Guten Morgen.")
        #expect(runs == [LanguageRun(start: 5, count: "Guten Morgen".utf8.count, language: "de")])
    }
}
