import Synchronization
import SystemPackage

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
        var saved: Libc.TerminalSettings?
    }

    private let state = Mutex(State())

    /// `input` is read raw; the mode sequences are written to `output` (when it is a terminal).
    public init(
        input: Int32 = Libc.standardInput, output: Int32 = Libc.standardOutput, options: Options = [.bracketedPaste]
    ) {
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
        guard Libc.isTerminal(input) else { return false }
        return try state.withLock { (state) throws(RawModeError) -> Bool in
            if state.saved != nil { return true }
            guard let original = Libc.settings(of: input) else {
                let code = Libc.errorNumber
                throw RawModeError(
                    code: .readSettings, message: "Cannot read the terminal's settings (errno \(code)).", errno: code)
            }
            let (enable, disable) = Self.modeSequences(options, outputIsTerminal: Libc.isTerminal(output))
            RawModeSignals.install(
                owner: ObjectIdentifier(self), input: input, saved: original, output: output, reset: disable)
            guard Libc.apply(Libc.raw(original), to: input) else {
                let code = Libc.errorNumber
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
            guard let saved = state.saved else { return }
            let (_, disable) = Self.modeSequences(options, outputIsTerminal: Libc.isTerminal(output))
            Self.writeAll(output, disable)
            Libc.apply(saved, to: input)
            RawModeSignals.uninstall(owner: ObjectIdentifier(self))
            state.saved = nil
        }
    }

    /// Runs `body` in raw mode and restores the terminal however it ends.
    ///
    /// `body` gets the ``RawMode``; its ``isActive`` says whether raw mode is really on.
    public static func with<Result>(
        input: Int32 = Libc.standardInput, output: Int32 = Libc.standardOutput, options: Options = [.bracketedPaste],
        _ body: (RawMode) throws -> Result
    ) throws -> Result {
        let rawMode = RawMode(input: input, output: output, options: options)
        try rawMode.enter()
        defer { rawMode.restore() }
        return try body(rawMode)
    }

    /// Runs async `body` in raw mode and restores the terminal however it ends.
    public static func with<Result>(
        input: Int32 = Libc.standardInput, output: Int32 = Libc.standardOutput, options: Options = [.bracketedPaste],
        _ body: (RawMode) async throws -> Result
    ) async throws -> Result {
        let rawMode = RawMode(input: input, output: output, options: options)
        try rawMode.enter()
        defer { rawMode.restore() }
        return try await body(rawMode)
    }

    // MARK: - Settings

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
