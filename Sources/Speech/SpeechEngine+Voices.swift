/// Rate, pitch, volume and punctuation, and the voice file playing each role: changed while the
/// engine runs, each change checked first and kept only when it works.
extension SpeechEngine {
    /// Rate, pitch, volume and punctuation; they survive ``stop()``.
    public var parameters: SpeechParameters { state.withLock { $0.parameters } }

    /// Sets rate, pitch, volume and punctuation for the next utterance; throws (and keeps the old
    /// values) when one is out of range.
    public func setParameters(_ parameters: SpeechParameters) throws(SpeechError) {
        try parameters.validate()
        state.withLock {
            $0.parameters = parameters
            $0.parametersChanged = true
        }
    }

    /// Sets the rate in words per minute (80…450).
    public func setRate(_ wordsPerMinute: Int) throws(SpeechError) {
        var parameters = self.parameters
        parameters.rate = wordsPerMinute
        try setParameters(parameters)
    }

    /// The voice file playing each role.
    public var voiceFiles: [VoiceRole: VoiceFile] { state.withLock { $0.voiceFiles } }

    /// Makes the file at `path` play `role` (by default, a role named after the file).
    ///
    /// The file is checked, then loaded by libespeak-ng; on any failure the error names the file
    /// and the role keeps its previous voice.
    @discardableResult
    public func setVoice(path: String, for role: VoiceRole? = nil) throws(SpeechError) -> VoiceRole {
        try setVoice(VoiceFile(path: path), for: role)
    }

    /// Makes `file` (from disk, or built in) play `role` (by default, the file's own role).
    @discardableResult
    public func setVoice(_ file: VoiceFile, for role: VoiceRole? = nil) throws(SpeechError) -> VoiceRole {
        let status = perform { [self] in
            let status = Espeak.setVoice(text: file.text)
            if !status.isOK, let previous = loadedVoice { _ = Espeak.setVoice(text: previous.text) }
            if status.isOK {
                loadedVoice = file
                loadedLanguage = nil
            }
            // Loading a voice resets espeak-ng's parameters to the voice's own.
            state.withLock { $0.parametersChanged = true }
            return status
        }
        guard status.isOK else {
            throw SpeechError(
                .voiceFileInvalid,
                "espeak-ng could not load the voice file \(file.origin) (\(Espeak.message(for: status))). Keeping the previous voice.",
                path: file.path, status: status)
        }
        let target = role ?? file.role
        state.withLock {
            $0.voiceFiles[target] = file
            $0.parametersChanged = true
        }
        return target
    }
}
