import RealParts
import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Earshot beside the terminal chat clients a person would run instead, Debian's irssi and
/// weechat: each in a tmux pane of 120 × 40 with a private home, joined to #a on its own
/// InspIRCd on 127.0.0.1, one at a time, interleaved over rounds. Quiet after joining, its
/// resident memory is read; then a raw peer sends `--lines` PRIVMSGs of about 80 characters
/// to #a and the pane is read until the last one is on screen. A second raw peer in #a checks
/// that every line was delivered. Figures are medians over the rounds:
/// `*_wall_s` (first line sent to the last on screen), `*_cpu_s` (the client's utime + stime
/// over that span), `*_peak_rss_mb` (VmHWM), `*_idle_rss_mb` (VmRSS after joining, quiet),
/// `*_after_rss_mb` (VmRSS quiet again, 3 s after the last line);
/// for Earshot also `earshot_stored_s` (first line sent to the last row in its history) and
/// where its resident memory is, idle and after the burst (`/proc/PID/smaps`); and the floor,
/// `earshot-floor`: Swift, SQLite and libespeak-ng alone (not even Foundation), linked as Earshot is.
///
///     swift build -c release && .build/release/earshot-bench peers --json [--rounds 5] [--lines 20000]
///         [--clients earshot,irssi,weechat]
func runPeersBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let rounds = option("--rounds", in: arguments, default: 5)
    let lines = option("--lines", in: arguments, default: 20_000)
    // `--clients earshot,irssi` measures only those (all three by default).
    let named = arguments.firstIndex(of: "--clients").flatMap {
        arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
    }
    let clients =
        named.map { $0.split(separator: ",").compactMap { PeerClient(rawValue: String($0)) } } ?? PeerClient.allCases
    for client in clients { try client.checkInstalled() }
    var runs: [PeerClient: [PeerRun]] = [:]
    for round in 0..<rounds {
        // Interleaved: each round starts with the next client, so none always runs first.
        for offset in clients.indices {
            let client = clients[(round + offset) % clients.count]
            let run = try measure(client, lines: lines)
            if !json {
                print(
                    "round \(round + 1) \(client.rawValue): wall \(format3(run.wall)) s, cpu \(format3(run.cpu)) s, "
                        + "idle \(format3(run.idleRSS)) MB, peak \(format3(run.peakRSS)) MB")
            }
            runs[client, default: []].append(run)
        }
    }
    // The floor: what the parts the mission fixes hold alone, measured in the same run.
    var floors: [(plain: Double, espeak: Double)] = []
    if clients.contains(.earshot) {
        for _ in 0..<rounds { floors.append((try floorRSS(espeak: false), try floorRSS(espeak: true))) }
    }
    var figures: [(String, Double)] = [("rounds", Double(rounds)), ("lines", Double(lines))]
    for client in clients {
        let mine = runs[client] ?? []
        let name = client.rawValue
        figures += [
            ("\(name)_wall_s", Percentiles(mine.map(\.wall)).median),
            ("\(name)_cpu_s", Percentiles(mine.map(\.cpu)).median),
            ("\(name)_peak_rss_mb", Percentiles(mine.map(\.peakRSS)).median),
            ("\(name)_idle_rss_mb", Percentiles(mine.map(\.idleRSS)).median),
            ("\(name)_after_rss_mb", Percentiles(mine.map(\.afterRSS)).median),
        ]
    }
    let earshot = runs[.earshot] ?? []
    figures.append(("earshot_stored_s", Percentiles(earshot.compactMap(\.stored)).median))
    for (moment, maps) in [("idle", earshot.map(\.idleMap)), ("burst", earshot.map(\.burstMap))] {
        for part in MemoryPart.allCases {
            figures.append(("earshot_\(moment)_\(part.rawValue)_mb", Percentiles(maps.map { $0[part] ?? 0 }).median))
        }
    }
    if !floors.isEmpty {
        figures.append(("floor_idle_rss_mb", Percentiles(floors.map(\.plain)).median))
        figures.append(("floor_espeak_idle_rss_mb", Percentiles(floors.map(\.espeak)).median))
    }
    let known = figures
    func figure(_ key: String) -> Double { known.first { $0.0 == key }?.1 ?? .nan }
    let others = clients.filter { $0 != .earshot }
    for key in ["wall_s", "cpu_s", "idle_rss_mb", "peak_rss_mb"] {
        let lowest = others.allSatisfy { figure("earshot_\(key)") <= figure("\($0.rawValue)_\(key)") }
        figures.append(("earshot_lowest_\(key.split(separator: "_").first ?? "")", lowest ? 1 : 0))
    }
    report(figures, json: json, title: "peers: \(lines) lines to #a, medians of \(rounds) rounds")
}

