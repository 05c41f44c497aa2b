import PropertyBased
import Testing

@testable import Chat

@Suite struct IRCMessageTests {
    @Test func parsesTagsSourceCommandAndParameters() throws {
        let line = "@time=2026-11-21T05:42:28.443Z;msgid=862~17~0;+draft/reply=a\\sb\\:c\\\\d :ada!a@127.0.0.1 PRIVMSG #t :hello there"
        let message = try #require(IRCMessage(parsing: Array(line.utf8)))
        #expect(message.command == "PRIVMSG")
        #expect(message.source == "ada!a@127.0.0.1")
        #expect(message.sourceNick == "ada")
        #expect(message.parameters == ["#t", "hello there"])
        #expect(message.tags["msgid"] == "862~17~0")
        #expect(message.tags["+draft/reply"] == "a b;c\\d")
    }

    @Test(arguments: [
        ("PING", IRCMessage(command: "PING")),
        ("ping :x y", IRCMessage(command: "PING", ["x y"])),
        ("  NICK   ada  ", IRCMessage(command: "NICK", ["ada"])),
        ("@a;b= CMD", IRCMessage(command: "CMD", tags: ["a": "", "b": ""])),
        ("@k=trailing\\ CMD", IRCMessage(command: "CMD", tags: ["k": "trailing"])),
        ("@k=\\x\\r\\n CMD", IRCMessage(command: "CMD", tags: ["k": "x\r\n"])),
        ("CMD a :", IRCMessage(command: "CMD", ["a", ""])),
    ])
    func parsesEdgeCases(line: String, expected: IRCMessage) {
        #expect(IRCMessage(parsing: Array(line.utf8)) == expected)
    }

    @Test func rejectsLinesWithoutCommand() {
        #expect(IRCMessage(parsing: Array("".utf8)) == nil)
        #expect(IRCMessage(parsing: Array("@a=b ".utf8)) == nil)
        #expect(IRCMessage(parsing: Array(":src".utf8)) == nil)
    }

    @Test func serialisesAndRoundTrips() throws {
        let message = IRCMessage(
            command: "PRIVMSG", ["#x", ":starts with colon"], tags: ["label": "a;b c\\d", "+typing": "active"])
        let line = message.serialized()
        #expect(line == "@+typing=active;label=a\\:b\\sc\\\\d PRIVMSG #x ::starts with colon")
        #expect(IRCMessage(parsing: Array(line.utf8)) == message)
    }

    @Test func serialisingNeverProducesTwoLines() {
        let line = IRCMessage(command: "PRIVMSG", ["#x", "one\r\nQUIT :two"]).serialized()
        #expect(!line.contains("\r") && !line.contains("\n"))
    }

    @Test func randomBytesNeverCrashTheParser() async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 0...300)) { bytes in
            if let message = IRCMessage(parsing: bytes) {
                #expect(!message.command.isEmpty)
                // What parses serialises, and that parses to the same command.
                #expect(IRCMessage(parsing: Array(message.serialized().utf8))?.command == message.command)
            }
        }
    }

    @Test func randomPrintableLinesRoundTripTags() async {
        let value = Gen.uint8(in: 0x20...0x7E).array(of: 0...20)
        await propertyCheck(count: 200, input: value) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let message = IRCMessage(command: "TAGMSG", ["#x"], tags: ["+k": text])
            let parsed = IRCMessage(parsing: Array(message.serialized().utf8))
            #expect(parsed?.tags["+k"] ?? "" == text)
        }
    }
}
