import RealParts
import Foundation
import TestThreads
import Testing

@testable import Terminal

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A real pseudo-terminal: the slave end is what a program sees as its terminal; the master
/// end reads what the program writes to it.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    let slavePath: String

    /// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname` from libc; Swift's Glibc module
    /// leaves them out (they need `_XOPEN_SOURCE`), so they are looked up by name.
    private static func libc<Function>(_ name: String, as type: Function.Type) throws -> Function {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw Failure("no \(name) in libc") }
        return unsafeBitCast(symbol, to: type)
    }

    init() throws {
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias PTOperation = @convention(c) (Int32) -> Int32
        typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let posix_openpt = try Self.libc("posix_openpt", as: OpenPT.self)
        let grantpt = try Self.libc("grantpt", as: PTOperation.self)
        let unlockpt = try Self.libc("unlockpt", as: PTOperation.self)
        let ptsname = try Self.libc("ptsname", as: PTSName.self)
        master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw Failure("cannot open a pseudo-terminal (errno \(errno))")
        }
        slavePath = String(cString: name)
        slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure("cannot open \(slavePath) (errno \(errno))") }
    }

    deinit {
        close(slave)
        close(master)
    }

    var settings: termios {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return settings
    }

    /// Reads what was written to the slave until `marker` appears or `timeout` passes.
    func readOutput(until marker: String, timeout: Duration = .seconds(2)) -> String {
        var collected: [UInt8] = []
        var ended = false
        // Each check reads what has come within 50 ms. While no process has the other end open
        // (a loaded machine starts the child late), Linux says EIO: the next check reads again.
        waitBlocking(timeout: timeout) {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0 {
                var chunk = [UInt8](repeating: 0, count: 1024)
                let count = read(master, &chunk, chunk.count)
                if count > 0 {
                    collected += chunk[..<count]
                } else if count == 0 || errno != EIO {
                    ended = true
                }
            }
            return ended || String(decoding: collected, as: UTF8.self).contains(marker)
        }
        return String(decoding: collected, as: UTF8.self)
    }
}

func same(_ a: termios, _ b: termios) -> Bool {
    withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
}

private func controlCharacter(_ settings: termios, _ index: Int32) -> UInt8 {
    withUnsafeBytes(of: settings.c_cc) { $0[Int(index)] }
}

private func currentHandler(_ signalNumber: Int32) -> Int {
    var action = sigaction()
    _ = sigaction(signalNumber, nil, &action)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
}

private struct Boom: Error {}

/// Environment variable that turns ``RawModeTests/childHoldsRawModeUntilSignalled()`` from a
/// no-op into the child half of the signal test.
private let childVariable = "EARSHOT_RAWMODE_CHILD_PTY"
/// Set as well: the child crashes (a Swift runtime trap) after it reads one byte.
private let childCrashVariable = "EARSHOT_RAWMODE_CHILD_CRASH"

