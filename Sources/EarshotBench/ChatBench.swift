import Chat
import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The chat suite: store throughput, opening a channel of a million messages, and a burst of
/// 10,000 messages from a real InspIRCd on loopback.
///
///     swift run -c release earshot-bench chat --json
func runChatBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let directory = NSTemporaryDirectory() + "earshot-chat-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let insert = try measureInserts(path: directory + "/insert.sqlite")
    let open = try measureOpenMillion(path: directory + "/million.sqlite")
    let burst = try await measureBurst(directory: directory)

    report(
        [
            ("insert_per_s", insert.median.rounded()),
            ("insert_per_s_p1", insert(1).rounded()),
            ("open_1m_newest_page_ms", open.times.median),
            ("open_1m_newest_page_p99_ms", open.times(99)),
            ("rss_1m_mb", open.rss),
            ("burst_10k_received", Double(burst.received)),
            ("burst_10k_s", burst.seconds),
        ], json: json, title: "chat")
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
            throw BenchFailure(description: "the newest page of the million-message channel is wrong")
        }
        kept = page
    }
    _ = kept
    return (Percentiles(times), peakRSSMegabytes())
}

/// Resets VmHWM so the next `peakRSSMegabytes()` covers only what follows.
private func resetPeakRSS() {
    if let file = fopen("/proc/self/clear_refs", "w") {
        fputs("5", file)
        fclose(file)
    }
}

private struct BenchFailure: Error, CustomStringConvertible {
    var description: String
}

/// 10,000 PRIVMSGs sent by raw clients through InspIRCd to an `IRCClient`, timed from the
/// first byte sent until the client has stored all of them.
private func measureBurst(directory: String) async throws -> (received: Int, seconds: Double) {
    let server = try BenchIRCServer(directory: directory)
    defer { server.stop() }
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
            case .synced: await counter.markSynced()
            case .messages(let messages): await counter.add(messages.filter { $0.author.hasPrefix("flood") }.count)
            default: break
            }
        }
    }
    await client.start()
    guard await counter.waitSynced(timeout: 20) else { throw BenchFailure(description: "the reader never joined") }

    // InspIRCd works through each client's input a tick at a time (a few hundred lines per second
    // per client), so the burst comes from 20 clients sending 500 direct messages each.
    let senders = try (0..<burstSenders).map { _ in try BenchSocket(port: server.port) }
    for (index, sender) in senders.enumerated() { sender.send("NICK flood\(index)\r\nUSER flood 0 * :flood\r\n") }
    for sender in senders where !sender.read(until: " 376 ") { throw BenchFailure(description: "a sender never registered") }
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

/// Debian's InspIRCd on 127.0.0.1 at a free port, for the burst.
private final class BenchIRCServer {
    let port: Int
    private let process: Process

    init(directory: String) throws {
        let binary = "/usr/sbin/inspircd"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchFailure(description: "inspircd is not installed: apt-get install -y inspircd")
        }
        port = try BenchSocket.freePort()
        let modules = [
            "cap", "ircv3", "ircv3_ctctags", "ircv3_servertime", "ircv3_msgid", "ircv3_echomessage", "ircv3_batch",
            "ircv3_labeledresponse", "chanhistory",
        ].map { "<module name=\"\($0)\">" }.joined(separator: "\n")
        try "bench\n".write(toFile: directory + "/motd", atomically: true, encoding: .utf8)
        let config = """
            <server name="irc.earshot.bench" description="Earshot bench" network="EarshotBench">
            <admin name="Earshot" nick="earshot" email="earshot@localhost">
            <bind address="127.0.0.1" port="\(port)" type="clients">
            <connect name="main" allow="*" timeout="20" pingfreq="120" hardsendq="64M" softsendq="8M" recvq="8M"
                     threshold="1000000" commandrate="1000000000" fakelag="no" localmax="1000" globalmax="1000"
                     resolvehostnames="no" useident="no">
            <files motd="\(directory)/motd">
            <dns server="127.0.0.1" timeout="1">
            <pid file="\(directory)/inspircd.pid">
            <performance quietbursts="yes" softlimit="1024" somaxconn="128" netbuffersize="65536">
            <log method="file" type="* -USERINPUT -USEROUTPUT" level="default" target="\(directory)/ircd.log">
            \(modules)
            """
        try config.write(toFile: directory + "/inspircd.conf", atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--runasroot", "--nofork", "--config", directory + "/inspircd.conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date() + 15
        while Date() < deadline {
            if let socket = try? BenchSocket(port: port) {
                socket.close()
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw BenchFailure(description: "inspircd did not start")
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date() + 1.5
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// A blocking TCP socket to 127.0.0.1.
private final class BenchSocket {
    private var fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchFailure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw BenchFailure(description: "connect() failed")
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchFailure(description: "socket() failed") }
        defer { Glibc.close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads until `marker` arrives; false on timeout or close.
    func read(until marker: String) -> Bool {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !String(decoding: received, as: UTF8.self).contains(marker) {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return false }
            received.append(contentsOf: chunk[0..<count])
        }
        return true
    }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}
