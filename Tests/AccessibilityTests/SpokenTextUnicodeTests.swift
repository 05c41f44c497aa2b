import Accessibility
import Foundation
import Testing
import UnicodeData

/// Text preparation for every voice: emoji by name, invisible characters gone, styled letters
/// plain, capitals marked.
@Suite struct SpokenTextUnicodeTests {
    /// Fails, naming the package, when Unicode's data is not installed.
    func requireUnicodeData() throws {
        try #require(
            EmojiCatalog.isInstalled(),
            "\(EmojiCatalog.emojiTestPath()) is missing: install Debian's unicode-data package (apt-get install unicode-data unicode-cldr-core; .ci/setup does)"
        )
    }

    @Test(arguments: [
        ("👩🏽‍💻", "woman technologist, medium skin tone"),
        ("🦩", "flamingo"),
        ("🫠", "melting face"),
        ("❤️ and ❤", "red heart, and, red heart"),
        ("👍 from bob", "thumbs up, from bob"),
        ("ship it🚀!", "ship it, rocket!"),
        ("👩‍🦩", "woman, flamingo"),  // not a sequence of its own: its parts
        ("#️⃣ 1️⃣", "keycap, hash, keycap, 1"),
        ("🇧🇦", "flag, Bosnia and Herzegovina"),
        ("🦖", "T Rex"),
        ("#general 😀", "hash general, grinning face"),
    ])
    func everyEmojiIsReadByItsName(_ text: String, _ expected: String) throws {
        try requireUnicodeData()
        #expect(SpokenText.prepare(text, punctuation: .some) == expected)
    }

    @Test func atPunctuationAllAnEmojiNameHasNoCommaToName() throws {
        try requireUnicodeData()
        let once = SpokenText.prepare("👩🏽‍💻", punctuation: .all)
        #expect(once == "woman technologist medium skin tone")
        #expect(SpokenText.prepare(once, punctuation: .all) == once)
    }

    @Test(arguments: [
        ("k\u{200B}im", "kim"),  // zero width space
        ("a\u{200C}b\u{200D}c\u{200E}d\u{200F}e", "abcde"),
        ("\u{202A}x\u{202B}y\u{202C}z\u{202D}w\u{202E}v", "xyzwv"),
        ("\u{2060}p\u{2061}q\u{2062}r\u{2063}s\u{2064}t", "pqrst"),
        ("\u{2066}one\u{2067}two\u{2068}three\u{2069}", "onetwothree"),
        ("\u{FEFF}bom", "bom"),
        ("soft\u{00AD}hyphen", "softhyphen"),
        ("\u{E000}private", "private"),  // the marker the preparation uses cannot be smuggled in
    ])
    func zeroWidthAndBidiControlsAreRemoved(_ text: String, _ expected: String) {
        #expect(SpokenText.prepare(text, punctuation: .some) == expected)
    }

    @Test func aJoinerInsideAnEmojiIsPartOfItsNameAndAStrayOneGoes() throws {
        try requireUnicodeData()
        #expect(SpokenText.prepare("k\u{200D}im 👩🏽‍💻", punctuation: .some) == "kim, woman technologist, medium skin tone")
    }

    @Test(arguments: [
        ("𝐛𝐨𝐥𝐝", "bold"),
        ("𝘪𝘵𝘢𝘭𝘪𝘤", "italic"),
        ("ｆｕｌｌｗｉｄｔｈ", "fullwidth"),
        ("𝔣𝔯𝔞𝔨𝔱𝔲𝔯 𝕕𝕠𝕦𝕓𝕝𝕖", "fraktur double"),
        ("ⓒⓘⓡⓒⓛⓔ", "circle"),
        ("ﬁne", "fine"),
        ("a\u{00A0}b", "a b"),  // no-break space
        ("café", "café"),
        ("Привет", "Привет"),
    ])
    func styledLettersArePlain(_ text: String, _ expected: String) {
        #expect(SpokenText.prepare(text, punctuation: .some) == expected)
    }

    /// NFKC would make "½" into "1⁄2" (read "one two") and "µs" into Greek "μs": these stay.
    @Test(arguments: ["½", "¼ cup", "x²", "H₂O", "5 µs", "⅞"])
    func compatibilityFormsThatCarryMeaningStay(_ text: String) {
        #expect(SpokenText.prepare(text, punctuation: .some) == text)
    }

    @Test func emojiSurviveNormalisationWhole() throws {
        try requireUnicodeData()
        // NFKC alone would turn ™️ into "TM" and ℹ️ into "i": named first, they keep their names.
        #expect(SpokenText.prepare("™️ ℹ️", punctuation: .some) == "trade mark, information")
    }

    @Test(arguments: [
        (Character("A"), CapitalMarking.word, "cap A"),
        ("a", .word, "a"),
        ("A", .none, "A"),
        ("A", .pitch, "A"),
        ("𝐀", .word, "cap A"),
        ("\u{200B}", .none, "zero width space"),
    ])
    func characterNamesMarkCapitalsAsTheSettingSays(
        _ character: Character, _ capitals: CapitalMarking, _ expected: String
    ) {
        #expect(SpokenText.characterName(character, capitals: capitals) == expected)
    }

    @Test func characterNamesNameEmoji() throws {
        try requireUnicodeData()
        #expect(SpokenText.characterName("🦩") == "flamingo")
        #expect(SpokenText.characterName("👩🏽‍💻") == "woman technologist, medium skin tone")
    }

    @Test(arguments: [
        ("Ada", CapitalMarking.word, "cap Ada"),
        ("NASA", .word, "all caps NASA"),
        ("iPhone", .word, "iPhone"),
        ("hello", .word, "hello"),
        ("Ada", .pitch, "Ada"),
        ("NASA", .none, "NASA"),
    ])
    func echoedWordsMarkCapitals(_ word: String, _ capitals: CapitalMarking, _ expected: String) {
        #expect(SpokenText.markingCapitals(word, capitals) == expected)
    }

    @Test(arguments: PunctuationLevel.allCases)
    func preparingUnicodeTwiceChangesNothing(_ level: PunctuationLevel) throws {
        try requireUnicodeData()
        for text in ["👩🏽‍💻: 𝐛𝐨𝐥𝐝!", "k\u{200B}im ½ 🇧🇦", "#️⃣ 🦖 ™️", "🇨🇮 🪅 👒"] {
            let once = SpokenText.prepare(text, punctuation: level)
            #expect(SpokenText.prepare(once, punctuation: level) == once, "\(level): \(once)")
        }
    }
}
