#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import App
@_spi(StoreWriting) import Chat
import RealParts
import Foundation
import Settings
import Speech
import Synchronization
import Terminal

/// `earshot-bench app [--json] [--messages N] [--keys N] [--speaker-voices]`: the whole client's
/// key-to-sound latency with a channel of a million messages open and a thousand a second
/// arriving, cold start to first speech, peak memory, and how far the announcement queue grows in
/// the flood. With `--speaker-voices`, each of the fifty writers has their voice: every step to
/// the next message loads another voice file.
func runAppBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let messageCount = option("--messages", in: arguments, default: 1_000_000)
    let keyCount = option("--keys", in: arguments, default: 400)
    let speakerVoices = arguments.contains("--speaker-voices")

    let directory = NSTemporaryDirectory() + "earshot-app-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory + "/config/earshot", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let configPath = directory + "/config/earshot/config.toml"
    try "[speech]\nhints = false\nspeaker_voices = \(speakerVoices)\n".write(
        toFile: configPath, atomically: true, encoding: .utf8)

    // A channel of a million messages: #welcome of the local workspace.
    let store = try ChatStore(path: directory + "/earshot.sqlite")
    let workspace = try LocalWorkspace(store: store, nick: "you", lesson: Wording.lesson)
    let channel = workspace.welcome.id
    var inserted = 0
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    while inserted < messageCount {
        let batch = (inserted..<min(messageCount, inserted + 10_000)).map { index in
            NewMessage(
                channelID: channel, msgid: "bench-\(index)", author: "user\(index % 50)",
                text: "Message number \(index) about the release and the build.",
                time: start.addingTimeInterval(Double(index)))
        }
        _ = try store.insert(batch)
        inserted += batch.count
    }

    // The client, with real speech into a probe sink.
    let client = try BenchClient(workspace: workspace, configPath: configPath, nick: workspace.nick)
    defer { client.stop() }
    let (probe, runtime) = (client.probe, client.runtime)

    // 1,000 messages a second arrive in the open channel while keys are pressed.
    let flooding = Atomic<Bool>(true)
    let flood = Thread {
        var index = 0
        while flooding.load(ordering: .relaxed) {
            let message = NewMessage(
                channelID: channel, msgid: "live-\(index)", author: "alice", text: "Live message \(index)", time: Date()
            )
            if let result = try? store.insert([message]) {
                let stored = result.inserted
                runtime.post(.chat(.messages(stored)))
            }
            index += 1
            usleep(1000)
        }
    }
    flood.start()
    usleep(500_000)

    var decoder = KeyDecoder()
    var latencies: [Double] = []
    let right: [UInt8] = [0x1B, 0x5B, 0x43]
    let left: [UInt8] = [0x1B, 0x5B, 0x44]
    for index in 0..<keyCount {
        let bytes = index % 2 == 0 ? left : right
        let mark = probe.mark()
        let begin = SpeechClock.now()
        for key in decoder.feed(bytes) { runtime.post(.key(key)) }
        guard let first = probe.waitForReaderSample(after: mark, timeoutSeconds: 2) else { continue }
        latencies.append(Double(first - begin) / 1e6)
        usleep(20_000)
    }

    // Editing, under the same flood: the message field holds a 400-character draft, and Left
    // and Right move its caret, each said ("e") in the key-echo voice; from the key to the
    // first sample of that echo.
    // End, Left: the field.
    for key in decoder.feed([0x1B, 0x5B, 0x46]) + decoder.feed(left) { runtime.post(.key(key)) }
    let draft = String(repeating: "Editing a long draft of a message. ", count: 12).prefix(400)
    runtime.post(.key(.paste(String(draft))))
    usleep(300_000)
    var editLatencies: [Double] = []
    for index in 0..<keyCount {
        let bytes = index % 2 == 0 ? left : right
        let mark = probe.mark()
        let begin = SpeechClock.now()
        for key in decoder.feed(bytes) { runtime.post(.key(key)) }
        guard let first = probe.waitForSample(after: mark, voice: .keyEcho, timeoutSeconds: 2) else { continue }
        editLatencies.append(Double(first - begin) / 1e6)
        usleep(20_000)
    }
    let draftKept = runtime.core.state.composer.count
    // The core alone on caret moves, then Escape leaves the field for the navigation figures.
    var editing = runtime.core
    let editTimes = arrowKeyTimes(&editing)
    for key in decoder.feed([0x1B]) + decoder.flushPendingEscape() { runtime.post(.key(key)) }
    usleep(100_000)
    flooding.store(false, ordering: .relaxed)
    usleep(50_000)
    let rss = peakRSSMegabytes()
    let maxPending = runtime.core.maxPendingAnnouncements

    // Cold start: a new process, to its first spoken word in the speech log.
    var coldStarts: [Double] = []
    let earshot = siblingExecutable("earshot")
    if earshot == nil {
        fputs(
            "earshot-bench app: no earshot beside this binary, so no cold start figure: run swift build -c release first\n",
            stderr)
    }
    if let earshot {
        for run in 0..<5 {
            let log = directory + "/cold-\(run).jsonl"
            let begin = SpeechClock.now()
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = directory + "/config"
            environment["XDG_DATA_HOME"] = directory + "/cold-data"
            let child = try? ChildProcess(
                earshot, ["--speech", "off", "--speech-log", log], environment: environment)
            var spokeAt: UInt64?
            while SpeechClock.now() - begin < 10_000_000_000 {
                if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("\"event\": \"speak\"") {
                    spokeAt = SpeechClock.now()
                    break
                }
                usleep(500)
            }
            child?.terminate()
            if let spokeAt { coldStarts.append(Double(spokeAt - begin) / 1e6) }
        }
    }

    // The core alone, on a copy of the live one: what a key and a message cost to handle.
    var copy = runtime.core
    let keyTimes = arrowKeyTimes(&copy)
    var messageTimes: [Double] = []
    let stamp = ContinuousClock()
    let sample = ChatMessage(id: 1 << 40, channelID: channel, author: "alice", text: "Live message", time: Date())
    for index in 0..<2_000 {
        var message = sample
        message.id += Int64(index)
        let begin = stamp.now
        _ = copy.handle(.chat(.messages([message])), at: .seconds(1000))
        messageTimes.append(Double((stamp.now - begin).components.attoseconds) / 1e12)
    }

    let keys = Percentiles(latencies)
    let edits = Percentiles(editLatencies)
    report(
        [
            ("messages_in_channel", Double(messageCount)), ("speaker_voices", speakerVoices ? 1 : 0),
            ("keys_measured", Double(latencies.count)),
            ("key_to_sample_p50_ms", keys.median), ("key_to_sample_p99_ms", keys(99)),
            ("edit_draft_chars", Double(draftKept)), ("edit_keys_measured", Double(editLatencies.count)),
            ("edit_key_to_sample_p50_ms", edits.median), ("edit_key_to_sample_p99_ms", edits(99)),
            ("cold_start_to_speech_ms", Percentiles(coldStarts).median),
            ("peak_rss_mb", rss), ("flood_max_pending", Double(maxPending)),
            ("core_key_p50_us", Percentiles(keyTimes).median), ("core_key_p99_us", Percentiles(keyTimes)(99)),
            ("core_edit_key_p50_us", Percentiles(editTimes).median),
            ("core_edit_key_p99_us", Percentiles(editTimes)(99)),
            ("core_message_p50_us", Percentiles(messageTimes).median),
        ], json: json,
        title: "app (\(messageCount) messages, 1000/s arriving\(speakerVoices ? ", a voice per speaker" : ""))")
}

