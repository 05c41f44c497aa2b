#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import App
import Chat
import ChatTesting
import Foundation
import Speech
import Terminal

/// A bouncer's playback: ZNC 1.8 (Debian's) in front of a real InspIRCd replays 50 channels of
/// 50 lines to the whole client (core, runtime, libespeak-ng into a probe sink, a real
/// ``IRCClient`` and store) as it connects, while a key is pressed every 20 ms.
///
/// - `playback_50x50_usable_ms`: from starting to connect until the whole playback is stored
///   and a key pressed after that is heard (its first sample); the median of the rounds.
/// - `playback_key_p99_ms`: key to first sample for the keys pressed during it (from its first
///   line stored to its last), all rounds (goal ≤ 5).
/// - `playback_spoken`: the announcer's utterances about it (everything but the connection's
///   own "Connecting" and "Connected" sentences), counted once speech is idle; the most of any
///   round; goal ≤ the channels with news.
///
/// Each round has a fresh InspIRCd, ZNC and history, so every round replays the same.
struct PlaybackBenchResult {
    var usable: Percentiles
    var latencies: Percentiles
    var keys: Int
    var spoken: Int
    var channelsWithNews: Int
    var stored: Int
}

func measurePlayback(directory: String, rounds: Int = 5) async throws -> PlaybackBenchResult {
    var usable: [Double] = []
    var latencies: [Double] = []
    var spoken = 0
    var stored = Int.max
    for round in 0..<rounds {
        let one = try await measurePlaybackRound(directory: directory + "/round-\(round)")
        usable.append(one.usable)
        latencies += one.latencies
        spoken = max(spoken, one.spoken)
        stored = min(stored, one.stored)
    }
    return PlaybackBenchResult(
        usable: Percentiles(usable), latencies: Percentiles(latencies), keys: latencies.count, spoken: spoken,
        channelsWithNews: 50, stored: stored)
}

