import RealParts
import Foundation
import TestThreads
import Testing

/// `earshot say` at a real sound server (Debian's PulseAudio with a null sink, its monitor
/// recorded): it is heard, and it reaches the server in one connection with one stream, where
/// libpcaudio would make a probe stream at 44.1 kHz first and libespeak-ng 1.51 one more.
@Suite(.ownThreads) struct SayAudioTests {
    @Test(arguments: [["hello"], ["--voice", "reader", "hello"]])
    func sayIsHeardThroughOneConnectionAndOneStream(_ arguments: [String]) async throws {
        let pulse = try PulseAudioFixture(logsClients: true)
        defer { pulse.tearDown() }
        var environment = ProcessInfo.processInfo.environment.merging(pulse.environment) { $1 }
        environment["XDG_CONFIG_HOME"] = pulse.directory.path + "/config"
        environment["EARSHOT_VOICES"] = EndToEndTests.checkout + "/voices"
        let before = Self.connections(pulse.log)

        let parec = "/usr/bin/parec"
        guard FileManager.default.isExecutableFile(atPath: parec) else {
            throw Failure("parec is not installed; install it with: apt-get install -y pulseaudio-utils")
        }
        let recording = pulse.directory.path + "/heard.raw"
        let recorder = try ChildProcess(
            parec,
            ["--device=\(PulseAudioFixture.monitor)", "--raw", "--format=s16le", "--rate=22050", "--channels=1"],
            environment: environment, output: recording)
        defer { recorder.terminate() }
        #expect(
            try await TmuxSession.waitUntil(timeout: .seconds(30)) { Self.connections(pulse.log) > before },
            "parec did not connect: \(pulse.log.suffix(1000))")

        let logBefore = pulse.log.count
        let run = try InstallTests.run(
            try EndToEndTests.earshotPath(), ["say"] + arguments, in: pulse.directory.path, environment: environment)
        #expect(run.status == 0, "\(run)")
        let heard = try await TmuxSession.waitUntil(timeout: .seconds(30)) { Self.loudSamples(recording) > 0 }
        #expect(heard, "nothing loud reached the null sink's monitor")

        let during = String(pulse.log.dropFirst(logBefore))
        let streams = during.split(separator: "\n").filter { $0.contains("Created input") }
        #expect(Self.connections(during) == 1, "connections to the sound server:\n\(during)")
        #expect(streams.count == 1, "streams:\n\(streams.joined(separator: "\n"))")
        #expect(streams.allSatisfy { $0.contains("\"Earshot speech\"") && $0.contains("22050Hz") })
    }

    /// Clients the server has let in, as its info log says.
    static func connections(_ log: String) -> Int {
        log.split(separator: "\n").filter { $0.contains("Client authenticated") }.count
    }

    /// Samples louder than -30 dBFS in a raw s16le recording.
    static func loudSamples(_ path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        return data.withUnsafeBytes { raw in
            raw.bindMemory(to: Int16.self).filter { abs(Int32($0)) > 1000 }.count
        }
    }
}
