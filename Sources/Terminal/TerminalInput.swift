import Synchronization

/// Reads the keyboard on its own thread and delivers keys and window resizes as one stream
/// of ``KeyEvent``s to a callback.
///
/// The reader thread blocks in `poll` on the input and on a wake-up pipe. Bytes go through a
/// ``KeyDecoder``; when a lone `ESC` is waiting and nothing follows for `escapeTimeout`
/// (25 ms), it is delivered as the Escape key. SIGWINCH writes to the pipe, and the thread
/// delivers ``KeyEvent/resize(columns:rows:)`` with the size the terminal reports (several
/// signals close together become one event). ``stop()`` writes to the same pipe, so the
/// thread ends without waiting for a key.
///
/// Events arrive on the reader thread, one at a time and in order: hop to your own actor
/// or queue in `onEvent` if needed. `onEnd` runs once when the input reaches end of file or
/// fails (resizes are still delivered until ``stop()``). Only one `TerminalInput` gets
/// SIGWINCH at a time: the one started last.
///
/// ```swift
/// let input = TerminalInput { event in
///     Task { await controller.handle(key: event) }
/// }
/// try input.start()
/// defer { input.stop() }
/// ```
public final class TerminalInput: Sendable {
    /// Bytes written to the wake-up pipe.
    enum Wake: UInt8 {
        case resize = 0x57  // "W"
        case stop = 0x51  // "Q"
    }

    public let input: Int32
    /// The terminal whose size is reported after SIGWINCH.
    public let sizeSource: Int32
    public let escapeTimeout: Duration
    /// Bytes read before the reader started (keys typed while ``TerminalProbe`` asked), decoded first.
    public let pending: [UInt8]
    private let onEvent: @Sendable (KeyEvent) -> Void
    /// With it, the keys of one read are handed over together (a word typed or pasted at once
    /// is one run, never split by the receiver waking between its keys).
    private let onEvents: (@Sendable ([KeyEvent]) -> Void)?
    private let onEnd: @Sendable () -> Void

    private struct Running {
        var thread: Libc.Thread
        var wakeRead: Int32
        var wakeWrite: Int32
    }

    private let running = Mutex<Running?>(nil)

    /// - Parameters:
    ///   - input: the file to read keys from.
    ///   - sizeSource: the terminal asked for its size after SIGWINCH.
    ///   - escapeTimeout: how long a lone `ESC` waits for a following byte.
    ///   - pending: bytes already read from `input` (keys typed during a probe), decoded first.
    ///   - onEvent: called on the reader thread for each event.
    ///   - onEnd: called on the reader thread when `input` ends or fails.
    public init(
        input: Int32 = Libc.standardInput, sizeSource: Int32 = Libc.standardOutput,
        escapeTimeout: Duration = .milliseconds(25),
        pending: [UInt8] = [], onEvent: @escaping @Sendable (KeyEvent) -> Void,
        onEvents: (@Sendable ([KeyEvent]) -> Void)? = nil, onEnd: @escaping @Sendable () -> Void = {}
    ) {
        self.onEvents = onEvents
        self.pending = pending
        self.input = input
        self.sizeSource = sizeSource
        self.escapeTimeout = escapeTimeout
        self.onEvent = onEvent
        self.onEnd = onEnd
    }

    deinit { stop() }

    /// Starts the reader thread and SIGWINCH delivery.
    public func start() throws(TerminalInputError) {
        try running.withLock { (running) throws(TerminalInputError) in
            guard running == nil else {
                throw TerminalInputError(code: .alreadyStarted, message: "The terminal input is already being read.")
            }
            let ends: (read: Int32, write: Int32)
            switch Libc.wakePipe() {
            case .success(let pipe): ends = pipe
            case .failure(let failure):
                throw TerminalInputError(
                    code: .pipe, message: "Cannot make a pipe to wake the input reader (errno \(failure.code)).")
            }
            let loop = ReaderLoop(
                input: input, wake: ends.read, sizeSource: sizeSource,
                escapeTimeoutMilliseconds: Int32(
                    clamping: escapeTimeout.components.seconds * 1000
                        + escapeTimeout.components.attoseconds / 1_000_000_000_000_000),
                pending: pending, onEvent: onEvent, onEvents: onEvents, onEnd: onEnd)
            let thread: Libc.Thread
            switch Libc.startThread({ loop.run() }) {
            case .success(let started): thread = started
            case .failure(let failure):
                Libc.close(ends.read)
                Libc.close(ends.write)
                throw TerminalInputError(
                    code: .thread, message: "Cannot start the input reader thread (error \(failure.code)).")
            }
            TerminalInputSignals.install(wakeFD: ends.write)
            running = Running(thread: thread, wakeRead: ends.read, wakeWrite: ends.write)
        }
    }

