import PropertyBased
import Testing

@testable import IRC

@Suite struct IRCLineSplitterTests {
    @Test func prefersSpaces() {
        #expect(IRCLineSplitter.split("hello brave new world", maxBytes: 12) == ["hello brave", "new world"])
    }

    @Test func neverSplitsInsideAUTF8Sequence() {
        let text = String(repeating: "é👍", count: 200)
        let chunks = IRCLineSplitter.split(text, maxBytes: 100)
        #expect(chunks.joined() == text)
        for chunk in chunks { #expect(chunk.utf8.count <= 100) }
    }

    @Test func newlinesStartNewChunks() {
        #expect(IRCLineSplitter.split("one\ntwo\r\n\nthree", maxBytes: 100) == ["one", "two", "three"])
    }

    @Test func relayedLinesFitIn512Bytes() throws {
        let nick = "ada"
        let target = "#welcome"
        let budget = IRCLineSplitter.textBudget(command: "PRIVMSG", target: target, nick: nick)
        let text = String(repeating: "ж", count: 2000)
        for chunk in IRCLineSplitter.split(text, maxBytes: budget) {
            let relayed =
                ":\(nick)!\(String(repeating: "u", count: 10))@\(String(repeating: "h", count: 63)) "
                + (try IRCMessage(command: "PRIVMSG", [target, chunk]).serialized()) + "\r\n"
            #expect(relayed.utf8.count <= 512)
        }
    }

    @Test func randomTextSplitsLosslessly() async {
        let scalar = Gen.uint8(in: 0x21...0x7E).array(of: 0...400)
        await propertyCheck(count: 100, input: scalar, Gen.int(in: 4...64)) { bytes, limit in
            let text = String(decoding: bytes, as: UTF8.self)
            let chunks = IRCLineSplitter.split(text, maxBytes: limit)
            #expect(chunks.joined() == text)
            #expect(chunks.allSatisfy { $0.utf8.count <= limit })
        }
    }
}
