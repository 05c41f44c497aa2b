#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Synchronization

@testable import Speech

/// The checkout's `voices/` folder.
let voicesFolder: String = {
    var path = Substring(#filePath)
    for _ in 0..<3 { path = path[..<(path.lastIndex(of: "/") ?? path.startIndex)] }
    return String(path) + "/voices"
}()

let shippedVoices = VoiceLibrary(folders: [voicesFolder])

/// A test double sink: records every event and sample, per utterance.
final class RecordingSink: Sendable {
    struct State {
        var events: [SpeechEvent] = []
        var samples: [UInt64: [Int16]] = [:]
        var all: [Int16] = []
        var firstSampleAt: [UInt64: UInt64] = [:]
        var bufferCount = 0
    }

    let state = Mutex(State())

    var sink: SpeechSink {
        SpeechSink(
            event: { event in self.state.withLock { $0.events.append(event) } },
            samples: { buffer, utterance in
                self.state.withLock { state in
                    if state.firstSampleAt[utterance.id] == nil {
                        state.firstSampleAt[utterance.id] = SpeechClock.now()
                    }
                    state.samples[utterance.id, default: []].append(contentsOf: buffer)
                    state.all.append(contentsOf: buffer)
                    state.bufferCount += 1
                }
            })
    }

    var events: [SpeechEvent] { state.withLock { $0.events } }
    var all: [Int16] { state.withLock { $0.all } }
    func samples(_ id: UInt64) -> [Int16] { state.withLock { $0.samples[id] ?? [] } }
    var totalSamples: Int { state.withLock { $0.all.count } }
    func kinds(_ id: UInt64) -> [TranscriptRecord.Event] {
        events.filter { $0.utterance.id == id }.map(\.kind)
    }
}

/// Runs `body` with a fresh engine on the shipped voices, and always shuts it down.
///
/// libespeak-ng is one per process and other suites (the app's) hold it across awaits, so the
/// engine is started with ``SpeechEngine/started(configuration:sink:)``: waiting for it
/// suspends instead of blocking a shared thread that the holder needs.
func withEngine<R>(
    _ parameters: SpeechParameters = SpeechParameters(), bufferMilliseconds: Int32 = 5,
    _ body: (SpeechEngine, RecordingSink) async throws -> R
) async throws -> R {
    let recorder = RecordingSink()
    let engine = try await SpeechEngine.started(
        configuration: .init(voices: shippedVoices, parameters: parameters, bufferMilliseconds: bufferMilliseconds),
        sink: recorder.sink)
    defer { engine.shutdown() }
    return try await body(engine, recorder)
}

/// Root-mean-square amplitude.
func rms(_ samples: [Int16]) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot()
}

/// Runs a command, returns its exit status; stdout/stderr go to /dev/null.
func run(_ arguments: [String]) -> Int32 {
    var pid = pid_t()
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ) == 0 else { return -1 }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (status >> 8) & 0xFF
}

/// Whether `espeak-ng` (the command) is installed; the message says how to install it.
let espeakCommandMissing = "espeak-ng (the command) is not installed: apt-get install -y espeak-ng"

/// Whether two utterances of the same text sound alike: libespeak-ng carries a little state
/// from one utterance to the next (noise, phase, an aborted utterance), so repeats differ by a
/// few percent at most; a different rate or voice differs by far more.
func similar(_ a: [Int16], _ b: [Int16]) -> Bool {
    guard !a.isEmpty, !b.isEmpty else { return false }
    let lengthRatio = Double(a.count) / Double(b.count)
    let loudnessRatio = rms(a) / rms(b)
    let alike = abs(lengthRatio - 1) < 0.05 && abs(loudnessRatio - 1) < 0.1
    if !alike { print("not alike: \(a.count) vs \(b.count) samples, RMS \(rms(a)) vs \(rms(b))") }
    return alike
}

/// The directory holding the test bundle, where `swift test` also builds `earshot`.
let buildProducts: String = {
    let executable = VoiceLibrary.executablePath() ?? ""
    var path = Substring(executable)
    while let slash = path.lastIndex(of: "/") {
        path = path[..<slash]
        if !path.hasSuffix(".xctest") { break }
    }
    return String(path)
}()
