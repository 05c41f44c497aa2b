// earshot-bench: the project's benchmarks. Run in release mode:
//
//     swift run -c release earshot-bench speech --json
//
// Each suite lives in its own file as `run<Suite>Bench(arguments:)` and prints a table, or one
// JSON object with `--json`.
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

let suites = [
    "speech", "accessibility", "typography", "chat", "app", "soak", "hostile", "audio", "braille", "peers", "voices",
]
let arguments = Array(CommandLine.arguments.dropFirst())
guard let suite = arguments.first, suites.contains(suite) else {
    print("usage: earshot-bench \(suites.joined(separator: "|")) [--json]")
    exit(2)
}
let rest = Array(arguments.dropFirst())
do {
    switch suite {
    case "speech": try await runSpeechBench(arguments: rest)
    case "accessibility": try await runAccessibilityBench(arguments: rest)
    case "typography": try await runTypographyBench(arguments: rest)
    case "chat": try await runChatBench(arguments: rest)
    case "soak": try await runSoakBench(arguments: rest)
    case "hostile": try await runHostileBench(arguments: rest)
    case "audio": try await runAudioBench(arguments: rest)
    case "braille": try await runBrailleBench(arguments: rest)
    case "peers": try await runPeersBench(arguments: rest)
    case "voices": try await runVoicesBench(arguments: rest)
    default: try await runAppBench(arguments: rest)
    }
} catch {
    fputs("earshot-bench \(suite): \(error)\n", stderr)
    exit(1)
}