/// A terminal chat client measured by the peers suite.
enum PeerClient: String, CaseIterable, Hashable {
    case earshot, irssi, weechat

    var nick: String {
        switch self {
        case .earshot: "ears"
        case .irssi: "irss"
        case .weechat: "weec"
        }
    }

    func checkInstalled() throws {
        switch self {
        case .earshot: _ = try ClientUnderTest.earshotBinary()
        case .irssi, .weechat:
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(rawValue)") else {
                throw Failure("\(rawValue) is not installed. Install it with: apt-get install -y \(rawValue)")
            }
        }
    }

    /// The shell line that runs the client with its home in `home`, joining #a on `port`.
    func script(home: String, port: Int) throws -> String {
        let q = TmuxPane.quote
        switch self {
        case .earshot:
            // Tests/Layout/hot-functions.sh runs the client under valgrind through these two.
            let environment = ProcessInfo.processInfo.environment
            let earshot = try environment["EARSHOT_BENCH_EARSHOT"] ?? ClientUnderTest.earshotBinary()
            let prefix = environment["EARSHOT_BENCH_EARSHOT_PREFIX"].map { $0 + " " } ?? ""
            return """
                exec env -u COLUMNS -u LINES -u NO_COLOR XDG_CONFIG_HOME=\(q(home + "/config")) \
                XDG_DATA_HOME=\(q(home + "/data")) TERM=xterm-256color EARSHOT_VOICES=\(q(ClientUnderTest.checkout + "/voices")) \
                \(prefix)\(q(earshot)) --server 127.0.0.1:\(port) --nick \(nick) --channel '#a' --speech text
                """
        case .irssi:
            // Its own config: the server, connected at start, and #a joined there.
            let config = """
                servers = ( { address = "127.0.0.1"; chatnet = "bench"; port = "\(port)"; autoconnect = "yes"; use_tls = "no"; } );
                chatnets = { bench = { type = "IRC"; }; };
                channels = ( { name = "#a"; chatnet = "bench"; autojoin = "yes"; } );
                settings = { core = { nick = "\(nick)"; user_name = "\(nick)"; real_name = "bench"; }; };
                """
            try config.write(toFile: home + "/config", atomically: false, encoding: .utf8)
            return
                "exec env HOME=\(q(home)) TERM=xterm-256color /usr/bin/irssi --home=\(q(home)) --config=\(q(home + "/config"))"
        case .weechat:
            let commands =
                "/server add bench 127.0.0.1/\(port);/set irc.server.bench.nicks \(nick);"
                + "/set irc.server.bench.autojoin #a;/connect bench"
            return "exec env HOME=\(q(home)) TERM=xterm-256color /usr/bin/weechat --dir \(q(home)) -r \(q(commands))"
        }
    }
}

/// Where resident memory is mapped.
enum MemoryPart: String, CaseIterable {
    /// The `earshot` file: code, read-only data (ICU's included) and data.
    case binary
    /// libc, libm, libstdc++, libgcc_s and the loader.
    case system_libraries
    case sqlite
    /// libespeak-ng, PulseAudio, pcaudio, speech-dispatcher, BrlAPI, liblouis and what they load.
    case speech_braille_libraries
    /// `[heap]`: malloc's main arena.
    case heap
    /// Thread stacks, other malloc arenas, bss, SQLite's shared memory, and the rest.
    case other_anonymous

    static func of(_ mapping: String) -> MemoryPart {
        if mapping.hasSuffix("/earshot") { return .binary }
        if mapping == "[heap]" { return .heap }
        if !mapping.hasPrefix("/") { return .other_anonymous }
        let file = mapping.split(separator: "/").last.map(String.init) ?? mapping
        if file.hasPrefix("libsqlite3") { return .sqlite }
        let system = ["libc.so", "libm.so", "libstdc++.so", "libgcc_s.so", "ld-linux"]
        if system.contains(where: file.hasPrefix) { return .system_libraries }
        if file.contains(".so") { return .speech_braille_libraries }
        return .other_anonymous
    }

