import Foundation
import Testing

@testable import UnicodeData

/// Fails, naming the package, when Unicode's data is not installed: these tests are about it.
func requireUnicodeData() throws {
    try #require(
        EmojiCatalog.isInstalled(),
        "\(EmojiCatalog.emojiTestPath()) is missing: install Debian's unicode-data package (apt-get install unicode-data unicode-cldr-core; .ci/setup does)"
    )
}

@Suite struct EmojiCatalogTests {
    @Test(arguments: [
        ("👩🏽‍💻", "woman technologist: medium skin tone", "woman technologist, medium skin tone"),
        ("🦩", "flamingo", "flamingo"),
        ("🫠", "melting face", "melting face"),
        ("❤️", "red heart", "red heart"),
        ("❤", "red heart", "red heart"),  // unqualified: no presentation selector
        ("🏽", "medium skin tone", "medium skin tone"),  // a component alone
        ("🇫🇷", "flag: France", "flag, France"),
    ])
    func everyFormHasItsCLDRName(_ emoji: String, _ name: String, _ spoken: String) throws {
        try requireUnicodeData()
        let entry = try #require(EmojiCatalog.shared.entry(for: emoji))
        #expect(entry.name == name)
        #expect(entry.spokenName == spoken)
    }

    @Test func theCatalogHoldsAllOfUnicodesEmojiInItsOrder() throws {
        try requireUnicodeData()
        let catalog = EmojiCatalog.shared
        #expect(catalog.problem == nil)
        #expect(catalog.entries.count > 3500)
        #expect(catalog.entries.first?.name == "grinning face")
        #expect(catalog.entries.contains { $0.character == "🦩" })
    }

    @Test func theLongestSequenceWinsAndAnUnknownSequenceFallsBackToItsParts() throws {
        try requireUnicodeData()
        let catalog = EmojiCatalog.shared
        let text = "a👩🏽‍💻b👩‍🦩c❤️"
        let matches = catalog.matches(in: text)
        #expect(
            matches.map(\.entry.name) == ["woman technologist: medium skin tone", "woman", "flamingo", "red heart"])
        let scalars = Array(text.unicodeScalars)
        // The heart's presentation selector is part of its match.
        #expect(matches.last?.scalars.upperBound == scalars.count)
        #expect(matches.first?.scalars == 1..<5)
    }

    @Test func missingDataFallsBackToTheBuiltInSetAndNamesThePackage() {
        let catalog = EmojiCatalog.load(directory: "/nonexistent-\(UUID().uuidString)")
        #expect(catalog.source == .builtIn)
        #expect(catalog.entries.count == EmojiCatalog.builtInList.count)
        #expect(catalog.entry(for: "👍")?.name == "thumbs up")
        #expect(catalog.entry(for: "🦩") == nil)
        #expect(catalog.problem?.contains("unicode-data") == true)
        #expect(!EmojiCatalog.isInstalled(in: "/nonexistent"))
    }

    /// Reactions with the common emoji are named from the built-in set, without reading
    /// Unicode's data: its names must be the data's, or a reaction would change its name when the
    /// data is read.
    @Test func theBuiltInNamesAreUnicodesOwn() throws {
        try requireUnicodeData()
        for entry in EmojiCatalog.builtInList {
            #expect(EmojiCatalog.shared.entry(for: entry.character)?.name == entry.name, "\(entry.character)")
            #expect(Emoji.name(of: entry.character, in: .shared) == entry.spokenName)
        }
        // Outside the set, the data names it.
        #expect(EmojiCatalog.common.entry(for: "🦩") == nil)
        #expect(Emoji.name(of: "🦩", in: .shared) == "flamingo")
    }

    @Test func malformedLinesAreSkipped() {
        let text = """
            # group: Smileys
            1F600 ; fully-qualified # 😀 E1.0 grinning face
            XYZ ; fully-qualified # ? E1.0 broken
            1F601 ; fully-qualified
            2764 FE0F ; fully-qualified # ❤️ E0.6 red heart
            2764 ; unqualified # ❤ E0.6 red heart

            """
        let forms = EmojiCatalog.parseEmojiTest(Array(text.utf8))
        #expect(forms.map(\.entry.name) == ["grinning face", "red heart", "red heart"])
        #expect(forms.map(\.fullyQualified) == [true, true, false])
    }
}

@Suite struct EmojiKeywordsTests {
    @Test func cldrKeywordsFindTheFlamingoAndSkinTones() throws {
        try requireUnicodeData()
        let keywords = EmojiKeywords.shared
        #expect(keywords.problem == nil, "install Debian's unicode-cldr-core package")
        #expect(keywords.keywords(for: "🦩").contains("tropical"))
        #expect(keywords.keywords(for: "❤️").contains("heart"))  // CLDR writes it without U+FE0F
        #expect(keywords.keywords(for: "👩🏽‍💻").contains("developer"))  // from annotationsDerived
    }

    @Test func parsingSkipsNamesAndUnescapesEntities() {
        let xml = """
            <annotation cp="&amp;">ampersand | and</annotation>
            <annotation cp="&amp;" type="tts">ampersand</annotation>
            <annotation cp="🦩">flamboyant | Flamingo | tropical</annotation>
            """
        let parsed = EmojiKeywords.parse(xml)
        #expect(parsed.map(\.key) == ["&", "🦩"])
        #expect(parsed.last?.words == ["flamboyant", "flamingo", "tropical"])
    }
}
