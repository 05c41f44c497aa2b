#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import App
@_spi(StoreWriting) import Chat
import RealParts
import Foundation
import Speech
import Terminal

/// The part the catching-up benchmarks share (a bouncer's playback, history from the server):
/// a first client that stores one line per channel and reads them, so what comes after is news;
/// then the client under measurement, connecting while a key is pressed every 20 ms.
enum CatchUpMeasure {
    /// One round's figures (see ``round(client:store:workspace:configPath:before:expected:)``).
    typealias Round = (usable: Double, latencies: [Double], spoken: Int, stored: Int)

    /// What a catching-up benchmark found over its rounds: the usable times and key latencies
    /// of all rounds, the most utterances of any round and the fewest messages stored.
    struct Result {
        var usable: Percentiles
        var latencies: Percentiles
        var keys: Int
        var spoken: Int
        var channelsWithNews: Int
        var stored: Int

        /// The figures, named `<prefix>_…` (the usable time as `usableName`).
        func figures(_ prefix: String, usableName: String) -> [(String, Double)] {
            [
                ("\(usableName)_ms", usable.median), ("\(usableName)_p99_ms", usable(99)),
                ("\(prefix)_key_p50_ms", latencies.median), ("\(prefix)_key_p99_ms", latencies(99)),
                ("\(prefix)_keys", Double(keys)), ("\(prefix)_spoken", Double(spoken)),
                ("\(prefix)_channels_with_news", Double(channelsWithNews)), ("\(prefix)_stored", Double(stored)),
            ]
        }
    }

    /// Runs `round` `count` times, each in a folder of its own under `directory`.
    static func rounds(
        _ count: Int, directory: String, channelsWithNews: Int, _ round: (String) async throws -> Round
    ) async throws -> Result {
        var usable: [Double] = []
        var latencies: [Double] = []
        var spoken = 0
        var stored = Int.max
        for index in 0..<count {
            let one = try await round(directory + "/round-\(index)")
            usable.append(one.usable)
            latencies += one.latencies
            spoken = max(spoken, one.spoken)
            stored = min(stored, one.stored)
        }
        return Result(
            usable: Percentiles(usable), latencies: Percentiles(latencies), keys: latencies.count, spoken: spoken,
            channelsWithNews: channelsWithNews, stored: stored)
    }

    /// Someone who will talk in `names`, registered and joined to them all.
    static func talker(port: Int, joining names: [String]) throws -> RawSocket {
        let peer = try RawSocket(port: port)
        peer.send("NICK talker\r\nUSER talker 0 * :talker\r\n")
        peer.read(until: " 001 ")
        for name in names { peer.send("JOIN \(name)\r\n") }
        peer.send("PING :joined\r\n")
        peer.read(until: "joined")
        return peer
    }

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
    ) async throws -> Round {
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
        var keys = ArrowKeys()
        var latencies: [Double] = []
        let begin = monotonicNanoseconds()
        await client.start()
        var usable: Double?
        while usable == nil, monotonicNanoseconds() - begin < 120_000_000_000 {
            let stored = storedCount()
            guard let (pressed, first) = keys.press(runtime, heardBy: probe) else { continue }
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

/// Left and Right in turn, as a reader presses them while the client is busy.
struct ArrowKeys {
    private var decoder = KeyDecoder()
    private var index = 0

    /// Presses the next key; when it was pressed and when its first sample was heard, or nil
    /// when nothing was heard within 2 s.
    mutating func press(_ runtime: AppRuntime, heardBy probe: FirstSampleProbe) -> (pressed: UInt64, heard: UInt64)? {
        let bytes: [UInt8] = index % 2 == 0 ? [0x1B, 0x5B, 0x44] : [0x1B, 0x5B, 0x43]
        index += 1
        let mark = probe.mark()
        let pressed = SpeechClock.now()
        for key in decoder.feed(bytes) { runtime.post(.key(key)) }
        return probe.waitForReaderSample(after: mark, timeoutSeconds: 2).map { (pressed, $0) }
    }
}