@Suite(.serialized, .ownThreads) struct RawModeTests {
    @Test func rawInsideTheScopeAndRestoredAfter() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        #expect(original.c_lflag & tcflag_t(ICANON) != 0, "a new pty starts in canonical mode")
        try RawMode.with(input: terminal.slave, output: terminal.slave, options: []) { rawMode in
            #expect(rawMode.isActive)
            let raw = terminal.settings
            #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
            #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
            #expect(raw.c_oflag & tcflag_t(OPOST) != 0, "output processing stays on")
            #expect(VMIN == 6, "Linux index, not Darwin's 16")
            #expect(controlCharacter(raw, VMIN) == 1)
            #expect(controlCharacter(raw, VTIME) == 0)
        }
        #expect(same(terminal.settings, original))
    }

    @Test func restoredAfterAThrownError() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        #expect(throws: Boom.self) {
            try RawMode.with(input: terminal.slave, output: terminal.slave) { _ in
                #expect(!same(terminal.settings, original))
                throw Boom()
            }
        }
        #expect(same(terminal.settings, original))
    }

    @Test func restoredAfterAnAsyncScope() async throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        await #expect(throws: Boom.self) {
            try await RawMode.with(input: terminal.slave, output: terminal.slave) { _ in
                try await Task.sleep(for: .milliseconds(1))
                #expect(!same(terminal.settings, original))
                throw Boom()
            }
        }
        #expect(same(terminal.settings, original))
    }

    @Test func customSettingsAreRestoredWhole() throws {
        let terminal = try PseudoTerminal()
        var custom = terminal.settings
        custom.c_lflag &= ~tcflag_t(ECHOCTL)
        withUnsafeMutableBytes(of: &custom.c_cc) { $0[Int(VINTR)] = 7 }
        _ = tcsetattr(terminal.slave, TCSANOW, &custom)
        let before = terminal.settings
        try RawMode.with(input: terminal.slave, output: terminal.slave) { _ in }
        #expect(same(terminal.settings, before))
        #expect(controlCharacter(terminal.settings, VINTR) == 7)
    }

    @Test func modesAreSwitchedOnAndOff() throws {
        let terminal = try PseudoTerminal()
        let rawMode = RawMode(input: terminal.slave, output: terminal.slave, options: [.bracketedPaste, .mouseDrag])
        #expect(try rawMode.enter())
        #expect(terminal.readOutput(until: "1006h") == "\u{1B}[?2004h\u{1B}[?1002h\u{1B}[?1006h")
        rawMode.restore()
        #expect(terminal.readOutput(until: "1002l") == "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l")
        #expect(!rawMode.isActive)
    }

    @Test func mouseOnlyOnRequest() throws {
        let terminal = try PseudoTerminal()
        try RawMode.with(input: terminal.slave, output: terminal.slave) { _ in
            #expect(terminal.readOutput(until: "2004h") == "\u{1B}[?2004h")
        }
        #expect(terminal.readOutput(until: "2004l") == "\u{1B}[?2004l")
    }

    @Test func enteringAndRestoringTwiceIsHarmless() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let rawMode = RawMode(input: terminal.slave, output: terminal.slave, options: [])
        #expect(try rawMode.enter())
        #expect(try rawMode.enter())
        rawMode.restore()
        rawMode.restore()
        #expect(same(terminal.settings, original))
    }

    @Test func signalHandlersAreInstalledOnlyWhileRaw() throws {
        let terminal = try PseudoTerminal()
        let before = RawModeSignals.signals.map(currentHandler)
        try RawMode.with(input: terminal.slave, output: terminal.slave) { _ in
            #expect(RawModeSignals.signals.map(currentHandler) != before)
        }
        #expect(RawModeSignals.signals.map(currentHandler) == before)
    }

    @Test func aSecondRawModeDoesNotTakeTheHandlersAway() throws {
        let first = try PseudoTerminal()
        let second = try PseudoTerminal()
        let before = RawModeSignals.signals.map(currentHandler)
        try RawMode.with(input: first.slave, output: first.slave) { _ in
            let installed = RawModeSignals.signals.map(currentHandler)
            try RawMode.with(input: second.slave, output: second.slave) { _ in }
            #expect(RawModeSignals.signals.map(currentHandler) == installed, "still there for the first terminal")
        }
        #expect(RawModeSignals.signals.map(currentHandler) == before)
    }

    @Test func notATerminalRunsTheBodyWithoutRawMode() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let ran = try RawMode.with(input: ends[0], output: ends[1], options: [.bracketedPaste, .mouseDrag]) { rawMode in
            #expect(!rawMode.isActive)
            return true
        }
        #expect(ran)
        var descriptor = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 0) == 0, "nothing was written to a non-terminal")
    }

    /// Starts the child half below on `terminal` and waits until it is in raw mode.
    private static func startChild(on terminal: PseudoTerminal, crash: Bool) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath())
        process.arguments = ["--testing-library", "swift-testing", "--filter", "childHoldsRawModeUntilSignalled"]
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = terminal.slavePath
        if crash { environment[childCrashVariable] = "1" }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = terminal.readOutput(until: "READY", timeout: .seconds(60))
        if !output.contains("READY") { kill(process.processIdentifier, SIGKILL) }
        try #require(output.contains("READY"), "the child entered raw mode")
        #expect(output.contains("\u{1B}[?2004h"))
        let raw = terminal.settings
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO) == 0, "the child really made the terminal raw")
        return process
    }

    /// The parent half: a child process enters raw mode on our pty, and dies by `signal`.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func terminalIsRestoredWhenAChildIsKilled(signal: Int32) throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let process = try Self.startChild(on: terminal, crash: false)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal, "the child died of the signal, as the sender meant")
        #expect(same(terminal.settings, original))
        #expect(terminal.readOutput(until: "2004l").contains("\u{1B}[?2004l"))
    }

    /// A child in raw mode reads one key (no Enter needed: it is raw) and then traps.
    @Test func terminalIsRestoredWhenAChildCrashes() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let process = try Self.startChild(on: terminal, crash: true)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        RawMode.writeAll(terminal.master, Array("x".utf8))
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(same(terminal.settings, original))
        #expect(terminal.readOutput(until: "2004l").contains("\u{1B}[?2004l"))
    }

    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    /// The child half: does nothing unless started by the test above with the pty's path.
    @Test func childHoldsRawModeUntilSignalled() throws {
        guard let path = ProcessInfo.processInfo.environment[childVariable] else { return }
        let fd = open(path, O_RDWR | O_NOCTTY)
        try #require(fd >= 0)
        let crash = ProcessInfo.processInfo.environment[childCrashVariable] != nil
        try RawMode.with(input: fd, output: fd) { _ in
            RawMode.writeAll(fd, Array("READY".utf8))
            if crash {
                var byte: UInt8 = 0
                _ = read(fd, &byte, 1)
                let values: [Int] = []
                _ = values[Int(byte)]  // out of range: a runtime trap, on purpose
            }
            // Wait to be killed; a minute at most so a broken parent cannot leave us running.
            for _ in 0..<600 { usleep(100_000) }
        }
    }
}
