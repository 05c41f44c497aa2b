import RealParts
import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `earshot-bench audio [--json] [--keys N] [--runs N] [--verbose]`: speech latency measured where it is
/// heard, at a real sound server, side by side with the usual ways of speaking on Linux.
///
/// It starts its own PulseAudio (private runtime folder, one null sink at 48 kHz), holds the sink
/// at 5 ms of latency with a silent stream, and records the sink's monitor (``MonitorRecorder``).
/// First it checks the method: a click written to `pacat` asking for 20, 50 and 100 ms of latency
/// must be heard as long after it was written as PulseAudio says that stream's latency is
/// (`pacat -v`), give or take one constant offset (the null sink renders ahead of its clock),
/// which is added to every figure; `method_error_ms` is how far any click strays from it. Then, in one run and interleaved round by
/// round, it times to the first loud sample (−30 dBFS):
/// - a key written to the running client's pseudo-terminal (Right and Left in turn on the
///   #welcome channel, then Ctrl-X and silence before the next);
/// - the same in a second client speaking through that speech-dispatcher (`--engine
///   speech-dispatcher`): `speechd_key_to_audible_*`;
/// - `spd-say hello`, with its own speech-dispatcher (espeak-ng module) already running;
/// - a spawned `espeak-ng hello`;
/// - a spawned `earshot say hello` (cold start).
///
/// Everything it starts is stopped at the end, and on any error.
func runAudioBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let keyCount = max(1, option("--keys", in: arguments, default: 200))
    let runs = max(1, option("--runs", in: arguments, default: 40))
    let bench = try AudioBench(verbose: arguments.contains("--verbose"))
    defer { bench.tearDown() }
    try bench.run(keyCount: keyCount, runs: runs, json: json)
}

/// The audio suite's servers, programs and trials.
private final class AudioBench {

    static let tools: [(path: String, package: String)] = [
        ("/usr/bin/parec", "pulseaudio-utils"), ("/usr/bin/pacat", "pulseaudio-utils"),
        ("/usr/bin/espeak-ng", "espeak-ng"), ("/usr/bin/spd-say", "speech-dispatcher"),
        ("/usr/bin/speech-dispatcher", "speech-dispatcher"),
        ("/usr/lib/speech-dispatcher-modules/sd_espeak-ng", "speech-dispatcher-espeak-ng"),
    ]

    let folder: String
    let earshot: String
    /// Each trial on stderr: what was timed, how long, and (for keys) what the client said.
    let verbose: Bool
    let pulse: PulseAudioFixture
    private var recorder: MonitorRecorder?
    private var speechDispatcher: ChildProcess?
    private var client: TerminalClient?
    private var speechdClient: TerminalClient?
    private var environment: [String: String]

