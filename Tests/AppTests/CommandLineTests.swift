import Foundation
import Speech
import TestThreads
import Testing

/// The `earshot` command line tells the truth: `--config` wherever it stands, runtime failures
/// as one line and status 1, usage mistakes as status 64.
@Suite(.ownThreads) struct CommandLineTests {
    /// Runs the built `earshot` with `arguments`; returns its status and what it printed.
    func earshot(_ arguments: [String], environment extra: [String: String] = [:]) throws -> InstallTests.Run {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "earshot-cli-empty-\(UUID().uuidString)"
        environment["EARSHOT_VOICES"] = EndToEndTests.checkout + "/voices"
        environment.merge(extra) { $1 }
        return try InstallTests.run(
            try EndToEndTests.earshotPath(), arguments, in: FileManager.default.currentDirectoryPath,
            environment: environment)
    }

    @Test(arguments: [["config", "--config"], ["--config"]])
    func configReadsTheFileGivenBeforeOrAfterTheSubcommand(_ prefix: [String]) throws {
        let file = NSTemporaryDirectory() + "earshot-cli-\(UUID().uuidString).toml"
        try "[text]\nsize = \"accessibilityLarge\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let arguments = prefix == ["--config"] ? ["--config", file, "config"] : prefix + [file]
        let run = try earshot(arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.output.hasPrefix("# \(file)"), "\(run.output)")
        #expect(run.output.contains("\"accessibilityLarge\""))
    }

    @Test func soundsListsThePacksFoundAndTheCuesEachHas() throws {
        let data = NSTemporaryDirectory() + "earshot-cli-data-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        try FileManager.default.createDirectory(
            atPath: data + "/earshot/sounds/soft", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: data + "/earshot/sounds/soft/mention.wav", contents: Data()))
        let run = try earshot(["sounds"], environment: ["XDG_DATA_HOME": data, "XDG_DATA_DIRS": data + "/none"])
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("soft\t\(data)/earshot/sounds/soft"), "\(run.output)")
        #expect(run.output.contains("  has: mention.wav"), "\(run.output)")
        #expect(run.output.contains("built-in tone for: message-elsewhere.wav, message.wav, sent.wav"))
    }

    @Test func configWithErrorsExitsOne() throws {
        let file = NSTemporaryDirectory() + "earshot-cli-\(UUID().uuidString).toml"
        try "[text]\nsize = inf\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try earshot(["config", "--config", file])
        #expect(run.status == 1)
        #expect(run.output.contains("\(file):2:8: text.size"), "\(run.output)")
    }

    @Test func aRuntimeFailureIsOneLineAndStatusOne() throws {
        let run = try earshot(["say", "hello", "--voice", "/nonexistent/voice", "--speech", "off"])
        #expect(run.status == 1)
        #expect(run.errors.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(run.errors)")
        #expect(run.errors.contains("/nonexistent/voice"))
        #expect(!run.errors.contains("Usage:"))
    }

    /// The texts `earshot say --speech text` spoke, from its JSON transcript.
    func spokenTexts(_ output: String) throws -> [String] {
        try output.split(separator: "\n").compactMap { line in
            let record = try JSONDecoder().decode(TranscriptRecord.self, from: Data(line.utf8))
            return record.event == .speak ? record.text : nil
        }
    }

    @Test(arguments: [
        ("👩🏽‍💻", "woman technologist, medium skin tone"),
        ("🦩", "flamingo"),
        ("🫠", "melting face"),
        ("𝐛𝐨𝐥𝐝", "bold"),
        ("hi k\u{200B}im", "hi kim"),
    ])
    func sayReadsEmojiStyledLettersAndHiddenCharactersAsWords(_ text: String, _ expected: String) throws {
        try requireUnicodeData()
        let run = try earshot(["say", text, "--speech", "text"])
        #expect(run.status == 0, "\(run)")
        #expect(try spokenTexts(run.output) == [expected], "\(run.output)")
        #expect(run.errors.isEmpty, "\(run.errors)")
    }

    @Test func sayWithoutTheEmojiDataSaysOnceWhatToInstallAndStillSpeaks() throws {
        let run = try earshot(
            ["say", "👍 🦩", "--speech", "text"], environment: ["EARSHOT_UNICODE_DIR": "/nonexistent-unicode-data"])
        #expect(run.status == 0, "\(run)")
        #expect(try spokenTexts(run.output) == ["thumbs up 🦩"], "\(run.output)")
        #expect(run.errors.contains("unicode-data"), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
    }

    @Test func aUsageMistakeKeepsStatus64() throws {
        let run = try earshot(["--no-such-option"])
        #expect(run.status == 64)
        #expect(run.errors.contains("Usage:"))
    }
}
