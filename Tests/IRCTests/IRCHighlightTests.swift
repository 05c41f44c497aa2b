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
        #expect(IRCHighlight.matches(text, words: words, names: .rfc1459) == expected)
    }

    @Test func anASCIIServerTellsBracketsFromBraces() {
        #expect(!IRCHighlight.matches("Kim[away]: look", words: ["kim{away}"], names: .ascii))
        #expect(IRCHighlight.matches("KIM[away]: look", words: ["kim[away]"], names: .ascii))
        #expect(!IRCHighlight.matches("ping KIM^", words: ["kim~"], names: .strictRFC1459))
        #expect(IRCHighlight.matches("ping KIM|", words: ["kim\\"], names: .strictRFC1459))
    }

    @Test func asciiAgreesWithTheScalarWay() async {
        let alphabet: [UInt8] = Array("aKm e:[]{}|^~\\_-@!,1".utf8)
        let text = Gen.uint8(in: 0...UInt8(alphabet.count - 1)).array(of: 0...24)
        let word = Gen.uint8(in: 0...UInt8(alphabet.count - 1)).array(of: 0...4)
        await propertyCheck(count: 1000, input: text, word) { text, word in
            let line = String(decoding: text.map { alphabet[Int($0)] }, as: UTF8.self)
            let nick = String(decoding: word.map { alphabet[Int($0)] }, as: UTF8.self)
            for names in IRCCaseMapping.allCases {
                #expect(
                    IRCHighlight.matches(line, words: [nick], names: names)
                        == IRCHighlight.matchesByScalar(line, words: [nick], names: names))
            }
        }
    }

    @Test func foldAndEqualFollowRFC1459() {
        let names = IRCCaseMapping.rfc1459
        #expect(names.fold("Nick[Away]\\~") == "nick{away}|^")
        #expect(names.fold("ÄBé") == "Äbé")
        let folded = "kim"
        #expect(names.fold(folded) == folded)
        #expect(names.equal("Kim[A]", "kim{a}"))
        #expect(!names.equal("kim", "kimé"))
        #expect(!names.equal("kim", "kin"))
        #expect(names.equal("Ünï", "Ünï"))
        #expect(!names.equal("Ünï", "ünï"))
    }

    @Test func strictAndASCIIFoldLessAndTheServerNamesWhich() {
        #expect(IRCCaseMapping.strictRFC1459.fold("Nick[Away]\\~") == "nick{away}|~")
        #expect(IRCCaseMapping.ascii.fold("Nick[Away]\\~") == "nick[away]\\~")
        #expect(!IRCCaseMapping.ascii.equal("kim[m]", "kim{m}"))
        #expect(IRCCaseMapping.ascii.equal("KIM[m]", "kim[m]"))
        #expect(IRCCaseMapping(isupport: "ascii") == .ascii)
        #expect(IRCCaseMapping(isupport: "strict-rfc1459") == .strictRFC1459)
        #expect(IRCCaseMapping(isupport: "RFC1459") == .rfc1459)
        #expect(IRCCaseMapping(isupport: "rfc8265") == .ascii)
        #expect(IRCCaseMapping(isupport: "klingon") == nil)
    }

    @Test func equalAgreesWithFolding() async {
        let alphabet: [UInt8] = Array("aAzZ[]{}\\|~^é".utf8)
        let name = Gen.uint8(in: 0...UInt8(alphabet.count - 1)).array(of: 0...6)
        await propertyCheck(count: 1000, input: name, name) { a, b in
            let left = String(decoding: a.map { alphabet[Int($0)] }, as: UTF8.self)
            let right = String(decoding: b.map { alphabet[Int($0)] }, as: UTF8.self)
            for names in IRCCaseMapping.allCases {
                #expect(names.equal(left, right) == (names.fold(left) == names.fold(right)))
            }
        }
    }
}
