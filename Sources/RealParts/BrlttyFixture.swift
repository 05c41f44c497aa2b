import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Test support: Debian's BRLTTY 6.5 with its Virtual driver (`vr`), so that a test is the
/// braille display: BrlAPI on 127.0.0.1 at a free port for the client under test, and the
/// display itself on a Unix socket of the test's own.
///
/// The display protocol (brltty's `Drivers/Braille/Virtual`, as seen here): the test sends
/// `cells 40`; BRLTTY then writes `Visual "…"` (the text shown) and `Braille "…"` (each cell's
/// dots, `|`-separated, `78` added where the cursor is) lines, only when the display changes.
/// Keys are commands by name: `route 9` (the tenth cell), `fwinlt`, `fwinrt`, `lnup`, `lndn`.
/// Commands go one at a time (two writes in a row are merged), each after the last one's
/// effect. `-q` is needed (without it a banner holds output back and eats the first key);
/// `auth=none` keeps polkit out of it. Always call ``tearDown()``.
///
/// ```swift
/// let brltty = try BrlttyFixture()
/// defer { brltty.tearDown() }
/// // BRLAPI_HOST=\(brltty.host) BRLAPI_AUTH=none earshot …
/// let shown = try brltty.waitForVisual { $0.hasPrefix("Send btn") }
/// try brltty.send("route 2")
/// ```
public final class BrlttyFixture {
    public static let binary = "/usr/bin/brltty"
    public static let virtualDriver = "/lib/brltty/libbrlttybvr.so"

    /// What BRLTTY wrote for one change of the display.
    public struct Shown: Sendable, Equatable {
        /// The text as BRLTTY's table shows it (trailing blanks trimmed).
        public var visual: String
        /// Each cell's dots ("1245", "" for a blank cell), with "78" where the cursor is.
        public var cells: [String]
        /// When the line was read from the display socket (CLOCK_MONOTONIC, nanoseconds).
        public var receivedNanoseconds: UInt64 = 0
        /// The cursor's cell, where dots 7 and 8 are raised.
        public var cursor: Int? { cells.firstIndex { $0.hasSuffix("78") } }
    }

    public let directory: TemporaryDirectory
    /// BrlAPI's "host:port number" for `BRLAPI_HOST` (port 4101 + the number).
    public let host: String
    public let cells: Int
    private var process: ChildProcess?
    private var socket: Int32 = -1
    /// What the display showed, filled by the reading thread.
    final class Received: Sendable {
        let lines = Mutex<[Shown]>([])
    }

    private let received = Received()
    private var reader: Thread?
    private let number: Int

