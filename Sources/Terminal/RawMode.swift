import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Raw keyboard input for the length of a scope, with the terminal always put back.
///
/// Entering saves the whole `termios` of the input terminal and switches off line editing,
/// echo, signal keys (Ctrl-C arrives as a key) and flow control; output processing stays on,
/// so `"\n"` still starts a new line. With ``Options/bracketedPaste`` pastes arrive as
/// ``KeyEvent/paste(_:)``; with ``Options/mouseDrag`` the terminal reports presses, releases
/// and drags in SGR form.
///
/// The saved settings come back, and the modes are switched off, when the scope ends normally
/// or by an error, and when the process gets SIGINT, SIGTERM, SIGHUP or SIGQUIT: the handler
/// calls only `write` and `tcsetattr` (both async-signal-safe), then re-raises the signal with
/// its default action so the process still ends as the sender meant. A crash (a Swift trap,
/// a bad access, an abort) restores them too, then goes on to the handler that was there
/// before (Swift's backtracer) or the default. Only the first `RawMode` entered owns these
/// handlers; keep one active at a time.
///
/// When the input is not a terminal there is nothing to change: ``isActive`` stays false and
/// the body runs anyway, so piped and scripted use works.
///
/// ```swift
/// try RawMode.with(options: [.bracketedPaste]) { rawMode in
///     if !rawMode.isActive { print("Not a terminal: line mode.") }
///     try runClient()
/// }
/// ```
public final class RawMode: Sendable {
    /// Terminal modes to switch on while raw.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `ESC [?2004h`: pasted text comes wrapped so it is not taken for keys.
        public static let bracketedPaste = Options(rawValue: 1)
        /// `ESC [?1002h ESC [?1006h`: button presses, releases and drags, in SGR form.
        public static let mouseDrag = Options(rawValue: 2)
    }

    public let input: Int32
    public let output: Int32
    public let options: Options

    private struct State {
        var saved: termios?
    }

    private let state = Mutex(State())

    /// `input` is read raw; the mode sequences are written to `output` (when it is a terminal).
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = [.bracketedPaste]) {
        self.input = input
        self.output = output
        self.options = options
    }

    deinit { restore() }

    /// Raw mode is on now.
    public var isActive: Bool { state.withLock { $0.saved != nil } }

    /// Switches the terminal to raw mode and installs the restoring signal handlers.
    ///
    /// Returns false, changing nothing, when `input` is not a terminal. Entering twice is
    /// harmless. Throws ``RawModeError`` when the terminal refuses.
    @discardableResult
    public func enter() throws(RawModeError) -> Bool {
        guard isatty(input) == 1 else { return false }
        return try state.withLock { (state) throws(RawModeError) -> Bool in
            if state.saved != nil { return true }
            var original = termios()
            guard tcgetattr(input, &original) == 0 else {
                let code = errno
                throw RawModeError(
                    code: .readSettings, message: "Cannot read the terminal's settings (errno \(code)).", errno: code)
            }
            var raw = Self.rawSettings(from: original)
            let (enable, disable) = Self.modeSequences(options, outputIsTerminal: isatty(output) == 1)
            RawModeSignals.install(
                owner: ObjectIdentifier(self), input: input, saved: original, output: output, reset: disable)
            guard tcsetattr(input, TCSANOW, &raw) == 0 else {
                let code = errno
                RawModeSignals.uninstall(owner: ObjectIdentifier(self))
                throw RawModeError(
                    code: .writeSettings, message: "Cannot switch the terminal to raw mode (errno \(code)).",
                    errno: code)
            }
            Self.writeAll(output, enable)
            state.saved = original
            return true
        }
    }

    /// Puts back the saved settings, switches the modes off and removes the signal handlers.
    /// Does nothing when raw mode is not on.
    public func restore() {
        state.withLock { state in
            guard var saved = state.saved else { return }
            let (_, disable) = Self.modeSequences(options, outputIsTerminal: isatty(output) == 1)
            Self.writeAll(output, disable)
            _ = tcsetattr(input, TCSANOW, &saved)
            RawModeSignals.uninstall(owner: ObjectIdentifier(self))
            state.saved = nil
        }
    }

    /// Runs `body` in raw mode and restores the terminal however it ends.
    ///
    /// `body` gets the ``RawMode``; its ``isActive`` says whether raw mode is really on.
    public static func with<Result>(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = [.bracketedPaste],
        _ body: (RawMode) throws -> Result
    ) throws -> Result {
        let rawMode = RawMode(input: input, output: output, options: options)
        try rawMode.enter()
        defer { rawMode.restore() }
        return try body(rawMode)
    }

    /// Runs async `body` in raw mode and restores the terminal however it ends.
    public static func with<Result>(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = [.bracketedPaste],
        _ body: (RawMode) async throws -> Result
    ) async throws -> Result {
        let rawMode = RawMode(input: input, output: output, options: options)
        try rawMode.enter()
        defer { rawMode.restore() }
        return try await body(rawMode)
    }

    // MARK: - Settings

    /// `original` with line editing, echo, signal keys, flow control and input translation
    /// off, 8-bit characters, and reads that return as soon as one byte is there.
    static func rawSettings(from original: termios) -> termios {
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// The bytes that switch the requested modes on, and off again.
    static func modeSequences(_ options: Options, outputIsTerminal: Bool) -> (enable: [UInt8], disable: [UInt8]) {
        guard outputIsTerminal else { return ([], []) }
        var enable = ""
        var disable = ""
        if options.contains(.bracketedPaste) {
            enable += "\u{1B}[?2004h"
            disable += "\u{1B}[?2004l"
        }
        if options.contains(.mouseDrag) {
            enable += "\u{1B}[?1002h\u{1B}[?1006h"
            disable += "\u{1B}[?1006l\u{1B}[?1002l"
        }
        return (Array(enable.utf8), Array(disable.utf8))
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        _ = try? FileDescriptor(rawValue: fd).writeAll(bytes)
    }
}
