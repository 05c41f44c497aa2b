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
