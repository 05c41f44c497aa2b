import RealParts
import Synchronization
import Testing

@testable import Terminal

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Collects what the reader thread delivers.
private final class Recorder: Sendable {
    private let events = Mutex<[(KeyEvent, ContinuousClock.Instant)]>([])
    private let ends = Mutex(0)

    func record(_ event: KeyEvent) { events.withLock { $0.append((event, .now)) } }
    func recordEnd() { ends.withLock { $0 += 1 } }
    var endCount: Int { ends.withLock { $0 } }
    var received: [KeyEvent] { events.withLock { $0.map(\.0) } }
    var times: [ContinuousClock.Instant] { events.withLock { $0.map(\.1) } }

    /// Waits until `condition` holds for the events, or 5 seconds pass.
    @discardableResult
    func wait(until condition: ([KeyEvent]) -> Bool) async -> Bool {
        await waitUntil(timeout: .seconds(5), every: .milliseconds(2)) { condition(received) }
    }
}

private final class Pipe {
    let read: Int32
    private(set) var write: Int32
    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        read = ends[0]
        write = ends[1]
    }
    func send(_ text: String) { RawMode.writeAll(write, Array(text.utf8)) }
    /// Bytes written and not yet read.
    var unread: Int32 {
        var count: Int32 = 0
        _ = ioctl(read, UInt(FIONREAD), &count)
        return count
    }
    /// Waits until the reader has taken every byte (an event, not a time), up to 30 seconds.
    func waitUntilDrained() async -> Bool {
        await waitUntil(timeout: .seconds(30), every: .milliseconds(1)) { unread == 0 }
    }
    /// Closes the write end once (a second close could hit another test's reused descriptor).
    func closeWrite() {
        guard write >= 0 else { return }
        close(write)
        write = -1
    }
    deinit {
        close(read)
        closeWrite()
    }
}

@Suite(.serialized) struct TerminalInputTests {
    @Test func keysArriveInOrder() async throws {
        let pipe = Pipe()
        let recorder = Recorder()
        let input = TerminalInput(input: pipe.read, onEvent: recorder.record)
        try input.start()
        defer { input.stop() }
        pipe.send("a\u{1B}[1;5C")
        pipe.send("\u{1B}[200~x\u{1B}[201~\r")
        let expected: [KeyEvent] = [.character("a"), .key(.right, .control), .paste("x"), .enter]
        #expect(await recorder.wait { $0.count >= 4 })
        #expect(recorder.received == expected)
    }

    /// With `onEvents`, the keys of one read come in one call: a word typed at once is one
    /// run for the receiver, never split by it waking between two of its keys.
    @Test func theKeysOfOneReadArriveTogether() async throws {
        let pipe = Pipe()
        let batches = Mutex<[[KeyEvent]]>([])
        let input = TerminalInput(
            input: pipe.read, onEvent: { _ in Issue.record("each key alone") },
            onEvents: { keys in batches.withLock { $0.append(keys) } })
        try input.start()
        defer { input.stop() }
        pipe.send("anyone")
        let deadline = ContinuousClock.now + .seconds(10)
        while batches.withLock({ $0.flatMap { $0 }.count }) < 6, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let received = batches.withLock { $0 }
        #expect(received == [Array("anyone").map { KeyEvent.character($0) }], "\(received)")
    }

    @Test func loneEscapeArrivesAfterTheTimeout() async throws {
        let pipe = Pipe()
        let recorder = Recorder()
        let input = TerminalInput(input: pipe.read, escapeTimeout: .milliseconds(25), onEvent: recorder.record)
        try input.start()
        defer { input.stop() }
        let sent = ContinuousClock.now
        pipe.send("\u{1B}")
        #expect(await recorder.wait { !$0.isEmpty })
        #expect(recorder.received == [.escape])
        let waited = try #require(recorder.times.first) - sent
        #expect(waited >= .milliseconds(20), "Escape waited for silence (\(waited))")
    }

    @Test func escapeThenKeyInTimeIsAlt() async throws {
        let pipe = Pipe()
        let recorder = Recorder()
        // A long timeout, so the two writes surely fall inside it even on a loaded machine.
        let input = TerminalInput(input: pipe.read, escapeTimeout: .seconds(60), onEvent: recorder.record)
        try input.start()
        defer { input.stop() }
        pipe.send("\u{1B}")
        // Two reads: the second byte is written once the reader has taken the first.
        #expect(await pipe.waitUntilDrained())
        pipe.send("x")
        #expect(await recorder.wait { !$0.isEmpty })
        #expect(recorder.received == [.alt("x")])
    }

