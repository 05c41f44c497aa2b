import RealParts
import Foundation
import Synchronization
import TestThreads
import Testing
import Typography

@testable import Settings

/// Collects what the watcher delivers, as facts (the phrase book words them, in App): a size
/// changed ("size accessibilityLarge"), an error found ("error config.toml 4:8 speech.rate kept").
final class Transcript: Sendable {
    private let lines = Mutex<[String]>([])
    private let updates = Mutex<[SettingsUpdate]>([])

    func record(_ update: SettingsUpdate) {
        updates.withLock { $0.append(update) }
        var facts: [String] = []
        if update.old.text.size != update.new.text.size { facts.append("size \(update.new.text.size.rawValue)") }
        for problem in update.problems where problem.severity == .error {
            let file = problem.file.split(separator: "/").last.map(String.init) ?? problem.file
            facts.append(
                "error \(file) \(problem.line):\(problem.column) \(problem.key ?? "") \(update.applied ? "applied" : "kept")"
            )
        }
        lines.withLock { $0 += facts }
    }

    var all: [String] { lines.withLock { $0 } }
    var count: Int { updates.withLock { $0.count } }

    /// Waits until `condition` holds, up to `seconds`.
    func wait(seconds: Double, until condition: ([String]) -> Bool) async -> Bool {
        await waitUntil(timeout: .seconds(seconds), every: .milliseconds(5)) { condition(all) }
    }
}

/// Runs `/bin/sh -c script` as another process and waits for it.
func runShell(_ script: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

@Suite(.serialized, .ownThreads) struct SettingsWatcherTests {
    @Test func anotherProcessesEditIsAnnounced() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = SettingsFile(path: dir.path + "/config.toml")
        try "# hand made\n[text]\nsize = \"large\"\n".write(toFile: file.path, atomically: false, encoding: .utf8)
        let store = SettingsStore(file: file)
        store.loadInitial()
        let transcript = Transcript()
        let watcher = try SettingsWatcher(store: store) { transcript.record($0) }
        defer { watcher.stop() }

        // An editor-style atomic replace: write a temporary file, rename it over the original.
        // How fast is the benchmark's business (reload_announce_p99_ms), not this test's.
        #expect(
            try runShell(
                """
                printf '# hand made\\n[text]\\nsize = "accessibilityLarge"\\n' > '\(dir.path)/.tmp' && mv '\(dir.path)/.tmp' '\(file.path)'
                """) == 0)
        let heard = await transcript.wait(seconds: 5) {
            $0.contains("size accessibilityLarge")
        }
        #expect(heard, "\(transcript.all)")
        #expect(store.current.text.size == .accessibilityLarge)

        // A write in place by another process, with an error: last good settings stay.
        #expect(
            try runShell("printf '[text]\\nsize = \"small\"\\n[speech]\\nrate = \"fast\"\\n' > '\(file.path)'") == 0)
        let error = await transcript.wait(seconds: 5) {
            $0.contains { $0.hasPrefix("error config.toml 4:8 speech.rate") }
        }
        #expect(error, "\(transcript.all)")
        #expect(transcript.all.last?.hasSuffix("kept") == true)
        #expect(store.current.text.size == .accessibilityLarge)
    }

    @Test func twoStoresStayInStepThroughTheFile() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = SettingsFile(path: dir.path + "/config.toml")
        let mine = SettingsStore(file: file)
        let theirs = SettingsStore(file: file)
        mine.loadInitial()
        theirs.loadInitial()
        let transcript = Transcript()
        let watcher = try SettingsWatcher(store: theirs) { transcript.record($0) }
        defer { watcher.stop() }
        try mine.setTextSize(.accessibilityExtraLarge)
        let heard = await transcript.wait(seconds: 5) {
            $0.contains("size accessibilityExtraLarge")
        }
        #expect(heard, "\(transcript.all)")
        #expect(theirs.current.text.size == .accessibilityExtraLarge)
        #expect(mine.current.text.size == .accessibilityExtraLarge)
    }
}