private func measurePlaybackRound(
    directory: String, channels: Int = 50, lines: Int = 50
) async throws
    -> (usable: Double, latencies: [Double], spoken: Int, stored: Int)
{
    try FileManager.default.createDirectory(atPath: directory + "/config/earshot", withIntermediateDirectories: true)
    let configPath = directory + "/config/earshot/config.toml"
    try "[speech]\nhints = false\n".write(toFile: configPath, atomically: true, encoding: .utf8)
    let names = (0..<channels).map { "#p\($0)" }
    let ircd = try InspIRCdFixture()
    defer { ircd.tearDown() }
    let znc = try ZNCFixture(upstreamPort: ircd.port, channels: names, bufferSize: 500)
    defer { znc.tearDown() }
    let peer = try RawSocket(port: ircd.port)
    defer { peer.close() }
    peer.send("NICK talker\r\nUSER talker 0 * :talker\r\n")
    peer.read(until: " 001 ")
    for name in names { peer.send("JOIN \(name)\r\n") }
    peer.send("PING :joined\r\n")
    peer.read(until: "joined")
    func say(_ text: (String) -> String, times: Int) throws {
        for index in 0..<times {
            for name in names { peer.send("PRIVMSG \(name) :\(text(name)) \(index)\r\n") }
        }
        // The last line in ZNC's buffer: all of them are (a line that reached ZNC after the
        // client attached would be live, not playback).
        let last = "the last line \(UUID().uuidString)"
        peer.send("PRIVMSG \(names[names.count - 1]) :\(last)\r\n")
        try znc.waitUntilReceived(last)
    }

    let store = try ChatStore(path: directory + "/playback.sqlite")
    let workspace = try LocalWorkspace(store: store, nick: "ada", lesson: Wording.lesson)
    let server = IRCServerConfiguration(
        name: "bouncer", host: "127.0.0.1", port: znc.port, usesTLS: false, nick: "ada", channels: names,
        serverPassword: znc.passString)

    // Once before: one line per channel, stored and read, so what follows is news.
    try say({ "before \($0)" }, times: 1)
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
    while storedCount() < channels + 1, Date() < primeDeadline { usleep(10_000) }
    for channel in try store.channels(network: primer.network.id) {
        if let newest = try store.newestPage(in: channel.id, limit: 1).last {
            try store.setReadMarker(channel: channel.id, at: newest.id, unread: 0)
        }
    }
    await primer.stop()
    try say({ _ in "while away, a line of about eighty characters to replay in the bouncer buffer" }, times: lines)

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
    let expected = channels * (lines + 1) + 2
    var decoder = KeyDecoder()
    var latencies: [Double] = []
    let right: [UInt8] = [0x1B, 0x5B, 0x43]
    let left: [UInt8] = [0x1B, 0x5B, 0x44]
    let begin = monotonicNanoseconds()
    await client.start()
    var usable: Double?
    var index = 0
    let before = storedCount()
    while usable == nil, monotonicNanoseconds() - begin < 120_000_000_000 {
        let stored = storedCount()
        let allStored = stored >= expected
        let bytes = index % 2 == 0 ? left : right
        index += 1
        let mark = probe.mark()
        let pressed = SpeechClock.now()
        for key in decoder.feed(bytes) { runtime.post(.key(key)) }
        guard let first = probe.waitForReaderSample(after: mark, timeoutSeconds: 2) else { continue }
        if allStored {
            usable = Double(first - begin) / 1e6
        } else if stored > before {
            // During the playback: from its first stored line.
            let latency = Double(first - pressed) / 1e6
            latencies.append(latency)
            if latency > 2, ProcessInfo.processInfo.environment["EARSHOT_BENCH_SAY"] != nil {
                let said = announcements.said.suffix(2).joined(separator: " | ")
                FileHandle.standardError.write(
                    Data(
                        "slow key at \(Double(pressed - begin) / 1e6) ms: \(latency) ms, stored \(storedCount()), announced so far: \(said)\n"
                            .utf8))
            }
        }
        usleep(20_000)
    }
    // Polite announcements wait for a pause in the keys: wait until the announcer has had
    // nothing new to say for two seconds (a minute at most).
    var last = (count: announcements.count { _ in true }, at: monotonicNanoseconds())
    while monotonicNanoseconds() - last.at < 2_000_000_000, monotonicNanoseconds() - begin < 180_000_000_000 {
        usleep(50_000)
        let now = announcements.count { _ in true }
        if now != last.count { last = (now, monotonicNanoseconds()) }
    }
    _ = bench.engine.waitUntilIdle(timeoutSeconds: 120)
    // EARSHOT_BENCH_SAY=1: what the announcer said, and the slowest keys, on stderr.
    if ProcessInfo.processInfo.environment["EARSHOT_BENCH_SAY"] != nil {
        FileHandle.standardError.write(Data(announcements.said.map { "said: \($0)\n" }.joined().utf8))
        FileHandle.standardError.write(Data("keys: \(latencies.sorted().suffix(5))\n".utf8))

    }
    let stored = storedCount()
    await client.stop()
    chat.cancel()
    return (usable ?? .nan, latencies, announcements.count { !$0.hasPrefix("Connect") }, stored)
}

/// Counts the announcer's utterances (spoken or dropped before they sounded), by text.
/// Unchecked, guarded by hand: `texts` is touched only with `lock` held.
final class AnnouncementCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [UInt64: String] = [:]

    var sink: SpeechSink {
        SpeechSink(event: { [self] event in
            guard event.utterance.voice == .announcer, !event.utterance.text.isEmpty else { return }
            lock.withLock { texts[event.utterance.id] = event.utterance.text }
        })
    }

    func count(where include: (String) -> Bool) -> Int { lock.withLock { texts.values.filter(include).count } }

    /// What was said, in order.
    var said: [String] { lock.withLock { texts.sorted { $0.key < $1.key }.map(\.value) } }
}
