#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Testing
import Typography

@testable import Terminal

@Suite struct BackgroundQueryTests {
    @Test(arguments: [
        ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?1;2c", RGBColor(0xFFFFFF), true),
        ("\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?62;22c", RGBColor(0x000000), true),
        ("\u{1B}]11;rgb:1e/1e/2e\u{1B}\\", RGBColor(0x1E1E2E), false),
        ("\u{1B}]11;rgb:f/8/0\u{1B}\\\u{1B}[?6c", RGBColor(0xFF8800), true),
    ])
    func answersAreRead(answer: String, color: RGBColor, complete: Bool) {
        let parsed = BackgroundQuery.parse(Array(answer.utf8))
        #expect(parsed.color == color)
        #expect(parsed.complete == complete)
    }

    @Test func aTerminalThatIgnoresOSC11AnswersOnlyTheAttributes() {
        let parsed = BackgroundQuery.parse(Array("\u{1B}[?1;2c".utf8))
        #expect(parsed.color == nil)
        #expect(parsed.complete)
        #expect(BackgroundQuery.parse(Array("\u{1B}]11;rgb:ffff/ffff".utf8)).color == nil)
        #expect(BackgroundQuery.parse(Array("\u{1B}]11;rgb:zz/00/00\u{07}".utf8)).color == nil)
    }

    /// A pseudo-terminal plays the terminal: it reads the query and answers, or stays silent.
    @Test(arguments: [true, false])
    func askingAPseudoTerminal(answers: Bool) throws {
        var controller: Int32 = -1
        var device: Int32 = -1
        try #require(openpty(&controller, &device, nil, nil, nil) == 0)
        defer {
            close(controller)
            close(device)
        }
        let terminal = controller
        let responder = Thread {
            var query = [UInt8](repeating: 0, count: 64)
            let count = query.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
            guard answers, count > 0 else { return }
            let answer = Array("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{1B}\\\u{1B}[?1;2c".utf8)
            _ = answer.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
        }
        responder.start()
        let started = ContinuousClock.now
        let color = BackgroundQuery.ask(input: device, output: device, timeoutMilliseconds: answers ? 10_000 : 300)
        #expect(color == (answers ? RGBColor(0xFDF6E3) : nil))
        if answers { #expect(ContinuousClock.now - started < .seconds(5), "the attributes answer ends the wait") }
    }
}

/// A thread running `body` once (Foundation-free).
final class Thread: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { raw in
                let this = Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue()
                this.body()
                return nil
            }, box)
        pthread_detach(thread)
    }
}