/// What `AppCore.handle` takes, in microseconds, for each of 10,000 Left and Right keys in turn.
private func arrowKeyTimes(_ core: inout AppCore) -> [Double] {
    let clock = ContinuousClock()
    return (0..<10_000).map { index in
        let key: KeyEvent = index % 2 == 0 ? .left : .right
        let begin = clock.now
        _ = core.handle(.key(key), at: .seconds(1000))
        return Double((clock.now - begin).components.attoseconds) / 1e12
    }
}

/// The client as the app and join suites run it: the real core, runtime and libespeak-ng
/// engine, speech into a ``FirstSampleProbe``, plain line output; started, its first screen said.
struct BenchClient {
    let probe = FirstSampleProbe()
    let engine: SpeechEngine
    let runtime: AppRuntime

    init(
        workspace: LocalWorkspace, configPath: String, nick: String, irc: IRCClient? = nil,
        alsoTo extra: SpeechSink? = nil
    ) throws {
        // As the app does before its clients start.
        if irc != nil { IRCClient.workInBackground() }
        let probeSink = probe.sink
        engine = try SpeechEngine(
            configuration: .init(voices: .discover()), sink: extra.map { .combine([probeSink, $0]) } ?? probeSink)
        let settingsStore = SettingsStore(file: SettingsFile(path: configPath))
        _ = settingsStore.loadInitial()
        let output = LineOutput(
            settings: settingsStore.current, columns: 100, environment: .init(isTTY: false, term: "dumb"),
            interactive: false
        ) { _ in }
        let core = AppCore(
            .init(
                settings: settingsStore.current, onboarded: true, terminalRows: 40,
                localNetworkID: workspace.network.id,
                welcomeChannelID: workspace.welcome.id, nick: nick, localTime: .system(), emoji: .installed,
                expectsIRC: irc != nil))
        let runtime = AppRuntime(
            core: core,
            parts: .init(
                speech: engine, output: output, workspace: workspace, settingsStore: settingsStore, irc: irc,
                setVoice: { _ in nil }))
        self.runtime = runtime
        probe.onAnnouncementEnd = { runtime.post(.utterance(.done, .announcer)) }
        let loop = Thread { runtime.run() }
        loop.start()
        runtime.post(.start(problems: []))
        engine.waitUntilIdle()
    }

