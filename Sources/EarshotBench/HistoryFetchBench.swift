#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import App
import Chat
import ChatTesting
import Foundation
import Speech
import Terminal

/// History from the server: Ergo (`draft/chathistory`) holds 200 lines the client missed in
/// each of 20 channels; the whole client (core, runtime, libespeak-ng into a probe sink, a real
/// ``IRCClient`` and store) connects, joins and fetches them (`CHATHISTORY AFTER`, pages of 100)
/// while a key is pressed every 20 ms.
///
/// - `history_fetch_usable_ms`: from starting to connect until everything missed is stored
///   and a key pressed after that is heard (its first sample); the median of the rounds.
/// - `history_fetch_key_p99_ms`: key to first sample for the keys pressed while it is fetched
///   (from its first line stored to its last), all rounds (goal ≤ 5).
/// - `history_fetch_spoken`: the announcer's utterances about it (all but the connection's own
///   "Connecting" and "Connected" sentences), once speech is idle; the most of any round; goal
///   ≤ the channels with news (20).
///
/// Each round has a fresh Ergo, so every round fetches the same.
struct HistoryFetchResult {
    var usable: Percentiles
    var latencies: Percentiles
    var keys: Int
    var spoken: Int
    var channelsWithNews: Int
    var fetched: Int
}

func measureHistoryFetch(
    directory: String, rounds: Int = 5, channels: Int = 20, lines: Int = 200
) async throws -> HistoryFetchResult {
    var usable: [Double] = []
    var latencies: [Double] = []
    var spoken = 0
    var fetched = Int.max
    for round in 0..<rounds {
        let one = try await measureHistoryFetchRound(
            directory: directory + "/round-\(round)", channels: channels, lines: lines)
        usable.append(one.usable)
        latencies += one.latencies
        spoken = max(spoken, one.spoken)
        fetched = min(fetched, one.fetched)
    }
    return HistoryFetchResult(
        usable: Percentiles(usable), latencies: Percentiles(latencies), keys: latencies.count, spoken: spoken,
        channelsWithNews: channels, fetched: fetched)
}

private func measureHistoryFetchRound(
    directory: String, channels: Int, lines: Int
) async throws -> (usable: Double, latencies: [Double], spoken: Int, fetched: Int) {
    try FileManager.default.createDirectory(atPath: directory + "/config/earshot", withIntermediateDirectories: true)
    let configPath = directory + "/config/earshot/config.toml"
    try "[speech]\nhints = false\n".write(toFile: configPath, atomically: true, encoding: .utf8)
    let names = (0..<channels).map { "#h\($0)" }
    let ergo = try ErgoFixture()
    defer { ergo.tearDown() }
    let peer = try RawSocket(port: ergo.port)
    defer { peer.close() }
    peer.send("NICK talker\r\nUSER talker 0 * :talker\r\n")
    peer.read(until: " 001 ")
    for name in names { peer.send("JOIN \(name)\r\n") }
    peer.send("PING :joined\r\n")
    peer.read(until: "joined")

    let store = try ChatStore(path: directory + "/history.sqlite")
    let workspace = try LocalWorkspace(store: store, nick: "ada", lesson: Wording.lesson)
    let server = IRCServerConfiguration(
        name: "ergo", host: "127.0.0.1", port: ergo.port, usesTLS: false, nick: "ada", channels: names)

    // Once before: one line per channel, stored and read, so what follows is news.
    for name in names { peer.send("PRIVMSG \(name) :before you went\r\n") }
    peer.send("PING :primed\r\n")
    peer.read(until: "primed")
    let primer = try IRCClient(server: server, store: store)
    let networkID = primer.network.id
    func storedCount() -> Int { (try? store.messageCount(network: networkID)) ?? 0 }
    await primer.start()
    let primed = Task {
        for await event in primer.events { if case .synced = event { return true } }
        return false
    }
    _ = await primed.value
    let primeDeadline = Date() + 60
    while storedCount() < channels, Date() < primeDeadline { usleep(10_000) }
    for channel in try store.channels(network: networkID) {
        if let newest = try store.newestPage(in: channel.id, limit: 1).last {
            try store.setReadMarker(channel: channel.id, at: newest.id, unread: 0)
        }
    }
    await primer.stop()
    let before = storedCount()
    // Away: the server keeps what each channel says.
    for index in 0..<lines {
        for name in names {
            peer.send("PRIVMSG \(name) :while away, line \(index), about sixty characters of conversation here\r\n")
        }
    }
    peer.send("PING :said\r\n")
    peer.read(until: "said")
    let expected = before + channels * lines

    // The client under measurement.
    let client = try IRCClient(server: server, store: store)
    let announcements = AnnouncementCounter()
    let bench = try BenchClient(
        workspace: workspace, configPath: configPath, nick: "ada", irc: client, alsoTo: announcements.sink)
    defer { bench.stop() }
    let (probe, runtime) = (bench.probe, bench.runtime)
    let chat = Task {
        for await event in client.events { runtime.post(.chat(event)) }
    }
    var decoder = KeyDecoder()
    var latencies: [Double] = []
    let right: [UInt8] = [0x1B, 0x5B, 0x43]
    let left: [UInt8] = [0x1B, 0x5B, 0x44]
    let begin = monotonicNanoseconds()
    await client.start()
    var usable: Double?
    var index = 0
    while usable == nil, monotonicNanoseconds() - begin < 120_000_000_000 {
        let stored = storedCount()
        let bytes = index % 2 == 0 ? left : right
        index += 1
        let mark = probe.mark()
        let pressed = SpeechClock.now()
        for key in decoder.feed(bytes) { runtime.post(.key(key)) }
        guard let first = probe.waitForReaderSample(after: mark, timeoutSeconds: 2) else { continue }
        if stored >= expected {
            usable = Double(first - begin) / 1e6
        } else if stored > before {
            let latency = Double(first - pressed) / 1e6
            latencies.append(latency)
            if latency > 2, ProcessInfo.processInfo.environment["EARSHOT_BENCH_SAY"] != nil {
                FileHandle.standardError.write(
                    Data("slow key at \(Double(pressed - begin) / 1e6) ms: \(latency) ms, stored \(stored)\n".utf8))
            }
        }
        usleep(20_000)
    }
    // Polite announcements wait for a pause in the keys: until the announcer has had nothing
    // new to say for two seconds.
    var last = (count: announcements.count { _ in true }, at: monotonicNanoseconds())
    while monotonicNanoseconds() - last.at < 2_000_000_000, monotonicNanoseconds() - begin < 180_000_000_000 {
        usleep(50_000)
        let now = announcements.count { _ in true }
        if now != last.count { last = (now, monotonicNanoseconds()) }
    }
    _ = bench.engine.waitUntilIdle(timeoutSeconds: 120)
    if ProcessInfo.processInfo.environment["EARSHOT_BENCH_SAY"] != nil {
        FileHandle.standardError.write(Data(announcements.said.map { "said: \($0)\n" }.joined().utf8))
    }
    let fetched = storedCount() - before
    await client.stop()
    chat.cancel()
    return (usable ?? .nan, latencies, announcements.count { !$0.hasPrefix("Connect") }, fetched)
}