    /// Starts BRLTTY and connects as a display of `cells` cells.
    public init(cells: Int = 40) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary),
            FileManager.default.fileExists(atPath: Self.virtualDriver)
        else {
            throw Failure.notInstalled(
                "brltty", lookedFor: "\(Self.binary) and its Virtual driver", install: "apt-get install -y brltty")
        }
        directory = try TemporaryDirectory()
        number = try InspIRCdFixture.freePort() - 4101
        host = "127.0.0.1:\(number)"
        self.cells = cells
        do {
            try start()
        } catch {
            tearDown()
            throw error
        }
    }

    /// The display's lines so far, oldest first.
    public var shown: [Shown] { received.lines.withLock { $0 } }

    /// Waits until the display shows something `matching`, after the `after`th change.
    @discardableResult
    public func waitForVisual(
        after: Int = 0, timeout: Duration = .seconds(30), _ matching: (Shown) -> Bool
    ) throws -> Shown {
        var found: Shown?
        waitBlocking(timeout: timeout, every: .milliseconds(5)) {
            let lines = shown
            found = lines.dropFirst(min(after, lines.count)).last(where: matching)
            return found != nil
        }
        if let found { return found }
        throw Failure(
            "the display never showed what was expected; it showed:\n"
                + shown.suffix(12).map { "  \($0.visual)" }.joined(separator: "\n"))
    }

    /// Presses a display key and waits for what it brings to the display.
    @discardableResult
    public func press(
        _ command: String, timeout: Duration = .seconds(30), until matching: (Shown) -> Bool
    ) throws -> Shown {
        let seen = shown.count
        try send(command)
        return try waitForVisual(after: seen, timeout: timeout, matching)
    }

    /// Sends one display command (`route 9`, `fwinrt`, `lndn`…).
    public func send(_ command: String) throws {
        let line = command + "\n"
        let written = line.withCString { write(socket, $0, strlen($0)) }
        guard written == line.utf8.count else { throw Failure("the display socket refused \(command)") }
    }

    /// BRLTTY ends at once (SIGKILL), as when it crashes.
    public func kill() {
        process?.signal(SIGKILL)
        process?.wait()
        process = nil
        closeDisplay()
    }

    /// BRLTTY again, after ``kill()``, at the same address.
    public func restart() throws {
        try start()
    }

    /// Stops BRLTTY (while still connected: otherwise it ignores SIGTERM) and removes its folder.
    public func tearDown() {
        process?.terminate(grace: 3)
        process = nil
        closeDisplay()
        directory.remove()
    }

    /// What BRLTTY logged.
    public var log: String { (try? String(contentsOfFile: directory.path + "/brltty.log", encoding: .utf8)) ?? "" }

    private func start() throws {
        let dir = directory.path
        unlink(dir + "/vr.sock")
        process = try ChildProcess(
            Self.binary,
            [
                "-n", "-q", "-e", "-l", "info", "-f", "/dev/null", "-F", dir + "/prefs", "-W", dir, "-U", dir, "-P",
                dir + "/brltty.pid", "-b", "vr", "-d", "server:" + dir + "/vr.sock", "-x", "no", "-s", "no", "-t",
                "en-nabcc", "-A", "host=\(host),auth=none",
            ], output: dir + "/brltty.log", errors: dir + "/brltty.err")
        // The display socket appears once BRLTTY listens (about 25 ms).
        try waitBlocking(timeout: .seconds(30), every: .milliseconds(10)) {
            if connectDisplay() { return true }
            guard process?.isRunning ?? false else {
                throw Failure(
                    "brltty ended at start: "
                        + ((try? String(contentsOfFile: dir + "/brltty.err", encoding: .utf8)) ?? ""))
            }
            return false
        }
        guard socket >= 0 else { throw Failure("brltty's display socket never appeared\n\(log)") }
        try send("cells \(cells)")
    }

    private func connectDisplay() -> Bool {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = directory.path + "/vr.sock"
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            path.utf8CString.withUnsafeBytes { source in
                raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(raw.count - 1)))
            }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return false
        }
        socket = fd
        let lines = self.received
        let thread = Thread {
            var pending = ""
            var visual: String?
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count <= 0 { break }
                var now = timespec()
                clock_gettime(CLOCK_MONOTONIC, &now)
                let received = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
                pending += String(decoding: buffer[0..<count], as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<newline])
                    pending = String(pending[pending.index(after: newline)...])
                    if line.hasPrefix("Visual \"") {
                        visual = String(line.dropFirst(8).dropLast()).replacingOccurrences(
                            of: "\\s+$", with: "", options: .regularExpression)
                    } else if line.hasPrefix("Braille \""), let text = visual {
                        let cells = line.dropFirst(9).dropLast().split(separator: "|", omittingEmptySubsequences: false)
                            .map {
                                $0.trimmingCharacters(in: .whitespaces)
                            }
                        // A change of the cursor alone comes as a Braille line without a Visual one.
                        lines.lines.withLock {
                            $0.append(Shown(visual: text, cells: cells, receivedNanoseconds: received))
                        }
                    }
                }
            }
        }
        thread.start()
        reader = thread
        return true
    }

    private func closeDisplay() {
        if socket >= 0 {
            shutdown(socket, Int32(SHUT_RDWR))
            close(socket)
            socket = -1
        }
    }
}