    init(verbose: Bool) throws {
        self.verbose = verbose
        let missing = Self.tools.filter { !FileManager.default.isExecutableFile(atPath: $0.path) }
        guard missing.isEmpty else {
            let packages = Set(missing.map(\.package)).sorted().joined(separator: " ")
            throw Failure(
                "missing \(missing.map(\.path).joined(separator: ", ")). Install it with: apt-get install -y \(packages)"
            )
        }
        earshot = try ClientUnderTest.earshotBinary()
        folder = NSTemporaryDirectory() + "earshot-audio-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder + "/home", withIntermediateDirectories: true)
        pulse = try PulseAudioFixture()
        var environment = ProcessInfo.processInfo.environment.merging(pulse.environment) { $1 }
        environment["HOME"] = folder + "/home"
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        environment["XDG_DATA_HOME"] = folder + "/data"
        environment["SPEECHD_ADDRESS"] = "unix_socket:" + folder + "/speechd.sock"
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "EARSHOT_VOICES", "COLUMNS", "LINES", "NO_COLOR", "TMUX"] {
            environment.removeValue(forKey: name)
        }
        self.environment = environment
    }

    /// Stops everything this suite started, in reverse order, and removes its folder.
    func tearDown() {
        client?.stop()
        client = nil
        speechdClient?.stop()
        speechdClient = nil
        speechDispatcher?.stop()
        speechDispatcher = nil
        recorder?.stop()
        recorder = nil
        pulse.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func run(keyCount: Int, runs: Int, json: Bool) throws {
        try pulse.holdLatency(milliseconds: 5)
        let recorder = try MonitorRecorder(source: PulseAudioFixture.monitor, environment: environment)
        self.recorder = recorder
        try recorder.waitUntilRecording()
        let sinkLatency = pulse.sinkLatencyMicroseconds().map { Double($0) / 1000 } ?? .nan

        // 1. The method, checked with clicks of known latency: PulseAudio's own figure for the
        // click stream (what `pacat -v` reports, buffer plus sink) against when the click was
        // heard. The monitor sees a sample when the null sink renders it, a constant time
        // before the sink's clock plays it; that offset is measured here and added to every
        // figure below, so they are times to the sound's playout.
        var clicks: [(requested: Int, reported: Double, heard: Percentiles)] = []
        for requested in [20, 50, 100] {
            let (heard, reported) = try clickLatencies(requested: requested, count: 20, recorder: recorder)
            clicks.append((requested, reported, Percentiles(heard)))
        }
        let offsets = clicks.map { $0.reported - $0.heard.median }
        let offset = Percentiles(offsets).median
        let methodError = offsets.map { abs($0 - offset) }.max() ?? .nan
        let clickSpread = clicks.map { $0.heard(99) - $0.heard(1) }.max() ?? .nan

        // 2. The peers and the client, all running before timing starts.
        try startSpeechDispatcher(recorder: recorder)
        let client = try startClient(recorder: recorder)
        let speechdClient = try startClient(recorder: recorder, engine: "speech-dispatcher")

        // 3. Interleaved rounds.
        var keys: [Double] = []
        var speechdKeys: [Double] = []
        var spdSay: [Double] = []
        var espeak: [Double] = []
        var say: [Double] = []
        var missed = 0
        let keysPerRound = max(1, keyCount / runs)
        var keyIndex = 0
        for _ in 0..<runs {
            for _ in 0..<keysPerRound where keyIndex < keyCount {
                if let latency = try keyLatency(client: client, right: keyIndex % 2 == 0, recorder: recorder) {
                    keys.append(latency)
                } else {
                    missed += 1
                }
                if let latency = try keyLatency(client: speechdClient, right: keyIndex % 2 == 0, recorder: recorder) {
                    speechdKeys.append(latency)
                } else {
                    missed += 1
                }
                keyIndex += 1
            }
            if let latency = try spawnLatency(["/usr/bin/spd-say", "hello"], recorder: recorder) {
                spdSay.append(latency)
            }
            if let latency = try spawnLatency(["/usr/bin/espeak-ng", "hello"], recorder: recorder) {
                espeak.append(latency)
            }
            if let latency = try spawnLatency([earshot, "say", "hello"], recorder: recorder) { say.append(latency) }
        }

        let key = Percentiles(keys.map { $0 + offset })
        let spd = Percentiles(spdSay.map { $0 + offset })
        let speechd = Percentiles(speechdKeys.map { $0 + offset })
        let spawned = Percentiles(espeak.map { $0 + offset })
        let cold = Percentiles(say.map { $0 + offset })
        var figures: [(String, Double)] = [("sink_latency_ms", sinkLatency)]
        for click in clicks {
            figures.append(("click_\(click.requested)ms_pulse_latency_ms", click.reported))
            figures.append(("click_\(click.requested)ms_heard_p50_ms", click.heard.median + offset))
        }
        figures += [
            ("method_offset_ms", offset), ("method_error_ms", methodError), ("click_spread_ms", clickSpread),
            ("keys_measured", Double(keys.count)), ("keys_missed", Double(missed)),
            ("key_to_audible_p50_ms", key.median), ("key_to_audible_p99_ms", key(99)),
            ("speechd_keys_measured", Double(speechdKeys.count)),
            ("speechd_key_to_audible_p50_ms", speechd.median), ("speechd_key_to_audible_p99_ms", speechd(99)),
            ("spd_say_to_audible_p50_ms", spd.median), ("spd_say_to_audible_p99_ms", spd(99)),
            ("speechd_key_vs_spd_say_p50", speechd.median / spd.median),
            ("espeak_ng_to_audible_p50_ms", spawned.median), ("espeak_ng_to_audible_p99_ms", spawned(99)),
            ("say_cold_to_audible_p50_ms", cold.median), ("say_cold_to_audible_p99_ms", cold(99)),
            ("speedup_vs_spd_say_p50", spd.median / key.median),
            ("speedup_vs_espeak_ng_p50", spawned.median / key.median),
            ("say_cold_vs_espeak_ng_p50", cold.median / spawned.median),
            ("runs", Double(runs)),
        ]
        report(figures, json: json, title: "audio (PulseAudio null sink held at 5 ms, monitor recorded)")
    }

    // MARK: The method

    /// Plays a 1 ms click every 250 ms through `pacat -v` asking for `requested` ms of latency,
    /// fed in real time (1 ms of silence every millisecond between clicks). Returns how long
    /// after each click's write it was heard, and the stream's latency as PulseAudio reported
    /// it meanwhile (the median of `pacat -v`'s figures after the first third).
    private func clickLatencies(
        requested: Int, count: Int, recorder: MonitorRecorder
    ) throws -> (heard: [Double], reported: Double) {
        let before = pulse.playbackStreams()
        let log = folder + "/click-\(requested).err"
        let player = try ChildProcess(
            PulseAudioFixture.pacat,
            [
                "-v", "--playback", "--device=\(PulseAudioFixture.sink)", "--raw", "--format=s16le", "--rate=48000",
                "--channels=1", "--latency-msec=\(requested)", "--client-name=earshot-bench-click",
            ],
            environment: environment, stdin: .pipe, stderr: .file(log))
        defer { player.stop() }
        // Write nothing until the stream exists, so no backlog waits in the pipe.
        let deadline = Date() + 30
        while pulse.playbackStreams() <= before {
            guard Date() < deadline, player.isRunning else { throw Failure("pacat did not open a stream") }
            usleep(5_000)
        }
        let silence = [Int16](repeating: 0, count: 48)
        let click = [Int16](repeating: 16_000, count: 48)
        var writes: [UInt64] = []
        var next = monotonicNanoseconds()
        let warmUp = 500
        let spacing = 250
        for millisecond in 0..<(warmUp + count * spacing + 300) {
            next += 1_000_000
            sleep(until: next)
            let isClick = millisecond >= warmUp && (millisecond - warmUp) % spacing == 0 && writes.count < count
            let chunk = isClick ? click : silence
            if isClick { writes.append(monotonicNanoseconds()) }
            let written = chunk.withUnsafeBytes { player.write($0) }
            guard written else { throw Failure("pacat stopped taking samples") }
        }
        let heard = writes.compactMap { written in
            recorder.firstLoud(after: written, timeoutSeconds: 5).map { Double(Int64($0) - Int64(written)) / 1e6 }
        }
        player.stop()
        // "Time: 2.461 sec; Latency: 27911 usec." lines, separated by carriage returns.
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let reports = text.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).compactMap { line -> Double? in
            guard let range = line.range(of: "Latency: ") else { return nil }
            return Double(line[range.upperBound...].prefix { $0.isNumber }).map { $0 / 1000 }
        }
        guard !reports.isEmpty else { throw Failure("pacat -v reported no latency:\n\(text.suffix(500))") }
        return (heard, Percentiles(Array(reports.dropFirst(reports.count / 3))).median)
    }

    private func sleep(until nanoseconds: UInt64) {
        var time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }

    // MARK: Peers

    /// Starts speech-dispatcher on this suite's socket and waits until `spd-say -w` is heard.
    private func startSpeechDispatcher(recorder: MonitorRecorder) throws {
        let socket = folder + "/speechd.sock"
        speechDispatcher = try ChildProcess(
            "/usr/bin/speech-dispatcher",
            [
                "--run-single", "--timeout", "0", "--communication-method", "unix_socket", "--socket-path", socket,
                "--log-dir", folder, "--pid-file", folder + "/speechd.pid",
            ],
            environment: environment, stderr: .file(folder + "/speechd.err"))
        let deadline = Date() + 60
        while access(socket, F_OK) != 0 {
            guard Date() < deadline, speechDispatcher?.isRunning == true else {
                let log = (try? String(contentsOfFile: folder + "/speechd.err", encoding: .utf8)) ?? ""
                throw Failure("speech-dispatcher did not open \(socket):\n\(log.suffix(1500))")
            }
            usleep(10_000)
        }
        // Warm up: the espeak-ng module starts and opens its audio on first use.
        for _ in 0..<3 {
            let warm = try ChildProcess("/usr/bin/spd-say", ["-w", "ready"], environment: environment)
            defer { warm.stop() }
            guard warm.wait(seconds: 60) else { throw Failure("spd-say -w did not finish in 60 s") }
        }
        guard recorder.waitForQuiet(milliseconds: 200, timeoutSeconds: 30) else { throw Failure("never quiet") }
    }

    /// Starts the client on the local workspace (onboarded, hints off) in a pseudo-terminal
    /// and waits until it has spoken #welcome's heading and gone quiet.
    private func startClient(recorder: MonitorRecorder, engine: String = "espeak-ng") throws -> TerminalClient {
        try FileManager.default.createDirectory(atPath: folder + "/config/earshot", withIntermediateDirectories: true)
        try "[text]\nsize = \"large\"\n[speech]\nhints = false\n".write(
            toFile: folder + "/config/earshot/config.toml", atomically: true, encoding: .utf8)
        let log = folder + "/client-speech-\(engine).jsonl"
        var environment = self.environment
        environment["TERM"] = "xterm-256color"
        let client = try TerminalClient(
            earshot: earshot, arguments: ["--speech", "audio", "--speech-log", log, "--engine", engine],
            environment: environment)
        if engine == "espeak-ng" { self.client = client } else { self.speechdClient = client }
        let deadline = Date() + 60
        while !(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("\"text\": \"hash welcome")) {
            guard Date() < deadline, client.isRunning else { throw Failure("the client did not open #welcome in 60 s") }
            usleep(20_000)
        }
        _ = client.type([0x18])
        guard recorder.waitForQuiet(milliseconds: 300, timeoutSeconds: 60) else {
            throw Failure("the client never went quiet")
        }
        // Home: the first element, so Right and Left always move.
        _ = client.type([0x1B, 0x5B, 0x48])
        _ = recorder.firstLoud(after: monotonicNanoseconds(), timeoutSeconds: 5)
        _ = client.type([0x18])
        guard recorder.waitForQuiet(milliseconds: 300, timeoutSeconds: 60) else {
            throw Failure("the client never went quiet")
        }
        return client
    }

    // MARK: Trials

    /// One line on stderr.
    private func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// One key in the running client: Right or Left, to its first loud sample; then Ctrl-X.
    private func keyLatency(client: TerminalClient, right: Bool, recorder: MonitorRecorder) throws -> Double? {
        guard recorder.waitForQuiet(milliseconds: 150, timeoutSeconds: 30) else {
            throw Failure("never quiet before a key")
        }
        guard client.isRunning else { throw Failure("the client has exited") }
        let begin = client.type(right ? [0x1B, 0x5B, 0x43] : [0x1B, 0x5B, 0x44])
        let heard = recorder.firstLoud(after: begin, timeoutSeconds: 5)
        _ = client.type([0x18])
        let latency = heard.map { Double(Int64($0) - Int64(begin)) / 1e6 }
        if verbose {
            let log = (try? String(contentsOfFile: folder + "/client-speech-espeak-ng.jsonl", encoding: .utf8)) ?? ""
            let said = log.split(separator: "\n").last { $0.contains("\"event\": \"speak\"") } ?? ""
            note("key \(right ? "Right" : "Left"): \(latency.map(format3) ?? "missed") ms (raw) \(said.suffix(120))")
        }
        return latency
    }

    /// A new process (`arguments`), from its spawn to its first loud sample; waits for it to
    /// end and for silence.
    private func spawnLatency(_ arguments: [String], recorder: MonitorRecorder) throws -> Double? {
        guard recorder.waitForQuiet(milliseconds: 150, timeoutSeconds: 30) else {
            throw Failure("never quiet before a spawn")
        }
        let begin = monotonicNanoseconds()
        let process = try ChildProcess(arguments[0], Array(arguments.dropFirst()), environment: environment)
        defer { process.stop() }
        let heard = recorder.firstLoud(after: begin, timeoutSeconds: 10)
        _ = process.wait(seconds: 30)
        let latency = heard.map { Double(Int64($0) - Int64(begin)) / 1e6 }
        if verbose { note("\(arguments.joined(separator: " ")): \(latency.map(format3) ?? "missed") ms (raw)") }
        return latency
    }
}