    static func split(_ mappings: [String: Double]) -> [MemoryPart: Double] {
        var parts: [MemoryPart: Double] = [:]
        for (mapping, size) in mappings { parts[of(mapping), default: 0] += size }
        return parts
    }
}

struct PeerRun {
    var wall: Double
    var cpu: Double
    var peakRSS: Double
    var idleRSS: Double
    var afterRSS: Double
    var stored: Double?
    var idleMap: [MemoryPart: Double]
    var burstMap: [MemoryPart: Double]
}

/// One client, one server, one burst.
private func measure(_ client: PeerClient, lines: Int) throws -> PeerRun {
    let server = try InspIRCdFixture()
    defer { server.tearDown() }
    let home = NSTemporaryDirectory() + "earshot-peers-\(client.rawValue)-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }

    let watcher = try Watcher(port: server.port, nick: "watcher", lines: lines)
    defer { watcher.stop() }
    let sender = try RawSocket(port: server.port)
    guard join(sender, nick: "sender") else { throw Failure("the sender could not join #a") }

    let pane = try TmuxPane(script: try client.script(home: home, port: server.port))
    defer { pane.kill() }
    let process = ProcessFigures(pid: pane.pid)
    guard watcher.waitForJoin(of: client.nick, seconds: 60) else {
        throw Failure("\(client.rawValue) did not join #a within 60 s:\n\(pane.screen().suffix(1500))")
    }
    if client == .irssi {
        // irssi joins in a window of its own; show it, as a person would.
        try pane.sendKeys(["/window goto #a", "Enter"])
    }
    // Quiet after joining: what it holds once settled.
    Thread.sleep(forTimeInterval: 3)
    guard let idleRSS = process.residentMegabytes else {
        throw Failure("\(client.rawValue) exited after joining:\n\(pane.screen().suffix(1500))")
    }
    let idleMap = client == .earshot ? MemoryPart.split(process.residentByMapping()) : [:]

    // The burst: numbered lines, the last one marked, written as fast as the socket takes them.
    let filler = " a line of ordinary chat, long enough to be about eighty characters in all"
    let last = "LAST-\(lines)"
    var bytes: [UInt8] = []
    for number in 1..<lines { bytes += Array("PRIVMSG #a :\(number)\(filler)\r\n".utf8) }
    bytes += Array("PRIVMSG #a :\(last)\(filler)\r\n".utf8)
    let store = client == .earshot ? HistoryReader(path: home + "/data/earshot/earshot.sqlite") : nil
    let cpuBefore = process.cpuSeconds ?? .nan
    let start = monotonicNanoseconds()
    let payload = bytes
    let sending = Thread { _ = sender.sendAll(payload) }
    sending.start()

    var stored: Double?
    var onScreen: Double?
    var cpuAfter = Double.nan
    let deadline = start + 300_000_000_000
    while onScreen == nil || (store != nil && stored == nil), monotonicNanoseconds() < deadline {
        if onScreen == nil, pane.screen().contains(last) {
            onScreen = Double(monotonicNanoseconds() - start) / 1e9
            // The CPU over the same span as the wall time, even if the store is still writing.
            cpuAfter = process.cpuSeconds ?? .nan
        }
        if stored == nil, let store, store.contains(text: last + filler) {
            stored = Double(monotonicNanoseconds() - start) / 1e9
        }
        if onScreen == nil || stored == nil { usleep(5000) }
    }
    guard let wall = onScreen else {
        throw Failure("\(client.rawValue) did not show \(last) within 300 s:\n\(pane.screen().suffix(1500))")
    }
    let burstMap = client == .earshot ? MemoryPart.split(process.residentByMapping()) : [:]
    let peak = process.peakResidentMegabytes ?? .nan
    // Quiet again: what the burst left behind.
    Thread.sleep(forTimeInterval: 3)
    let afterRSS = process.residentMegabytes ?? .nan
    guard watcher.waitForAll(seconds: 120) else {
        throw Failure("the server delivered \(watcher.received) of \(lines) lines to the second peer")
    }
    sender.send("QUIT\r\n")
    return PeerRun(
        wall: wall, cpu: cpuAfter - cpuBefore, peakRSS: peak, idleRSS: idleRSS, afterRSS: afterRSS, stored: stored,
        idleMap: idleMap, burstMap: burstMap)
}

