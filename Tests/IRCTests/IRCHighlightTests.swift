import PropertyBased
import Testing

@testable import IRC

/// Highlights and the case mapping: ASCII is compared byte by byte (the fast way a burst
/// takes), and must agree with the scalar-by-scalar way everywhere.
@Suite struct IRCHighlightTests {
    @Test(arguments: [
        ("Kim[away]: look", ["kim{away}"], true),
        ("welcome home", ["me"], false),
        ("me: hi", ["me"], true),
        ("hi @me!", ["me"], true),
        ("some time, comet", ["me"], false),
        ("ping KIM^", ["kim~"], true),
        ("kim_ said so", ["kim"], false),
        ("", ["kim"], false),
        ("kim", [""], false),
        ("Ünïcode for kim!", ["kim"], true),
        ("kimé is here", ["kim"], false),
        ("—kim—", ["kim"], true),
        ("ÜBER alles", ["über"], true),
    ])
    func matchesWholeWords(text: String, words: [String], expected: Bool) {
        #expect(IRCHighlight.matches(text, words: words) == expected)
    }

    @Test func asciiAgreesWithTheScalarWay() async {
        let alphabet: [UInt8] = Array("aKm e:[]{}|^~\\_-@!,1".utf8)
        let text = Gen.uint8(in: 0...UInt8(alphabet.count - 1)).array(of: 0...24)
        let word = Gen.uint8(in: 0...UInt8(alphabet.count - 1)).array(of: 0...4)
        await propertyCheck(count: 1000, input: text, word) { text, word in
            let line = String(decoding: text.map { alphabet[Int($0)] }, as: UTF8.self)
            let nick = String(decoding: word.map { alphabet[Int($0)] }, as: UTF8.self)
            #expect(IRCHighlight.matches(line, words: [nick]) == IRCHighlight.matchesByScalar(line, words: [nick]))
        }
    }

    @Test func foldAndEqualFollowRFC1459() {
        #expect(IRCCaseMapping.fold("Nick[Away]\\~") == "nick{away}|^")
        #expect(IRCCaseMapping.fold("ÄBé") == "Äbé")
        let folded = "kim"
        #expect(IRCCaseMapping.fold(folded) == folded)
        #expect(IRCCaseMapping.equal("Kim[A]", "kim{a}"))
        #expect(!IRCCaseMapping.equal("kim", "kimé"))
        #expect(!IRCCaseMapping.equal("kim", "kin"))
        #expect(IRCCaseMapping.equal("Ünï", "Ünï"))
        #expect(!IRCCaseMapping.equal("Ünï", "ünï"))
    }

    @Test func equalAgreesWithFolding() async {
        let alphabet: [UInt8] = Array("aAzZ[]{}\\|~^é".utf8)
        let name = Gen.uint8(in: 0...UInt8(alphabet.count - 1)).array(of: 0...6)
        await propertyCheck(count: 1000, input: name, name) { a, b in
            let left = String(decoding: a.map { alphabet[Int($0)] }, as: UTF8.self)
            let right = String(decoding: b.map { alphabet[Int($0)] }, as: UTF8.self)
            #expect(IRCCaseMapping.equal(left, right) == (IRCCaseMapping.fold(left) == IRCCaseMapping.fold(right)))
        }
    }
}
