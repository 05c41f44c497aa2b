import Speech

/// Puts the sound pack the settings name (`sounds.pack`) into the engine: its cues' sounds, at
/// the engine's rate; an empty name, or none found, is the built-in tones.
enum SoundPacks {
    /// Loads `name` from the data folders into `engine`; the event that says what went wrong,
    /// or nil when nothing did.
    static func use(_ name: String, in engine: SpeechEngine, folders: [String] = SoundPack.folders()) -> AppEvent? {
        guard !name.isEmpty else {
            engine.setCueSounds([:])
            return nil
        }
        guard let pack = SoundPack.load(name, from: folders, sampleRate: engine.sampleRate) else {
            engine.setCueSounds([:])
            return .soundPack(name: name, found: false, unreadable: [])
        }
        engine.setCueSounds(pack.sounds)
        return pack.unreadable.isEmpty ? nil : .soundPack(name: name, found: true, unreadable: pack.unreadable)
    }
}
