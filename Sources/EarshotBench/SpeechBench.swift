#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import RealParts
import Foundation
import Speech
import Synchronization

/// `earshot-bench speech [--json] [--count N]`: first-sample latency, cancel latency and
/// synthesis speed of the in-process engine, with `espeak-ng --stdout` as the peer.
func runSpeechBench(arguments: [String]) async throws {
    let json = arguments.contains("--json")
    let count = arguments.firstIndex(of: "--count").flatMap { Int(arguments[$0 + 1]) } ?? 300
    let phrases = [
        "Volume, 50%, adjustable.", "Send, button.", "Message #general, text field.",
        "Alice, 10:42, the build is green again.", "Mark unread, button.", "Reply in thread, button.",
        "Channels, a few shown.", "Text size: Accessibility Large, 194 percent.",
    ]

    // Our engine: a sink that notes the time of each utterance's first sample.
    let probe = LatencyProbe()
    let engine = try SpeechEngine(configuration: .init(voices: .discover()), sink: probe.sink)
    defer { engine.shutdown() }
    for phrase in phrases { engine.speak(phrase) }  // warm the voice and dictionaries
    engine.waitUntilIdle()

    var firstSample: [Double] = []
    for index in 0..<count {
        let start = monotonicNanoseconds()
        let utterance = engine.speak(phrases[index % phrases.count])
        let first = probe.waitForFirstSample(of: utterance.id)
        firstSample.append(Double(first - start) / 1e6)
        engine.waitUntilIdle()
    }

    // Cancel: stop() during a long utterance; the sink must be quiet when stop returns.
    let long = String(repeating: "This sentence keeps the engine busy for a good while. ", count: 20)
    var cancel: [Double] = []
    var samplesAfterStop = 0
    for _ in 0..<max(200, count / 2) {
        let utterance = engine.speak(long)
        _ = probe.waitForFirstSample(of: utterance.id)
        let start = monotonicNanoseconds()
        engine.stop()
        let end = monotonicNanoseconds()
        cancel.append(Double(end - start) / 1e6)
        let atStop = probe.samples(of: utterance.id)
        engine.waitUntilIdle()
        usleep(1000)
        samplesAfterStop += probe.samples(of: utterance.id) - atStop
    }

    // Throughput: the engine (queue, lock, sink) against libespeak-ng called directly, alternated.
    let paragraph = String(
        repeating: "Alice wrote that the release is ready, and Bob replied with a thumbs up. ", count: 8)
    var ours: [Double] = []
    var direct: [Double] = []
    let rate = Double(engine.sampleRate)
    for _ in 0..<7 {
        probe.reset()
        let start = monotonicNanoseconds()
        let utterance = engine.speak(paragraph)
        engine.waitUntilIdle()
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        ours.append(Double(probe.samples(of: utterance.id)) / rate / seconds)
        let baseline = engine.measureDirectSynthesis(paragraph)
        direct.append(Double(baseline.samples) / rate / baseline.seconds)
    }

    // The peer: a process per utterance, as readers that shell out to espeak-ng do.
    var peer: [Double] = []
    for index in 0..<count {
        let start = monotonicNanoseconds()
        guard let firstByte = spawnAndReadFirstByte(["espeak-ng", "--stdout", phrases[index % phrases.count]]) else {
            throw Failure("could not run espeak-ng: apt-get install -y espeak-ng")
        }
        peer.append(Double(firstByte - start) / 1e6)
    }

    let first = Percentiles(firstSample)
    let peerP = Percentiles(peer)
    let cancelP = Percentiles(cancel)
    let oursSpeed = Percentiles(ours).median
    let directSpeed = Percentiles(direct).median
    report(
        [
            ("utterances", Double(count)),
            ("first_sample_p50_ms", first.median), ("first_sample_p99_ms", first(99)),
            ("peer_first_byte_p50_ms", peerP.median), ("peer_first_byte_p99_ms", peerP(99)),
            ("speedup_p50", peerP.median / first.median),
            ("cancel_p50_ms", cancelP.median), ("cancel_p99_ms", cancelP(99)),
            ("samples_after_stop", Double(samplesAfterStop)),
            ("engine_x_realtime", oursSpeed), ("direct_x_realtime", directSpeed),
            ("throughput_ratio", oursSpeed / directSpeed),
        ], json: json, title: "speech (ms unless named; \(count) utterances)")
}

/// Records, per utterance, when its first sample arrived and how many arrived.
private final class LatencyProbe: Sendable {
    struct State {
        var first: [UInt64: UInt64] = [:]
        var counts: [UInt64: Int] = [:]
    }
    let state = Mutex(State())

    var sink: SpeechSink {
        SpeechSink(samples: { buffer, utterance in
            let now = monotonicNanoseconds()
            self.state.withLock { state in
                if state.first[utterance.id] == nil { state.first[utterance.id] = now }
                state.counts[utterance.id, default: 0] += buffer.count
            }
        })
    }

    func waitForFirstSample(of id: UInt64) -> UInt64 {
        while true {
            if let time = state.withLock({ $0.first[id] }) { return time }
            sched_yield()
        }
    }

    func samples(of id: UInt64) -> Int { state.withLock { $0.counts[id] ?? 0 } }
    func reset() { state.withLock { $0 = State() } }
}

/// Runs `arguments` (the first found on PATH) with stdout on a pipe; returns the time its
/// first byte arrived.
private func spawnAndReadFirstByte(_ arguments: [String]) -> UInt64? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { "\($0)/\(arguments[0])" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let path,
        let child = try? ChildProcess(
            path, Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, stdout: .pipe)
    else { return nil }
    var byte: UInt8 = 0
    let got = read(child.output, &byte, 1)
    let time = monotonicNanoseconds()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while read(child.output, &buffer, buffer.count) > 0 {}
    child.closePipes()
    _ = child.wait()
    return got == 1 ? time : nil
}
