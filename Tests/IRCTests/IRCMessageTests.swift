import PropertyBased
import Testing

@testable import IRC

@Suite struct IRCMessageTests {
    @Test func parsesTagsSourceCommandAndParameters() throws {
        let line =
            "@time=2026-11-21T05:42:28.443Z;msgid=862~17~0;+draft/reply=a\\sb\\:c\\\\d :ada!a@127.0.0.1 PRIVMSG #t :hello there"
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

    /// A colon or a space followed by a combining mark is one Character to Swift: the line
    /// still marks the parameter as the trailing one, and reads back the same (a fuzz find).
    @Test(arguments: [":\u{031A}\u{FFFD}/on", "a \u{031A}b", " \u{0301}"])
    func aColonOrSpaceWithACombiningMarkRoundTrips(parameter: String) throws {
        let message = IRCMessage(command: "SP", [parameter])
        let line = try message.serialized()
        #expect(IRCMessage(parsing: Array(line.utf8)) == message, "\(line)")
    }

    @Test func rejectsLinesWithoutCommand() {
        #expect(IRCMessage(parsing: Array("".utf8)) == nil)
        #expect(IRCMessage(parsing: Array("@a=b ".utf8)) == nil)
        #expect(IRCMessage(parsing: Array(":src".utf8)) == nil)
    }

    @Test func serialisesAndRoundTrips() throws {
        let message = IRCMessage(
            command: "PRIVMSG", ["#x", ":starts with colon"], tags: ["label": "a;b c\\d", "+typing": "active"])
        let line = try message.serialized()
        #expect(line == "@+typing=active;label=a\\:b\\sc\\\\d PRIVMSG #x ::starts with colon")
        #expect(IRCMessage(parsing: Array(line.utf8)) == message)
    }

    /// Messages that, written, would mean something else: each refused with its code.
    @Test(arguments: [
        (IRCMessage(command: "PRIVMSG", ["#a b", "x"]), IRCSerializationError.Code.invalidParameter),
        (IRCMessage(command: "PRIVMSG", ["", "x"]), .invalidParameter),
        (IRCMessage(command: "PRIVMSG", [":#a", "x"]), .invalidParameter),
        (IRCMessage(command: "PRIVMSG", ["#x", "one\r\nQUIT :two"]), .invalidParameter),
        (IRCMessage(command: "PRIVMSG", ["#x", "nul\u{0}"]), .invalidParameter),
        (IRCMessage(command: "PRIVMSG", ["#x\n", "hi"]), .invalidParameter),
        (IRCMessage(command: "PRIV MSG", ["#x", "hi"]), .invalidCommand),
        (IRCMessage(command: "", ["#x"]), .invalidCommand),
        (IRCMessage(command: "PRIVMSG\r\nQUIT", ["#x"]), .invalidCommand),
        (IRCMessage(command: "12", ["#x"]), .invalidCommand),
        (IRCMessage(command: "TAGMSG", ["#x"], tags: ["a b": "1"]), .invalidTag),
        (IRCMessage(command: "TAGMSG", ["#x"], tags: ["a=b": "1"]), .invalidTag),
        (IRCMessage(command: "TAGMSG", ["#x"], tags: ["+": "1"]), .invalidTag),
        (IRCMessage(command: "TAGMSG", ["#x"], tags: ["a;b": "1"]), .invalidTag),
        (IRCMessage(command: "TAGMSG", ["#x"], tags: ["+draft/": "1"]), .invalidTag),
        (IRCMessage(command: "TAGMSG", ["#x"], tags: ["label": "a\u{0}b"]), .invalidTag),
        (IRCMessage(command: "PRIVMSG", ["#x", "hi"], source: "a b"), .invalidSource),
        (IRCMessage(command: "PRIVMSG", ["#x", String(repeating: "a", count: 500)]), .tooLong),
        (IRCMessage(command: "TAGMSG", ["#x"], tags: ["+k": String(repeating: "a", count: 9000)]), .tooLong),
    ])
    func refusesLinesThatWouldChangeMeaning(message: IRCMessage, code: IRCSerializationError.Code) {
        #expect(throws: IRCSerializationError.self) { try message.serialized() }
        do {
            _ = try message.serialized()
        } catch {
            #expect(error.code == code, "\(error)")
        }
    }

    @Test(arguments: [
        (IRCMessage(command: "PRIVMSG", ["#x", ""]), "PRIVMSG #x :"),
        (IRCMessage(command: "PRIVMSG", ["#x", "a b"]), "PRIVMSG #x :a b"),
        (IRCMessage(command: "001", ["ada", "hi"]), "001 ada hi"),
        (
            IRCMessage(command: "TAGMSG", ["#x"], tags: ["+draft/react": "👍", "example.com/x-y": "1"]),
            "@+draft/react=👍;example.com/x-y=1 TAGMSG #x"
        ),
        (
            IRCMessage(command: "PRIVMSG", ["#x", String(repeating: "a", count: 498)]),
            "PRIVMSG #x " + String(repeating: "a", count: 498)
        ),
    ])
    func writesLinesThatMeanWhatTheySay(message: IRCMessage, line: String) throws {
        #expect(try message.serialized() == line)
    }

    @Test func randomBytesNeverCrashTheParser() async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 0...300)) { bytes in
            if let message = IRCMessage(parsing: bytes) {
                #expect(!message.command.isEmpty)
                // What parses and can be written parses back to the same message.
                if let line = try? message.serialized() {
                    #expect(IRCMessage(parsing: Array(line.utf8)) == message)
                }
            }
        }
    }

    @Test func randomPrintableLinesRoundTripTags() async {
        let value = Gen.uint8(in: 0x20...0x7E).array(of: 0...20)
        await propertyCheck(count: 200, input: value) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let message = IRCMessage(command: "TAGMSG", ["#x"], tags: ["+k": text])
            let line = try? message.serialized()
            #expect(line != nil)
            let parsed = IRCMessage(parsing: Array((line ?? "").utf8))
            #expect(parsed?.tags["+k"] ?? "" == text)
        }
    }
}
