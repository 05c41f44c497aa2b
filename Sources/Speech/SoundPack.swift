import Foundation

/// A sound pack (`sounds.pack`): WAV files named by cue (`mention.wav`, `message-elsewhere.wav`,
/// `connection-lost.wav`, …) in a folder named for the pack, under `$XDG_DATA_HOME/earshot/sounds`
/// and then each of `$XDG_DATA_DIRS`' `earshot/sounds`. A cue without a file keeps its built-in
/// tone; a file that cannot be read is named in ``unreadable`` and keeps the tone too.
///
/// ```swift
/// let pack = SoundPack.load("soft", from: SoundPack.folders(), sampleRate: 22_050)
/// pack?.sounds[.mention]  // the PCM of soft/mention.wav at 22,050 Hz, if it has one
/// ```
public struct SoundPack: Sendable {
    public var name: String
    /// The folder it was found in.
    public var folder: String
    /// Each cue's sound, 16-bit mono PCM at the sample rate it was loaded for.
    public var sounds: [SoundCue: [Int16]]
    /// The files that are there but could not be read as 16-bit or 8-bit PCM WAV.
    public var unreadable: [String]

    /// The file a cue's sound is read from: its name with hyphens, ".wav".
    public static func fileName(_ cue: SoundCue) -> String {
        cue.rawValue.replacingOccurrences(of: " ", with: "-") + ".wav"
    }

    /// Where packs are looked for, first first: `$XDG_DATA_HOME/earshot/sounds` (or
    /// `~/.local/share/…`), then each `$XDG_DATA_DIRS` folder's (or `/usr/local/share`, `/usr/share`).
    public static func folders(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter {
            $0.hasPrefix("/")
        }
        return ([dataHome] + (dataDirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dataDirs)).map {
            $0 + "/earshot/sounds"
        }
    }

    /// The packs found in `folders` (a name in an earlier folder hides a later one), each with
    /// the cues it has a file for, by name.
    public static func available(in folders: [String]) -> [(name: String, folder: String, cues: [SoundCue])] {
        var seen = Set<String>()
        var result: [(name: String, folder: String, cues: [SoundCue])] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where !seen.contains(name) {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder),
                    isFolder.boolValue
                else { continue }
                seen.insert(name)
                let cues = SoundCue.allCases.filter {
                    FileManager.default.fileExists(atPath: folder + "/" + name + "/" + fileName($0))
                }
                result.append((name, folder + "/" + name, cues))
            }
        }
        return result
    }

    /// The pack named `name` from the first of `folders` that has it, its sounds at
    /// `sampleRate`; nil when none has it (or the name is not a plain folder name).
    public static func load(_ name: String, from folders: [String], sampleRate: Int) -> SoundPack? {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return nil }
        guard let found = available(in: folders).first(where: { $0.name == name }) else { return nil }
        var pack = SoundPack(name: name, folder: found.folder, sounds: [:], unreadable: [])
        for cue in found.cues {
            let path = found.folder + "/" + fileName(cue)
            // A cue is short: anything over 4 MB is not one.
            guard let data = FileManager.default.contents(atPath: path), data.count <= 4 << 20,
                let samples = WAVFile.samples(Array(data), sampleRate: sampleRate), !samples.isEmpty
            else {
                pack.unreadable.append(fileName(cue))
                continue
            }
            pack.sounds[cue] = samples
        }
        return pack
    }
}

/// Reads RIFF/WAVE PCM (8- or 16-bit, any number of channels, any rate) as 16-bit mono PCM at
/// the rate asked for: channels averaged, rate changed by linear interpolation. Anything else
/// (compressed, float, truncated, lying sizes) is nil, never a trap.
enum WAVFile {
    static func samples(_ bytes: [UInt8], sampleRate target: Int) -> [Int16]? {
        func u16(_ at: Int) -> Int { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : -1 }
        func u32(_ at: Int) -> Int { at + 4 <= bytes.count ? u16(at) | u16(at + 2) << 16 : -1 }
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x41, 0x56, 0x45]
        else { return nil }
        var offset = 12
        var format: (channels: Int, rate: Int, bits: Int)?
        var data: ArraySlice<UInt8>?
        while offset + 8 <= bytes.count {
            let id = Array(bytes[offset..<offset + 4])
            let size = u32(offset + 4)
            let body = offset + 8
            guard size >= 0, body + size <= bytes.count else {
                // A data chunk whose size runs past the end (a file cut short): what is there.
                if id == [0x64, 0x61, 0x74, 0x61] { data = bytes[body...] }
                break
            }
            if id == [0x66, 0x6D, 0x74, 0x20], size >= 16 {
                guard u16(body) == 1 else { return nil }  // PCM only
                format = (u16(body + 2), u32(body + 4), u16(body + 14))
            } else if id == [0x64, 0x61, 0x74, 0x61] {
                data = bytes[body..<body + size]
            }
            offset = body + size + (size & 1)
        }
        guard let format, let data, (1...8).contains(format.channels), (1000...384_000).contains(format.rate),
            format.bits == 16 || format.bits == 8, target > 0
        else { return nil }
        let width = format.bits / 8 * format.channels
        let frames = data.count / width
        var mono = [Double](repeating: 0, count: frames)
        let start = data.startIndex
        for frame in 0..<frames {
            var sum = 0.0
            for channel in 0..<format.channels {
                let at = start + frame * width + channel * format.bits / 8
                if format.bits == 16 {
                    sum += Double(Int16(bitPattern: UInt16(data[at]) | UInt16(data[at + 1]) << 8))
                } else {
                    sum += (Double(data[at]) - 128) * 256
                }
            }
            mono[frame] = sum / Double(format.channels)
        }
        guard format.rate != target, frames > 1 else { return mono.map { Int16(clamping: Int($0.rounded())) } }
        let count = Int(Double(frames) * Double(target) / Double(format.rate))
        return (0..<count).map { index in
            let position = Double(index) * Double(format.rate) / Double(target)
            let before = min(Int(position), frames - 1)
            let after = min(before + 1, frames - 1)
            let fraction = position - Double(before)
            return Int16(clamping: Int((mono[before] * (1 - fraction) + mono[after] * fraction).rounded()))
        }
    }
}
