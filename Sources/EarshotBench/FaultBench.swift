import RealParts
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The soak: the real client in tmux against a real InspIRCd that is killed (SIGKILL) and
/// restarted again and again, while two raw peers send 50 lines a second each and drop off at
/// random. Afterwards every line a peer knows the server took is in the client's history
/// exactly once, no line is there twice, and the client's RSS stayed under 100 MB.
///
///     swift build -c release && .build/release/earshot-bench soak --json [--minutes 10] [--kills 20]
func runSoakBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let minutes = option("--minutes", in: arguments) ?? 10
    let kills = Int(option("--kills", in: arguments) ?? 20)
    let rate = option("--rate", in: arguments) ?? 50
    let channel = "#soak"
    let server = try InspIRCdFixture(historyLines: 10000, permanentChannels: [channel: "+H 10000:1d"])
    defer { server.tearDown() }
    let client = try ClientUnderTest(port: server.port, channel: channel, nick: "ears")
    var passed = false
    defer { client.stop(remove: passed) }
    try client.waitForJoin()

    let peers = ["kim", "lee"].map { SoakPeer(nick: $0, channel: channel, port: server.port, rate: rate) }
    for peer in peers { peer.start() }
    let start = Date()
    let duration = minutes * 60
    var restarts = 0
    var rssSamples: [Double] = []
    var downtimes: [Double] = []
    func sample(until deadline: Date) {
        while Date() < deadline {
            if let rss = client.residentMegabytes { rssSamples.append(rss) }
            Thread.sleep(forTimeInterval: min(1, max(0, deadline.timeIntervalSinceNow)))
        }
    }
    for kill in 1...max(kills, 1) where kills > 0 {
        sample(until: start + duration * Double(kill) / Double(kills + 1))
        server.kill()
        let down = Double.random(in: 0.3...3)
        downtimes.append(down)
        sample(until: Date() + down)
        try server.start()
        restarts += 1
        if !json { print("restart \(restarts)/\(kills) at \(Int(Date().timeIntervalSince(start))) s") }
    }
    sample(until: start + duration)
    for peer in peers { peer.stop() }
    let soakSeconds = Date().timeIntervalSince(start)

    // Every confirmed line must arrive; give the client time to catch up (reconnect, replay).
    let logs = peers.map(\.log)
    let expected = zip(peers, logs).flatMap { peer, log in log.confirmed.map(peer.text) }
    var stored: [String: Int] = [:]
    let caughtUp = client.wait(seconds: 120) {
        stored = storedCounts(client)
        return expected.allSatisfy { stored[$0] != nil }
    }
    let unknown = Set(zip(peers, logs).flatMap { peer, log in log.unknown.map(peer.text) })
    let sentTexts = Set(zip(peers, logs).flatMap { peer, log in (0..<log.sent).map(peer.text) })
    let missing = expected.filter { stored[$0] == nil }
    let duplicates = stored.filter { $0.value > 1 }
    let foreign = stored.keys.filter { !sentTexts.contains($0) }
    let unknownArrived = unknown.filter { stored[$0] != nil }.count
    let peakRSS = max(rssSamples.max() ?? .nan, client.peakResidentMegabytes ?? 0)
    let alive = client.isAlive
    passed = caughtUp && missing.isEmpty && duplicates.isEmpty && foreign.isEmpty && alive && peakRSS < 100
    if !passed {
        printError(
            "soak failed: caught up \(caughtUp), missing \(missing.prefix(5)), duplicates \(duplicates.prefix(5)), "
                + "foreign \(foreign.prefix(5)), alive \(alive), peak RSS \(peakRSS) MB; kept \(client.folder)")
    }
    report(
        [
            ("soak_s", soakSeconds.rounded()),
            ("server_restarts", Double(restarts)),
            ("server_down_p50_s", Percentiles(downtimes).median),
            ("peer_connections", Double(logs.map(\.connections).reduce(0, +))),
            ("peer_own_disconnects", Double(logs.map(\.ownDisconnects).reduce(0, +))),
            ("lines_sent", Double(logs.map(\.sent).reduce(0, +))),
            ("lines_confirmed", Double(expected.count)),
            ("lines_unknown", Double(unknown.count)),
            ("lines_unknown_arrived", Double(unknownArrived)),
            ("stored", Double(stored.values.reduce(0, +))),
            ("missing", Double(missing.count)),
            ("duplicates", Double(duplicates.count)),
            ("foreign", Double(foreign.count)),
            ("rss_p50_mb", Percentiles(rssSamples).median),
            ("rss_peak_mb", peakRSS),
            ("client_alive", alive ? 1 : 0),
            ("ok", passed ? 1 : 0),
        ], json: json, title: "soak")
    if !passed { exit(1) }
}

/// How often each soak line is in the client's history.
private func storedCounts(_ client: ClientUnderTest) -> [String: Int] {
    var counts: [String: Int] = [:]
    for line in client.sql("SELECT text FROM message WHERE text LIKE 'soak %'").split(separator: "\n") {
        counts[String(line), default: 0] += 1
    }
    return counts
}

/// `--name VALUE` as a number.
func option(_ name: String, in arguments: [String]) -> Double? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return Double(arguments[index + 1])
}

/// The whole number after `name` in `arguments` (`--keys 200`), or `fallback`.
func option(_ name: String, in arguments: [String], default fallback: Int) -> Int {
    option(name, in: arguments).map { Int($0) } ?? fallback
}

/// A line on standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
