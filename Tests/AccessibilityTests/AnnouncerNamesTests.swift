import Accessibility
import Testing

/// When a message names its writer (`speech.names`), and whose words an utterance carries for a
/// voice of their own.
@Suite struct AnnouncerNamesTests {
    static func message(_ author: String, _ text: String) -> LiveRegionChange {
        AnnouncerBurstTests.message(author, text, busy: false)
    }

    static func request(_ action: Announcer.Action) -> SpeechRequest? {
        guard case .speak(let request) = action else { return nil }
        return request
    }

    /// kim, kim again two seconds later, then bob: what each policy says.
    static func heard(_ names: SpeakerNames) -> [String?] {
        var announcer = Announcer()
        announcer.names = names
        var said: [String?] = []
        said.append(request(announcer.liveRegionChanged(message("kim", "hello"), at: .seconds(1)))?.text)
        _ = announcer.speechFinished(at: .seconds(2))
        said.append(request(announcer.liveRegionChanged(message("kim", "anyone here?"), at: .seconds(3)))?.text)
        _ = announcer.speechFinished(at: .seconds(4))
        said.append(request(announcer.liveRegionChanged(message("bob", "yes"), at: .seconds(5)))?.text)
        return said
    }

    @Test func onChangeLeavesTheNameOutWhenTheSamePersonGoesOn() {
        #expect(Self.heard(.onChange) == ["kim: hello", "anyone here?", "bob: yes"])
    }

    @Test func alwaysNamesEveryMessage() {
        #expect(Self.heard(.always) == ["kim: hello", "kim: anyone here?", "bob: yes"])
    }

    @Test func neverNamesAnyone() {
        #expect(Self.heard(.never) == ["hello", "anyone here?", "yes"])
    }

    @Test func neverStillNamesWithoutMergingQuickMessages() {
        var announcer = Announcer()
        announcer.names = .never
        announcer.burstWindow = .zero
        #expect(
            Self.request(announcer.liveRegionChanged(Self.message("kim", "hello"), at: .seconds(1)))?.text == "hello")
    }

    @Test func anUtteranceCarriesItsWritersNameForTheirVoice() {
        var announcer = Announcer()
        let alone = Self.request(announcer.liveRegionChanged(Self.message("kim", "hello"), at: .seconds(1)))
        #expect(alone?.author == "kim")
        _ = announcer.speechFinished(at: .seconds(2))
        // A burst is still kim's words.
        _ = announcer.liveRegionChanged(AnnouncerBurstTests.message("kim", "one"), at: .seconds(10))
        _ = announcer.liveRegionChanged(
            AnnouncerBurstTests.message("kim", "two"), at: .seconds(10) + .milliseconds(200))
        let burst = Self.request(announcer.tick(at: .seconds(12)))
        #expect(burst?.text == "kim: one. two")
        #expect(burst?.author == "kim")
    }

    @Test func aCountIsNobodysWords() {
        var announcer = Announcer()
        // Something is being said, so the next messages wait and become a count.
        _ = announcer.post(.announcement("Connected", priority: .default), at: .seconds(1))
        _ = announcer.liveRegionChanged(
            LiveRegionChange(region: "#b", politeness: .polite, text: "#b, kim: one", author: "kim"), at: .seconds(1))
        _ = announcer.liveRegionChanged(
            LiveRegionChange(region: "#b", politeness: .polite, text: "#b, bob: two", author: "bob"), at: .seconds(1))
        let count = Self.request(announcer.speechFinished(at: .seconds(20)))
        #expect(count?.summary?.count == 2)
        #expect(count?.author == nil)
    }

    @Test func aMessageFromElsewhereCarriesItsWriterToo() {
        var announcer = Announcer()
        let said = Self.request(
            announcer.liveRegionChanged(
                LiveRegionChange(region: "#b", politeness: .polite, text: "#b, kim: hi", author: "kim"), at: .seconds(1)
            ))
        #expect(said?.text == "#b, kim: hi")
        #expect(said?.author == "kim")
    }
}