    func stop() {
        runtime.stop()
        engine.shutdown()
    }
}

/// Notes when each utterance's first sample arrives, and tells announcer utterances' ends.
/// Unchecked, guarded by hand: `firstSamples` and `seen` are touched only with `lock` held;
/// `onAnnouncementEnd` is set once, before the engine it listens to speaks.
final class FirstSampleProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var firstSamples: [(id: UInt64, time: UInt64, voice: VoiceRole)] = []
    private var seen: Set<UInt64> = []
    var onAnnouncementEnd: (@Sendable () -> Void)?

    var sink: SpeechSink {
        SpeechSink(
            event: { [self] event in
                if event.kind != .speak, event.utterance.voice == .announcer { onAnnouncementEnd?() }
            },
            samples: { [self] _, utterance in
                let now = SpeechClock.now()
                lock.withLock {
                    if seen.insert(utterance.id).inserted { firstSamples.append((utterance.id, now, utterance.voice)) }
                }
            })
    }

    func mark() -> Int { lock.withLock { firstSamples.count } }

    /// The first sample of the first reader utterance that began after `mark`.
    func waitForReaderSample(after mark: Int, timeoutSeconds: Double) -> UInt64? {
        waitForSample(after: mark, voice: .reader, timeoutSeconds: timeoutSeconds)
    }

    /// The first sample of the first utterance in `voice` that began after `mark`.
    func waitForSample(after mark: Int, voice: VoiceRole, timeoutSeconds: Double) -> UInt64? {
        let deadline = SpeechClock.now() + UInt64(timeoutSeconds * 1e9)
        while SpeechClock.now() < deadline {
            let found = lock.withLock { firstSamples.dropFirst(mark).first { $0.voice == voice }?.time }
            if let found { return found }
            sched_yield()
        }
        return nil
    }
}

/// An executable built beside this one.
private func siblingExecutable(_ name: String) -> String? {
    guard let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
    let path = (me as NSString).deletingLastPathComponent + "/" + name
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}
