import Foundation
import TestThreads
import Testing

@testable import Speech

/// Sound packs (`sounds.pack`): WAV files named by cue, read at the engine's rate, played through
/// the real engine to a WAV file in place of the built-in tones; what cannot be read is named.
@Suite(.serialized, .ownThreads) struct SoundPackTests {
    /// A RIFF/WAVE file of 16-bit PCM.
    static func wav(_ frames: [[Int16]], rate: Int) -> [UInt8] {
        let channels = frames.first?.count ?? 1
        var data: [UInt8] = []
        for frame in frames {
            for sample in frame { data += [UInt8(truncatingIfNeeded: sample), UInt8(truncatingIfNeeded: sample >> 8)] }
        }
        func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func u16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let format = u16(1) + u16(channels) + u32(rate) + u32(rate * channels * 2) + u16(channels * 2) + u16(16)
        return Array("RIFF".utf8) + u32(4 + 24 + 8 + data.count) + Array("WAVE".utf8) + Array("fmt ".utf8) + u32(16)
            + format + Array("data".utf8) + u32(data.count) + data
    }

    static func pack(in root: String) throws -> String {
        let folder = root + "/soft"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Stereo at 44.1 kHz, left and right apart: read as their mean, at the engine's rate.
        let frames = (0..<4410).map { index -> [Int16] in
            let value = Int16(8000 * sin(2 * Double.pi * 440 * Double(index) / 44100))
            return [value, value / 2]
        }
        FileManager.default.createFile(atPath: folder + "/mention.wav", contents: Data(wav(frames, rate: 44100)))
        #expect(FileManager.default.createFile(atPath: folder + "/error.wav", contents: Data("not a wav".utf8)))
        return folder
    }

    @Test func aPackIsReadAtTheEnginesRateAndWhatCannotBeReadIsNamed() throws {
        let root = NSTemporaryDirectory() + "earshot-pack-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try Self.pack(in: root)
        let pack = try #require(SoundPack.load("soft", from: [root + "/missing", root], sampleRate: 22050))
        #expect(pack.unreadable == ["error.wav"])
        let mention = try #require(pack.sounds[.mention])
        #expect(abs(mention.count - 2205) <= 1, "0.1 s at 22,050 Hz: \(mention.count)")
        #expect(abs(Double(mention.max() ?? 0) - 6000) < 300, "the mean of the two channels")
        #expect(pack.sounds[.error] == nil && pack.sounds[.sent] == nil, "the rest keep their tones")
        #expect(SoundPack.load("loud", from: [root], sampleRate: 22050) == nil)
        #expect(SoundPack.load("../soft", from: [root + "/x"], sampleRate: 22050) == nil, "a name, not a path")
        #expect(SoundPack.available(in: [root]).map(\.name) == ["soft"])
        #expect(SoundPack.fileName(.connectionLost) == "connection-lost.wav")
        // Broken files are nil, never a trap.
        let good = Self.wav([[1], [2], [3]], rate: 8000)
        for cut in 0..<good.count { _ = WAVFile.samples(Array(good.prefix(cut)), sampleRate: 22050) }
        #expect(WAVFile.samples(good, sampleRate: 8000) == [1, 2, 3])
    }

    @Test func aPacksSoundPlaysThroughTheEngineToAWAVFileInPlaceOfTheTone() async throws {
        let root = NSTemporaryDirectory() + "earshot-pack-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try Self.pack(in: root)
        let path = root + "/out.wav"
        let writer = try WAVWriter(path: path, sampleRate: 22050)
        let engine = try await SpeechEngine.started(configuration: .init(voices: shippedVoices), sink: .wav(writer))
        let pack = try #require(SoundPack.load("soft", from: [root], sampleRate: engine.sampleRate))
        engine.setCueSounds(pack.sounds)
        engine.setCueVolume(50)
        // One after the other: a second at the same priority would cut the first off.
        _ = engine.speak("", priority: .default, voice: .sound, cue: .mention)
        #expect(engine.waitUntilIdle())
        _ = engine.speak("", priority: .default, voice: .sound, cue: .sent)
        #expect(engine.waitUntilIdle())
        engine.shutdown()
        try writer.close()
        let written = try #require(
            WAVFile.samples(Array(try Data(contentsOf: URL(fileURLWithPath: path))), sampleRate: engine.sampleRate))
        let mention = (pack.sounds[.mention] ?? []).map { Int16((Double($0) * 0.5).rounded()) }
        let tone = SoundCue.sent.samples(sampleRate: engine.sampleRate, volume: 50)
        #expect(written.count == mention.count + tone.count, "\(written.count)")
        #expect(Array(written.prefix(mention.count)) == mention, "the pack's mention, at half volume")
        #expect(Array(written.suffix(tone.count)) == tone, "sent has no file: its built-in tone")
    }
}
