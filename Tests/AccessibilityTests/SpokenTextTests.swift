import Accessibility
import Testing

@Suite struct SpokenTextTests {
    @Test(arguments: [
        (":smile:", "smile"),
        ("Pick :thumbs_up: now", "Pick thumbs up now"),
        (":+1:", "thumbs up"),
        ("half:past:nine", "half:past:nine"),
        ("time 10:30", "time 10:30"),
        ("👍 from bob", "thumbs up from bob"),
        ("a:b: c", "a:b: c"),
    ])
    func emojiAreReadAsNames(_ text: String, _ expected: String) {
        #expect(SpokenText.prepare(text, punctuation: .some) == expected)
    }

    @Test(arguments: [
        ("#general", PunctuationLevel.none, "general"),
        ("#general", .some, "hash general"),
        ("#general", .all, "hash general"),
        ("alice: hi!", .none, "alice: hi!"),
        ("alice: hi!", .some, "alice: hi!"),
        ("alice: hi!", .most, "alice colon hi!"),
        ("alice: hi!", .all, "alice colon hi bang"),
        ("a_b (c)", .none, "a b c"),
        ("a_b (c)", .most, "a underline b left paren c right paren"),
        ("50% off", .all, "50% off"),
        ("don't", .some, "don't"),
        ("don't", .all, "don apostrophe t"),
    ])
    func punctuationFollowsTheLevel(_ text: String, _ level: PunctuationLevel, _ expected: String) {
        #expect(SpokenText.prepare(text, punctuation: level) == expected)
    }

    @Test func characterNames() {
        #expect(SpokenText.characterName(" ") == "space")
        #expect(SpokenText.characterName("#") == "hash")
        #expect(SpokenText.characterName("a") == "a")
    }
}
