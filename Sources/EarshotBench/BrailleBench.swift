import Braille
import RealParts
import Foundation
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The braille suite: the release `earshot` on a pseudo-terminal of its own, with a real BRLTTY
/// (its Virtual driver; this process is the display), braille on and speech off, as a
/// deafblind user runs it.
///
/// - `key_to_cells_p50_ms`/`_p99_ms`: Left or Right written to the terminal until BRLTTY writes
///   the changed cells to the display socket (goal p99 ≤ 10).
/// - `route_to_speech_p50_ms`/`_p99_ms`: a routing key in the message field until the speech log
///   has the character said (the log is read every 0.1 ms).
/// - `floor_show_to_cells_p50_ms`/`_p99_ms` and `floor_route_to_input_p50_ms`/`_p99_ms`, the
///   peer in the same run: a bare ``BrailleConnection`` in this process showing a line (to the
///   same cells), and a routing key reaching it: what BrlAPI and BRLTTY cost without the client.
///   BRLTTY reads the display's keys on a cycle of its own, so a routing key waits for it.
/// - `own_key_message_p50_ms`/`_p99_ms` (goal ≤ 50): Alt-P, whose answer ("Punctuation: most")
///   is a display message, pressed while news is on the display and two more wait (three changes
///   of the settings file, each announced as it is read); until its words are in the cells.
///
///     swift build -c release && .build/release/earshot-bench braille --json
func runBrailleBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let directory = NSTemporaryDirectory() + "earshot-braille-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory + "/config/earshot", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let configPath = directory + "/config/earshot/config.toml"
    try "[text]\nsize = \"large\"\n[speech]\nhints = false\n[braille]\nenabled = true\n".write(
        toFile: configPath, atomically: true, encoding: .utf8)

    let brltty = try BrlttyFixture()
    defer { brltty.tearDown() }

    // The peer first: the braille shell alone.
    var floor: [Double] = []
    var floorRoutes: [Double] = []
    do {
        let routed = Mutex<UInt64?>(nil)
        let connection = BrailleConnection(
            host: brltty.host, onInput: { _ in routed.withLock { $0 = monotonicNanoseconds() } })
        try waitFor("the bare connection") { connection.status == .connected(cells: 40) }
        for index in 0..<200 {
            let seen = brltty.shown.count
            let begin = monotonicNanoseconds()
            connection.show(BrailleLine("line \(index) of the floor"))
            let shown = try waitForShown(brltty, after: seen, since: begin)
            floor.append(Double(shown.receivedNanoseconds - begin) / 1e6)
        }
        // A routing key, from the display socket to the connection's report.
        for index in 0..<100 {
            routed.withLock { $0 = nil }
            let begin = monotonicNanoseconds()
            try brltty.send("route \(index % 30 + 1)")
            var end: UInt64 = 0
            try waitFor("the routing key reported", pollMicroseconds: 50) {
                guard let at = routed.withLock({ $0 }) else { return false }
                end = at
                return true
            }
            floorRoutes.append(Double(end - begin) / 1e6)
        }
        connection.stop()
    }

    let log = directory + "/speech.jsonl"
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = directory + "/config"
    environment["XDG_DATA_HOME"] = directory + "/data"
    environment["BRLAPI_HOST"] = brltty.host
    environment["BRLAPI_AUTH"] = "none"
    environment["EARSHOT_VOICES"] = ClientUnderTest.checkout + "/voices"
    let client = try TerminalClient(
        earshot: try ClientUnderTest.earshotBinary(), arguments: ["--speech", "off", "--speech-log", log],
        environment: environment)
    defer { client.stop() }
    try waitFor("the client's first words") { speechLines(log) > 0 && brltty.shown.count > 1 }
    // Settled: the display has not changed for longer than a message lasts (4 s), so the
    // opening announcement has given it back to the focus and each key below is what changes it.
    try waitFor("the display to settle") {
        guard let last = brltty.shown.last else { return false }
        let now = monotonicNanoseconds()
        return now > last.receivedNanoseconds && now - last.receivedNanoseconds > 4_500_000_000
    }

    // Keys: Right then Left, each a new focus on the display.
    let right: [UInt8] = [0x1B, 0x5B, 0x43]
    let left: [UInt8] = [0x1B, 0x5B, 0x44]
    var keys: [Double] = []
    for index in 0..<200 {
        let seen = brltty.shown.count
        let begin = client.type(index % 2 == 0 ? right : left)
        let shown = try waitForShown(brltty, after: seen, since: begin, what: "key \(index)")
        keys.append(Double(shown.receivedNanoseconds - begin) / 1e6)
    }

    // Routing in the message field: End goes to Settings, Left to the field.
    client.type([0x1B, 0x5B, 0x46])
    try waitFor("Settings") { brltty.shown.last?.visual == "Settings btn" }
    client.type(left)
    try waitFor("the message field") { brltty.shown.last?.visual.hasPrefix("Message #welcome edt") == true }
    client.type(Array("hello world".utf8))
    try waitFor("the typed text") { brltty.shown.last?.visual == "Message #welcome edt hello world" }
    var routes: [Double] = []
    for index in 0..<100 {
        let before = speechLines(log)
        let begin = monotonicNanoseconds()
        try brltty.send("route \(index % 2 == 0 ? 22 : 28)")
        var end: UInt64 = 0
        try waitFor("the routed character said", pollMicroseconds: 100) {
            guard speechLines(log) > before else { return false }
            end = monotonicNanoseconds()
            return true
        }
        routes.append(Double(end - begin) / 1e6)
        // The cells follow too; wait for them before the next key (one command at a time).
        try waitFor("the routed cursor") { brltty.shown.last?.cursor == (index % 2 == 0 ? 22 : 28) }
    }

    // The answer to one's own key, over news: each round changes three settings in the file
    // (each said as news: one on the display, two waiting), then presses Alt-P.
    client.type([0x1B])
    var switches = ["times": false, "merge_bursts": true, "reduce_motion": false]
    // Alt-P writes the punctuation it steps to; the file written here keeps it.
    let levels = ["none", "some", "most", "all"]
    var level = 1
    func writeSettings() throws {
        let text =
            "[text]\nsize = \"large\"\n[speech]\nhints = false\npunctuation = \"\(levels[level])\"\n"
            + "times = \(switches["times"] ?? false)\n"
            + "merge_bursts = \(switches["merge_bursts"] ?? true)\n[display]\n"
            + "reduce_motion = \(switches["reduce_motion"] ?? false)\n[braille]\nenabled = true\n"
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }
    var ownKey: [Double] = []
    for round in 0..<40 {
        for key in ["times", "merge_bursts", "reduce_motion"] {
            let before = speechLines(log)
            switches[key]?.toggle()
            try writeSettings()
            try waitFor("the settings change said (round \(round), \(key))") { speechLines(log) > before }
        }
        let seen = brltty.shown.count
        let begin = client.type([0x1B, UInt8(ascii: "p")])
        try waitFor("the answer to Alt-P on the display (round \(round))", pollMicroseconds: 50) {
            brltty.shown.dropFirst(seen).contains { $0.visual.hasPrefix("Punctuation:") }
        }
        let shown = brltty.shown.dropFirst(seen).first { $0.visual.hasPrefix("Punctuation:") }
        ownKey.append(Double((shown?.receivedNanoseconds ?? begin) - begin) / 1e6)
        level = (level + 1) % levels.count
        // Written by the client before the next round writes the file.
        try waitFor("the punctuation written (round \(round))") {
            (try? String(contentsOfFile: configPath, encoding: .utf8))?.contains("\"\(levels[level])\"") == true
        }
    }

    let keyTimes = Percentiles(keys)
    let ownKeyTimes = Percentiles(ownKey)
    let routeTimes = Percentiles(routes)
    let floorTimes = Percentiles(floor)
    let floorRouteTimes = Percentiles(floorRoutes)
    report(
        [
            ("key_to_cells_p50_ms", keyTimes.median), ("key_to_cells_p99_ms", keyTimes(99)),
            ("key_to_cells_keys", Double(keys.count)),
            ("route_to_speech_p50_ms", routeTimes.median), ("route_to_speech_p99_ms", routeTimes(99)),
            ("floor_show_to_cells_p50_ms", floorTimes.median), ("floor_show_to_cells_p99_ms", floorTimes(99)),
            ("floor_route_to_input_p50_ms", floorRouteTimes.median),
            ("floor_route_to_input_p99_ms", floorRouteTimes(99)),
            ("own_key_message_p50_ms", ownKeyTimes.median), ("own_key_message_p99_ms", ownKeyTimes(99)),
            ("own_key_message_rounds", Double(ownKey.count)),
        ], json: json, title: "braille (BRLTTY 6.5, Virtual driver, 40 cells)")
}

/// Lines in the speech log that say something.
private func speechLines(_ path: String) -> Int {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
    return text.split(separator: "\n").filter { $0.contains("\"event\": \"speak\"") }.count
}

private func waitFor(
    _ what: String, pollMicroseconds: UInt32 = 200, timeout: Double = 30, _ condition: () throws -> Bool
) throws {
    let deadline = monotonicNanoseconds() + UInt64(timeout * 1e9)
    while monotonicNanoseconds() < deadline {
        if try condition() { return }
        usleep(pollMicroseconds)
    }
    throw Failure("waited \(Int(timeout)) s for \(what)")
}

/// The first change of the display after the `seen`th that came at or after `since`.
private func waitForShown(
    _ brltty: BrlttyFixture, after seen: Int, since: UInt64, what: String = ""
) throws
    -> BrlttyFixture.Shown
{
    var found: BrlttyFixture.Shown?
    let before = brltty.shown.suffix(3).map(\.visual)
    try waitFor("the display to change after \(what) (it showed \(before))", pollMicroseconds: 50) {
        found = brltty.shown.dropFirst(seen).first { $0.receivedNanoseconds >= since }
        return found != nil
    }
    guard let found else { throw Failure("the display's change after \(what) was lost") }
    return found
}
