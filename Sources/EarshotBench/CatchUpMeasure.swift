#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import App
import Chat
import RealParts
import Foundation
import Speech
import Terminal

/// The part the catching-up benchmarks share (a bouncer's playback, history from the server):
/// a first client that stores one line per channel and reads them, so what comes after is news;
/// then the client under measurement, connecting while a key is pressed every 20 ms.
enum CatchUpMeasure {
    /// A config folder in `directory` with hints off; the path of its settings file.
    static func configPath(in directory: String) throws -> String {
        try FileManager.default.createDirectory(
            atPath: directory + "/config/earshot", withIntermediateDirectories: true)
        let path = directory + "/config/earshot/config.toml"
        try "[speech]\nhints = false\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A first client of `server` joins, waits until `lines` are stored, and reads every channel
    /// to its newest message. Returns the network's id.
    static func primeAndRead(server: IRCServerConfiguration, store: ChatStore, lines: Int) async throws -> Int64 {
        let primer = try IRCClient(server: server, store: store)
        let networkID = primer.network.id
        await primer.start()
        let primed = Task {
            for await event in primer.events { if case .server(.synced, _) = event { return true } }
            return false
        }
        _ = await primed.value
        let deadline = Date() + 60
        while ((try? store.messageCount(network: networkID)) ?? 0) < lines, Date() < deadline { usleep(10_000) }
        for channel in try store.channels(network: networkID) {
            if let newest = try store.newestPage(in: channel.id, limit: 1).last {
                try store.setReadMarker(channel: channel.id, at: newest.id, unread: 0)
            }
        }
        await primer.stop()
        return networkID
    }

    /// One round: the whole client (core, runtime, libespeak-ng into a probe sink, `client` and
    /// its store) connects while Left and Right are pressed every 20 ms.
    /// - `usable`: from starting until `expected` messages are stored and a key pressed after
    ///   that is heard (its first sample), in milliseconds.
    /// - `latencies`: key to first sample for the keys pressed while it came (after `before`).
    /// - `spoken`: the announcer's utterances but the connection's own, once speech is idle.
    /// - `stored`: the network's messages at the end.
    static func round(
        client: IRCClient, store: ChatStore, workspace: LocalWorkspace, configPath: String, before: Int,
        expected: Int
    ) async throws -> (usable: Double, latencies: [Double], spoken: Int, stored: Int) {
        let networkID = client.network.id
        func storedCount() -> Int { (try? store.messageCount(network: networkID)) ?? 0 }
        let announcements = AnnouncementCounter()
        let bench = try BenchClient(
            workspace: workspace, configPath: configPath, nick: "ada", irc: client, alsoTo: announcements.sink)
        defer { bench.stop() }
        let (probe, runtime) = (bench.probe, bench.runtime)
        let chat = Task {
            for await event in client.events { runtime.post(.chat(event)) }
        }
        let saying = ProcessInfo.processInfo.environment["EARSHOT_BENCH_SAY"] != nil
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
                if latency > 2, saying {
                    let said = announcements.said.suffix(2).joined(separator: " | ")
                    FileHandle.standardError.write(
                        Data(
                            "slow key at \(Double(pressed - begin) / 1e6) ms: \(latency) ms, stored \(stored), announced so far: \(said)\n"
                                .utf8))
                }
            }
            usleep(20_000)
        }
        // Polite announcements wait for a pause in the keys: until the announcer has had
        // nothing new to say for two seconds.
        var last = (count: announcements.count { _ in true }, at: monotonicNanoseconds())
        while monotonicNanoseconds() - last.at < 2_000_000_000, monotonicNanoseconds() - begin < 180_000_000_000 {
            usleep(50_000)
            let now = announcements.count { _ in true }
            if now != last.count { last = (now, monotonicNanoseconds()) }
        }
        _ = bench.engine.waitUntilIdle(timeoutSeconds: 120)
        // EARSHOT_BENCH_SAY=1: what the announcer said, and the slowest keys, on stderr.
        if saying {
            FileHandle.standardError.write(Data(announcements.said.map { "said: \($0)\n" }.joined().utf8))
            FileHandle.standardError.write(Data("keys: \(latencies.sorted().suffix(5))\n".utf8))
        }
        let stored = storedCount()
        await client.stop()
        chat.cancel()
        return (usable ?? .nan, latencies, announcements.count { !$0.hasPrefix("Connect") }, stored)
    }
}
