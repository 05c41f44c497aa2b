import Speech

/// `earshot say TEXT`: speak once and exit.
public enum SayCommand {
    /// Speaks `text` with `voice` (a role name, or a path to a voice file) at `rate`, through
    /// `output`, and waits until it has been spoken.
    public static func run(text: String, voice: String?, rate: Int?, output: SpeechOutput) throws(SpeechError) {
        var parameters = SpeechParameters()
        if let rate { parameters.rate = rate }
        try parameters.validate()
        var opened: SpeechOutput.Opened?
        let engine = try SpeechEngine(configuration: .init(parameters: parameters)) { rate throws(SpeechError) in
            let result = try output.open(sampleRate: rate)
            opened = result
            return result.sink
        }
        defer { engine.shutdown() }
        var role = VoiceRole.reader
        if let voice {
            if voice.contains("/") {
                role = try engine.setVoice(path: voice)
            } else {
                role = VoiceRole(rawValue: voice)
                guard engine.voiceFiles[role] != nil else {
                    let known = engine.voiceFiles.keys.map(\.rawValue).sorted().joined(separator: ", ")
                    throw SpeechError(.unknownVoiceRole, "No voice named “\(voice)”. Voices: \(known).")
                }
            }
        }
        engine.speak(text, voice: role)
        engine.waitUntilIdle(timeoutSeconds: 600)
        engine.shutdown()
        try opened?.close()
    }
}

/// `earshot voices`: the voice files, with their roles and paths.
public enum VoicesCommand {
    /// One line per role: role, the file's `name`, its path; an unreadable file says why.
    public static func lines(library: VoiceLibrary = .discover()) -> [String] {
        let files = library.files().sorted { $0.key.rawValue < $1.key.rawValue }
        guard !files.isEmpty else {
            return ["No voice files found in \(library.folders.joined(separator: " or "))."]
        }
        let width = files.map(\.key.rawValue.count).max() ?? 0
        return files.map { role, path in
            let padded = role.rawValue + String(repeating: " ", count: width - role.rawValue.count)
            do throws(SpeechError) {
                let file = try VoiceFile(path: path)
                return "\(padded)  \(file.name ?? "-")  \(path)"
            } catch {
                return "\(padded)  (unusable: \(error.message))  \(path)"
            }
        }
    }
}
