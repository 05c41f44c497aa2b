@_spi(StoreWriting) import Chat
import RealParts
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The chat suite: store throughput, opening a channel of a million messages, a burst of
/// 10,000 messages from a real InspIRCd on loopback, and key-to-sound while joining 50
/// channels of 500 nicks under 1,000 messages a second (`--join-only` runs just that;
/// `--join-members N` and `--join-rate N` change the load), and a ZNC playback of 50 channels
/// of 50 lines while keys are pressed (`--playback-only`), and history fetched from Ergo, 20
/// channels of 200 lines missed, while keys are pressed (`--history-only`).
///
///     swift run -c release earshot-bench chat --json
func runChatBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let directory = NSTemporaryDirectory() + "earshot-chat-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    // --join-members and --join-rate vary the load to see which part costs (500 and 1,000 by default).
    func measureHistory() async throws -> [(String, Double)] {
        try await measureHistoryFetch(directory: directory + "/history")
            .figures("history_fetch", usableName: "history_fetch_usable")
    }
    if arguments.contains("--history-only") {
        return report(try await measureHistory(), json: json, title: "chat (history from Ergo, 20 x 200, only)")
    }
    let join = try await measureJoinFlood(
        directory: directory + "/join", members: option("--join-members", in: arguments, default: 500),
        messagesPerSecond: option("--join-rate", in: arguments, default: 1000))
    let joinFigures: [(String, Double)] = [
        ("join_50x500_key_p50_ms", join.latencies.median),
        ("join_50x500_key_p99_ms", join.latencies(99)),
        ("join_50x500_key_max_ms", join.latencies(100)),
        ("join_50x500_keys", Double(join.keys)),
        ("join_50x500_channels_joined", Double(join.joined)),
        ("join_50x500_messages_per_s", (Double(join.messagesSent) / join.seconds).rounded()),
    ]
    if arguments.contains("--join-only") {
        return report(joinFigures, json: json, title: "chat (join 50 x 500 only)")
    }
    let playback = try await measurePlayback(directory: directory + "/playback")
    let playbackFigures = playback.figures("playback", usableName: "playback_50x50_usable")
    if arguments.contains("--playback-only") {
        return report(playbackFigures, json: json, title: "chat (bouncer playback 50 x 50 only)")
    }

    let historyFigures = try await measureHistory()

    let insert = try measureInserts(path: directory + "/insert.sqlite")
    let open = try measureOpenMillion(path: directory + "/million.sqlite")
    let search = try measureSearchMillion(path: directory + "/million.sqlite")
    let burst = try await measureBurst(directory: directory)

    report(
        [
            ("insert_per_s", insert.median.rounded()),
            ("insert_per_s_p1", insert(1).rounded()),
            ("open_1m_newest_page_ms", open.times.median),
            ("open_1m_newest_page_p99_ms", open.times(99)),
            ("rss_1m_mb", open.rss),
            ("search_1m_ms", search.median),
            ("search_1m_p99_ms", search(99)),
            ("burst_10k_received", Double(burst.received)),
            ("burst_10k_s", burst.seconds),
        ] + joinFigures + playbackFigures + historyFigures, json: json, title: "chat")
}

private let burstSenders = 20

private let benchBase = Date(timeIntervalSince1970: 1_700_000_000)

private func benchMessages(channel: Int64, from start: Int, count: Int) -> [NewMessage] {
    (start..<(start + count)).map { index in
        NewMessage(
            channelID: channel, msgid: "m\(index)", author: index % 3 == 0 ? "ada" : "bob",
            text: "message number \(index) about the rotor, the drawer and the sheet",
            time: benchBase.addingTimeInterval(Double(index) / 10))
    }
}

/// Messages per second stored in batches of 1,000 (FTS index and dedup checks included); one
/// sample per batch of 1,000.
private func measureInserts(path: String) throws -> Percentiles {
    let store = try ChatStore(path: path)
    let network = try store.network(named: "bench")
    let channel = try store.channel(named: "#bench", network: network.id)
    var rates: [Double] = []
    let batch = 1000
    for round in 0..<100 {
        let messages = benchMessages(channel: channel.id, from: round * batch, count: batch)
        let start = monotonicNanoseconds()
        _ = try store.insert(messages)
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        rates.append(Double(batch) / seconds)
    }
    return Percentiles(rates)
}

