import Settings
import Speech

extension SpeechParameters {
    /// The voice parameters that `[speech]` sets: rate, pitch, volume (never above espeak-ng's
    /// normal) and how capitals are marked. Punctuation is the text preparation's, not the voice's.
    ///
    /// ```swift
    /// SpeechParameters(SpeechSettings()).rate // 175
    /// ```
    init(_ settings: SpeechSettings) {
        self.init(
            rate: settings.rate, pitch: settings.pitch,
            volume: min(settings.volume, SpeechParameters.volumeRange.upperBound), capitals: settings.capitals)
    }
}

extension SoundSettings {
    /// The engine's cue volume: the setting's, or 0 with sounds off.
    var cueVolume: Int { enabled ? volume : 0 }
}

extension SpeechEngine {
    /// speech-dispatcher keeps the user's own rate, pitch and volume unless the settings file
    /// names them (`speech.explicit`).
    func setSpeechDispatcherParameters(_ settings: SpeechSettings) {
        setSpeechDispatcherParameters(
            rate: settings.explicit.contains("rate") ? settings.rate : nil,
            pitch: settings.explicit.contains("pitch") ? settings.pitch : nil,
            volume: settings.explicit.contains("volume") ? settings.volume : nil)
    }
}
