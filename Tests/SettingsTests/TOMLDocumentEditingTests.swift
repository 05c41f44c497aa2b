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

import Foundation