    @Test func sigwinchBecomesAResizeWithTheReportedSize() async throws {
        let terminal = try PseudoTerminal()
        var size = winsize(ws_row: 31, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(terminal.master, UInt(TIOCSWINSZ), &size) == 0)
        let recorder = Recorder()
        let input = TerminalInput(input: terminal.slave, sizeSource: terminal.slave, onEvent: recorder.record)
        try input.start()
        defer { input.stop() }
        kill(getpid(), SIGWINCH)
        #expect(await recorder.wait { !$0.isEmpty })
        #expect(recorder.received.first == .resize(columns: 101, rows: 31))

        // Keys typed on the terminal and resizes share one stream.
        // (The pty is still in canonical mode, so a line goes through at once.)
        RawMode.writeAll(terminal.master, Array("q\r".utf8))
        #expect(await recorder.wait { $0.count >= 3 })
        #expect(recorder.received.dropFirst() == [.character("q"), .enter])
    }

    @Test func endOfInputIsReportedOnce() async throws {
        let pipe = Pipe()
        let recorder = Recorder()
        let input = TerminalInput(input: pipe.read, onEvent: recorder.record, onEnd: recorder.recordEnd)
        try input.start()
        defer { input.stop() }
        pipe.send("z\u{1B}")
        pipe.closeWrite()
        #expect(await recorder.wait { $0.count >= 2 })
        #expect(recorder.received == [.character("z"), .escape], "a waiting Escape is flushed at the end")
        await waitUntil(timeout: .seconds(30), every: .milliseconds(2)) { recorder.endCount > 0 }
        // stop() joins the reader thread, so no second end can come after it.
        input.stop()
        #expect(recorder.endCount == 1)
    }

    @Test func stopWakesABlockedReader() throws {
        let pipe = Pipe()
        let input = TerminalInput(input: pipe.read, onEvent: { _ in })
        try input.start()
        let before = ContinuousClock.now
        input.stop()
        #expect(ContinuousClock.now - before < .seconds(1))
        input.stop()
    }

    @Test func stopFromTheCallbackDoesNotDeadlock() async throws {
        let pipe = Pipe()
        let recorder = Recorder()
        let holder = Mutex<TerminalInput?>(nil)
        let input = TerminalInput(input: pipe.read) { event in
            recorder.record(event)
            holder.withLock { $0 }?.stop()
        }
        holder.withLock { $0 = input }
        try input.start()
        pipe.send("a")
        #expect(await recorder.wait { !$0.isEmpty })
        pipe.send("b")
        try await Task.sleep(for: .milliseconds(50))
        #expect(recorder.received == [.character("a")], "nothing is delivered after stop")
        holder.withLock { $0 = nil }
    }

    @Test func startingTwiceIsAnError() throws {
        let pipe = Pipe()
        let input = TerminalInput(input: pipe.read, onEvent: { _ in })
        try input.start()
        defer { input.stop() }
        #expect(throws: TerminalInputError.self) { try input.start() }
    }
}

@Suite struct TerminalSizeTests {
    @Test func environmentWins() throws {
        let terminal = try PseudoTerminal()
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal.master, UInt(TIOCSWINSZ), &size)
        #expect(
            TerminalSize.current(fd: terminal.slave, environment: ["COLUMNS": "60", "LINES": "20"])
                == TerminalSize(columns: 60, rows: 20))
        #expect(
            TerminalSize.current(fd: terminal.slave, environment: ["COLUMNS": "60"])
                == TerminalSize(columns: 60, rows: 40))
        #expect(
            TerminalSize.current(fd: terminal.slave, environment: ["COLUMNS": "0", "LINES": "x"])
                == TerminalSize(columns: 120, rows: 40))
        #expect(TerminalSize.reported(fd: terminal.slave) == TerminalSize(columns: 120, rows: 40))
    }

    @Test func fallbackWhenNotATerminal() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(TerminalSize.reported(fd: ends[0]) == nil)
        #expect(TerminalSize.current(fd: ends[0], environment: [:]) == TerminalSize(columns: 80, rows: 24))
    }
}
