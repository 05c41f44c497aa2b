import ArgumentParser
import Speech

/// `earshot sounds`: the sound packs found, where, and the cues each has a file for.
struct Sounds: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the sound packs (sounds.pack) found in the data folders, and the cues each has.")

    func run() {
        let folders = SoundPack.folders()
        let packs = SoundPack.available(in: folders)
        print("Sound packs are folders of WAV files named by cue, in:")
        for folder in folders { print("  \(folder)") }
        print("Cue files: " + SoundCue.allCases.map(SoundPack.fileName).joined(separator: ", "))
        guard !packs.isEmpty else {
            print("No sound packs found: the built-in tones play.")
            return
        }
        for pack in packs {
            let missing = SoundCue.allCases.filter { !pack.cues.contains($0) }
            print("")
            print("\(pack.name)\t\(pack.folder)")
            print("  has: " + (pack.cues.isEmpty ? "none" : pack.cues.map(SoundPack.fileName).joined(separator: ", ")))
            if !missing.isEmpty {
                print("  built-in tone for: " + missing.map(SoundPack.fileName).joined(separator: ", "))
            }
        }
    }
}
