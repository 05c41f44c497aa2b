import Testing

@testable import Accessibility

/// "fire fire fire fire" is "fire, 4 times"; emoji by a short name, or not at all.
@Suite struct SpokenTextEmojiRunTests {
    @Test func aRunOfOneEmojiIsSaidOnceWithItsCount() {
        #expect(SpokenText.prepare("🔥🔥🔥🔥", punctuation: .some) == "fire, 4 times")
        #expect(SpokenText.prepare("ok 🔥 🔥 🔥 done", punctuation: .some) == "ok, fire, 3 times, done")
        #expect(SpokenText.prepare("🔥🎉🔥", punctuation: .some) == "fire, party popper, fire")
        #expect(
            SpokenText.prepare("👍🏻👍🏿 🔥🔥", punctuation: .some)
                == "thumbs up, light skin tone, thumbs up, dark skin tone, fire, 2 times")
        #expect(SpokenText.prepare("🔥🔥", punctuation: .all) == "fire 2 times")
        #expect(SpokenText.prepare("🔥 and", punctuation: .some) == "fire, and")
    }

    @Test func shortNamesLeaveOutSkinTonesButKeepFlags() {
        #expect(SpokenText.prepare("👍🏽", punctuation: .some) == "thumbs up, medium skin tone")
        #expect(SpokenText.prepare("👍🏽", punctuation: .some, emoji: .short) == "thumbs up")
        #expect(SpokenText.prepare("👍🏻👍🏿", punctuation: .some, emoji: .short) == "thumbs up, 2 times", "one run")
        #expect(SpokenText.prepare("🇩🇪", punctuation: .some, emoji: .short) == "flag, Germany")
    }

    @Test func noneSaysNoEmojiButAMessageOfThemAloneIsEmoji() {
        #expect(SpokenText.prepare("done 🎉🎉", punctuation: .some, emoji: .none) == "done")
        #expect(SpokenText.prepare("🎉🎉", punctuation: .some, emoji: .none) == "emoji")
        #expect(
            SpokenText.prepareOwn("kim: " + SpokenText.verbatim("🎉"), punctuation: .some, emoji: .none) == "kim: emoji")
    }
}