    /// Stops the reader thread and SIGWINCH delivery; returns once the thread has ended
    /// (at once when called from `onEvent` or `onEnd`, and the thread ends after it returns).
    public func stop() {
        guard
            let stopped = running.withLock({ running -> Running? in
                defer { running = nil }
                return running
            })
        else { return }
        TerminalInputSignals.uninstall(wakeFD: stopped.wakeWrite)
        let byte = [Wake.stop.rawValue]
        while byte.withUnsafeBytes({ Libc.write(stopped.wakeWrite, $0) }) < 0, Libc.interrupted {}
        Libc.close(stopped.wakeWrite)
        Libc.finish(stopped.thread)
    }
}

/// The reader thread's work; it owns the read end of the wake-up pipe and closes it at the end.
private final class ReaderLoop {
    let input: Int32
    let wake: Int32
    let sizeSource: Int32
    let escapeTimeoutMilliseconds: Int32
    let pending: [UInt8]
    let onEvent: @Sendable (KeyEvent) -> Void
    let onEvents: (@Sendable ([KeyEvent]) -> Void)?
    let onEnd: @Sendable () -> Void

    init(
        input: Int32, wake: Int32, sizeSource: Int32, escapeTimeoutMilliseconds: Int32, pending: [UInt8],
        onEvent: @escaping @Sendable (KeyEvent) -> Void, onEvents: (@Sendable ([KeyEvent]) -> Void)?,
        onEnd: @escaping @Sendable () -> Void
    ) {
        self.onEvents = onEvents
        self.input = input
        self.wake = wake
        self.sizeSource = sizeSource
        self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
        self.pending = pending
        self.onEvent = onEvent
        self.onEnd = onEnd
    }

    /// The keys of one read, together when the owner takes them so.
    func deliver(_ events: [KeyEvent]) {
        guard !events.isEmpty else { return }
        if let onEvents { onEvents(events) } else { events.forEach(onEvent) }
    }

    func run() {
        defer { Libc.close(wake) }
        var decoder = KeyDecoder()
        deliver(decoder.feed(pending))
        var inputOpen = true
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let timeout = decoder.hasPendingEscape ? escapeTimeoutMilliseconds : -1
            guard let ready = Libc.waitReadable([inputOpen ? input : -1, wake], timeout: timeout) else {
                if Libc.interrupted { continue }
                return
            }
            if !ready.contains(true) {
                deliver(decoder.flushPendingEscape())
                continue
            }
            if ready[1] {
                let count = buffer.withUnsafeMutableBytes { Libc.read(wake, into: $0) }
                if count == 0 { return }
                if count > 0 {
                    let bytes = buffer[..<count]
                    if bytes.contains(TerminalInput.Wake.stop.rawValue) { return }
                    if bytes.contains(TerminalInput.Wake.resize.rawValue) {
                        let size = TerminalSize.reported(fd: sizeSource) ?? TerminalSize.current(fd: sizeSource)
                        onEvent(.resize(columns: size.columns, rows: size.rows))
                    }
                }
            }
            if inputOpen, ready[0] {
                let count = buffer.withUnsafeMutableBytes { Libc.read(input, into: $0) }
                if count > 0 {
                    deliver(decoder.feed(Array(buffer[..<count])))
                } else if count == 0 || Libc.readFailed {
                    deliver(decoder.flushPendingEscape())
                    inputOpen = false
                    onEnd()
                }
            }
        }
    }
}