/// Builds a channel of 1,000,000 messages, then opens the store afresh and reads the newest
/// page, 20 times. RSS is the peak while the channel is open (the peak counter is reset after
/// building, via /proc/self/clear_refs).
private func measureOpenMillion(path: String) throws -> (times: Percentiles, rss: Double) {
    do {
        let store = try ChatStore(path: path)
        let network = try store.network(named: "bench")
        let channel = try store.channel(named: "#million", network: network.id)
        let batch = 10_000
        for round in 0..<100 {
            _ = try store.insert(benchMessages(channel: channel.id, from: round * batch, count: batch))
        }
    }
    resetPeakRSS()
    var times: [Double] = []
    var kept: [ChatMessage] = []
    for _ in 0..<20 {
        let start = monotonicNanoseconds()
        let store = try ChatStore(path: path)
        let network = try store.network(named: "bench")
        let channel = try store.channel(named: "#million", network: network.id)
        let page = try store.newestPage(in: channel.id, limit: 50)
        times.append(Double(monotonicNanoseconds() - start) / 1e6)
        guard page.count == 50, page.last?.msgid == "m999999" else {
            throw Failure("the newest page of the million-message channel is wrong")
        }
        kept = page
    }
    _ = kept
    return (Percentiles(times), peakRSSMegabytes())
}

/// The search sheet's query (FTS5, newest 30 first) over the million-message store: rare words
/// (one message's number), common ones (in every message) and prefixes, 200 queries in all.
private func measureSearchMillion(path: String) throws -> Percentiles {
    let store = try ChatStore(path: path)
    var times: [Double] = []
    for round in 0..<200 {
        let query: String
        switch round % 4 {
        case 0: query = "number \(round * 4_999 % 1_000_000)"
        case 1: query = "rotor drawer"
        case 2: query = "ada sheet"
        default: query = "numb"
        }
        let start = monotonicNanoseconds()
        let results = try store.search(query, limit: 30)
        times.append(Double(monotonicNanoseconds() - start) / 1e6)
        guard !results.isEmpty else { throw Failure("search for \(query) found nothing") }
    }
    return Percentiles(times)
}

/// Resets VmHWM so the next `peakRSSMegabytes()` covers only what follows.
private func resetPeakRSS() {
    if let file = fopen("/proc/self/clear_refs", "w") {
        fputs("5", file)
        fclose(file)
    }
}

/// 10,000 PRIVMSGs sent by raw clients through InspIRCd to an `IRCClient`, timed from the
/// first byte sent until the client has stored all of them.
private func measureBurst(directory: String) async throws -> (received: Int, seconds: Double) {
    let server = try InspIRCdFixture()
    defer { server.tearDown() }
    let store = try ChatStore(path: directory + "/burst.sqlite")
    let client = try IRCClient(
        server: IRCServerConfiguration(
            name: "bench", host: "127.0.0.1", port: server.port, usesTLS: false, nick: "reader", channels: ["#burst"]),
        store: store)
    let counter = BurstCounter()
    let events = client.events
    let consumer = Task {
        for await event in events {
            switch event {
            case .server(.synced, _): await counter.markSynced()
            case .messages(let messages): await counter.add(messages.filter { $0.author.hasPrefix("flood") }.count)
            default: break
            }
        }
    }
    await client.start()
    guard await counter.waitSynced(timeout: 20) else { throw Failure("the reader never joined") }

    // InspIRCd works through each client's input a tick at a time (a few hundred lines per second
    // per client), so the burst comes from 20 clients sending 500 direct messages each.
    let senders = try (0..<burstSenders).map { _ in try RawSocket(port: server.port) }
    for (index, sender) in senders.enumerated() { sender.send("NICK flood\(index)\r\nUSER flood 0 * :flood\r\n") }
    for sender in senders where !sender.read(until: " 376 ").contains(" 376 ") {
        throw Failure("a sender never registered")
    }
    let perSender = 10_000 / burstSenders
    let payloads = (0..<burstSenders).map { sender in
        (0..<perSender).map { "PRIVMSG reader :burst message \(sender)-\($0) with some ordinary text\r\n" }.joined()
    }
    let start = monotonicNanoseconds()
    for (sender, payload) in zip(senders, payloads) { sender.send(payload) }
    _ = await counter.wait(for: 10_000, timeout: 60)
    let seconds = Double(monotonicNanoseconds() - start) / 1e9
    let received = await counter.count
    let stored = try store.channels(network: client.network.id).filter(\.isDirect)
        .reduce(0) { $0 + (try store.messageCount(channel: $1.id)) }
    for sender in senders { sender.close() }
    await client.stop()
    consumer.cancel()
    return (min(received, stored), seconds)
}

private actor BurstCounter {
    var count = 0
    var synced = false

    func add(_ n: Int) { count += n }
    func markSynced() { synced = true }

    func waitSynced(timeout: Double) async -> Bool {
        let deadline = Date() + timeout
        while !synced && Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return synced
    }

    func wait(for target: Int, timeout: Double) async -> Bool {
        let deadline = Date() + timeout
        while count < target && Date() < deadline { try? await Task.sleep(for: .milliseconds(1)) }
        return count >= target
    }
}
