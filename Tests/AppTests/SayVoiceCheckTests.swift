import Foundation
import Speech
import Testing

/// `earshot say` reads and checks only the voice it speaks with: a broken file for another
/// role does not stop it, and the broken one is still an error when it is the one asked for.
@Suite struct SayVoiceCheckTests {
    /// A settings folder whose own `voices/hint` is broken (an unknown keyword on line 3).
    struct BrokenHint {
        let config = NSTemporaryDirectory() + "earshot-say-voices-\(UUID().uuidString)"
        var hint: String { config + "/earshot/voices/hint" }

        init() throws {
            try FileManager.default.createDirectory(
                atPath: config + "/earshot/voices", withIntermediateDirectories: true)
            try "name broken\nlanguage en\nwobble 12\n".write(toFile: hint, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: config) }

        func say(_ arguments: [String]) throws -> InstallTests.Run {
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = config
            environment["EARSHOT_VOICES"] = EndToEndTests.checkout + "/voices"
            return try InstallTests.run(
                try EndToEndTests.earshotPath(), ["say"] + arguments + ["--speech", "text"],
                in: FileManager.default.currentDirectoryPath, environment: environment)
        }
    }

    /// The transcript's records, from `--speech text`.
    func records(_ output: String) throws -> [TranscriptRecord] {
        try output.split(separator: "\n").map { line in
            try JSONDecoder().decode(TranscriptRecord.self, from: Data(line.utf8))
        }
    }

    @Test func aBrokenHintVoiceDoesNotStopTheReader() throws {
        let folder = try BrokenHint()
        defer { folder.remove() }
        let run = try folder.say(["Hello there."])
        #expect(run.status == 0, "\(run)")
        let spoken = try records(run.output)
        #expect(spoken.map(\.event) == [.speak, .done], "\(run)")
        #expect(spoken.first?.voice == .reader)
        #expect(spoken.first?.text == "Hello there.")
    }

    @Test func theBrokenVoiceIsStillAnErrorWhenAskedFor() throws {
        let folder = try BrokenHint()
        defer { folder.remove() }
        let run = try folder.say(["Hello there.", "--voice", "hint"])
        #expect(run.status == 1, "\(run)")
        #expect(run.errors.contains(folder.hint), "\(run.errors)")
        #expect(run.errors.contains("line 3"), "\(run.errors)")
        #expect(run.output.isEmpty, "nothing was spoken: \(run.output)")
    }

    @Test func anUnknownRoleNamesTheKnownOnes() throws {
        let folder = try BrokenHint()
        defer { folder.remove() }
        let run = try folder.say(["Hello there.", "--voice", "narrator"])
        #expect(run.status == 1, "\(run)")
        #expect(run.errors.contains("No voice named “narrator”"), "\(run.errors)")
        #expect(run.errors.contains("reader"), "\(run.errors)")
    }
}
