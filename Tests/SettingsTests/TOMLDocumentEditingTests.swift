import Foundation
import Testing

@testable import Settings

@Suite struct TOMLDocumentEditingTests {
    static let original = """
        # Earshot settings, by hand.
        [text]
        # I like it big.
        size = "large"   # keep this comment

        [speech]
        rate = 200
        my_own_key = "kept"

        [zzz_unknown]
        whatever = [1, 2]
        """

    @Test func replacingAValueKeepsEverythingElse() throws {
        var document = try TOMLDocument(parsing: Self.original)
        try document.set(.string("accessibilityLarge"), at: ["text", "size"])
        let expected = Self.original.replacingOccurrences(
            of: "size = \"large\"", with: "size = \"accessibilityLarge\"")
        #expect(document.text == expected)
    }

    @Test func addingAKeyGoesToTheEndOfItsSection() throws {
        var document = try TOMLDocument(parsing: Self.original)
        try document.set(.integer(70), at: ["speech", "pitch"])
        #expect(document.text.contains("my_own_key = \"kept\"\npitch = 70\n\n[zzz_unknown]"))
        #expect(document.value(at: ["speech", "pitch"]) == .integer(70))
    }

    @Test func addingASectionAppendsIt() throws {
        var document = try TOMLDocument(parsing: Self.original)
        try document.set(.boolean(true), at: ["display", "reduce_motion"])
        #expect(document.text.hasPrefix(Self.original))
        #expect(document.text.hasSuffix("whatever = [1, 2]\n\n[display]\nreduce_motion = true\n"))
    }

    @Test func editingADottedKey() throws {
        var document = try TOMLDocument(parsing: "text.size = 'small' # dotted\n")
        try document.set(.string("medium"), at: ["text", "size"])
        #expect(document.text == "text.size = \"medium\" # dotted\n")
    }

    /// `[text]` made only by a dotted key: a `[text]` header would define it twice.
    @Test(arguments: [
        (
            "# mine\ntext.sh = 2 # keep\n\n[speech]\nrate = 200\n",
            "# mine\ntext.sh = 2 # keep\ntext.size = \"accessibilityLarge\"\n\n[speech]\nrate = 200\n"
        ),
        (
            "[a]\ntext.sh = 2\n",
            "[a]\ntext.sh = 2\n\n[text]\nsize = \"accessibilityLarge\"\n"
        ),
        (
            "[text.sub]\nx = 1 # implicit text\n",
            "[text.sub]\nx = 1 # implicit text\n\n[text]\nsize = \"accessibilityLarge\"\n"
        ),
        (
            "text.sh = 2", "text.sh = 2\ntext.size = \"accessibilityLarge\"\n"
        ),
        (
            "[x]\ny = 1\n[x.text]\nz = 2\n", "[x]\ny = 1\n[x.text]\nz = 2\n\n[text]\nsize = \"accessibilityLarge\"\n"
        ),
    ])
    func settingAKeyOfATableMadeByDottedKeys(original: String, expected: String) throws {
        var document = try TOMLDocument(parsing: original)
        try document.set(.string("accessibilityLarge"), at: ["text", "size"])
        #expect(document.text == expected)
        #expect(document.value(at: ["text", "size"]) == .string("accessibilityLarge"))
    }

    @Test func settingANestedDottedTableGoesToItsHeadedSection() throws {
        var document = try TOMLDocument(parsing: "[a]\nb.c = 1 # note\n[z]\n")
        try document.set(.integer(2), at: ["a", "b", "d"])
        #expect(document.text == "[a]\nb.c = 1 # note\nb.d = 2\n[z]\n")
    }

    @Test func anInlineTableCannotTakeMoreKeysAndSaysWhere() throws {
        var document = try TOMLDocument(parsing: "x = 1\ntext = { sh = 2 }\n")
        let error = try #require(throws: TOMLError.self) {
            try document.set(.string("large"), at: ["text", "size"])
        }
        #expect(error.key == "text.size")
        #expect(error.line == 2)
        #expect(document.text == "x = 1\ntext = { sh = 2 }\n")
    }

    @Test func literalsRoundTrip() throws {
        let values: [TOMLValue] = [
            .string("tab\there \"quoted\" back\\slash é"), .integer(-5), .float(1.5), .boolean(false),
            .array([.string("#a"), .string("#b")]),
        ]
        for value in values {
            let document = try TOMLDocument(parsing: "k = \(value.tomlLiteral)\n")
            #expect(document.value(at: ["k"]) == value)
        }
    }
}
