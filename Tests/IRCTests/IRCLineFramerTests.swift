import PropertyBased
import Testing

@testable import IRC

@Suite struct IRCLineFramerTests {
    @Test func framesAcrossReadsAndStripsCR() {
        var framer = IRCLineFramer()
        #expect(framer.append(Array("PING :a\r\nPI".utf8)) == [Array("PING :a".utf8)])
        #expect(framer.append(Array("NG :b\n\r\n\nX".utf8)) == [Array("PING :b".utf8)])
        #expect(framer.append(Array("\r\n".utf8)) == [Array("X".utf8)])
    }

    @Test func cutsOverlongLinesAndDropsTheRest() {
        var framer = IRCLineFramer(maximumLineLength: 1024)
        let long = [UInt8](repeating: 0x41, count: 10 * 1024)
        var lines = framer.append(long)
        #expect(lines.count == 1 && lines[0].count == 1024)
        lines = framer.append(long + Array("\r\nPING :ok\r\n".utf8))
        #expect(lines == [Array("PING :ok".utf8)])
    }

    @Test func randomChunkingGivesTheSameLines() async {
        await propertyCheck(count: 100, input: Gen.uint8(in: 0...255).array(of: 0...400), Gen.int(in: 1...50)) {
            bytes, chunk in
            var whole = IRCLineFramer()
            let expected = whole.append(bytes + [0x0A])
            var pieces = IRCLineFramer()
            var lines: [[UInt8]] = []
            var index = 0
            let input = bytes + [0x0A]
            while index < input.count {
                lines += pieces.append(input[index..<min(index + chunk, input.count)])
                index += chunk
            }
            #expect(lines == expected)
        }
    }
}