/// Registers as `nick` and joins #a (the server takes JOIN only once registered).
private func join(_ socket: RawSocket, nick: String) -> Bool {
    socket.send("NICK \(nick)\r\nUSER \(nick) 0 * :bench\r\n")
    guard socket.read(until: " 001 ").contains(" 001 ") else { return false }
    socket.send("JOIN #a\r\n")
    return socket.read(until: " 366 ").contains(" 366 ")
}

/// Earshot's history, read-only, from beside it.
private final class HistoryReader {
    private let path: String
    private var queue: DatabaseQueue?

    init(path: String) { self.path = path }

    func contains(text: String) -> Bool {
        if queue == nil, FileManager.default.fileExists(atPath: path) {
            var configuration = Configuration()
            configuration.readonly = true
            queue = try? DatabaseQueue(path: path, configuration: configuration)
        }
        return
            (try? queue?.read {
                try Bool.fetchOne($0, sql: "SELECT 1 FROM message WHERE text = ? LIMIT 1", arguments: [text])
            }) == true
    }
}

/// The second raw peer: in #a before anyone else, it sees each client join and counts the
/// sender's lines as the server delivers them.
private final class Watcher: Sendable {
    private struct State {
        var joined: Set<String> = []
        var received = 0
    }
    private let socket: RawSocket
    private let expected: Int
    private let state = Mutex(State())
    private let stopping = Atomic<Bool>(false)

    init(port: Int, nick: String, lines: Int) throws {
        socket = try RawSocket(port: port)
        expected = lines
        guard join(socket, nick: nick) else { throw Failure("the watcher could not join #a") }
        Thread.detachNewThread { [self] in run() }
    }

    var received: Int { state.withLock { $0.received } }

    func waitForJoin(of nick: String, seconds: Double) -> Bool {
        wait(seconds: seconds) { $0.joined.contains(nick) }
    }

    func waitForAll(seconds: Double) -> Bool { wait(seconds: seconds) { $0.received >= expected } }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        socket.send("QUIT\r\n")
    }

    private func wait(seconds: Double, _ condition: (State) -> Bool) -> Bool {
        let deadline = Date() + seconds
        while Date() < deadline {
            if state.withLock({ condition($0) }) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return state.withLock { condition($0) }
    }

    private func run() {
        var buffer: [UInt8] = []
        while !stopping.load(ordering: .relaxed), let bytes = socket.receive(timeoutMilliseconds: 100) {
            buffer += bytes
            var start = buffer.startIndex
            var joined: [String] = []
            var messages = 0
            while let newline = buffer[start...].firstIndex(of: 10) {
                let line = buffer[start..<newline]
                start = newline + 1
                if line.starts(with: Array("PING ".utf8)) {
                    socket.send("PONG " + String(decoding: line.dropFirst(5), as: UTF8.self) + "\n")
                    continue
                }
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix(":sender!") && text.contains(" PRIVMSG #a :") {
                    messages += 1
                } else if text.contains(" JOIN "), let bang = text.firstIndex(of: "!") {
                    joined.append(String(text[text.index(after: text.startIndex)..<bang]))
                }
            }
            buffer.removeSubrange(..<start)
            state.withLock {
                $0.received += messages
                $0.joined.formUnion(joined)
            }
        }
    }
}

/// Resident memory of `earshot-floor` (beside this binary), quiet 3 s after it says it is
/// ready, as a client's idle figure is read; `espeak` has it initialise libespeak-ng and speak.
func floorRSS(espeak: Bool) throws -> Double {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("earshot-floor").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw Failure("no earshot-floor at \(path): run `swift build -c release` first")
    }
    let floor = try ChildProcess(
        path, espeak ? ["--espeak"] : [], environment: ProcessInfo.processInfo.environment, stdout: .pipe)
    defer { floor.stop() }
    var said: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    while !String(decoding: said, as: UTF8.self).contains("ready") {
        let count = retryingOnInterrupt { read(floor.output, &chunk, chunk.count) }
        guard count > 0 else {
            throw Failure(
                "earshot-floor\(espeak ? " --espeak" : "") ended before it was ready; run it alone to read why")
        }
        said += chunk[0..<count]
    }
    Thread.sleep(forTimeInterval: 3)
    guard let resident = ProcessFigures(pid: floor.pid).residentMegabytes else {
        throw Failure("earshot-floor ended while it was measured")
    }
    return resident
}
