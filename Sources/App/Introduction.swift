import Speech

/// Plain `earshot` until the chat client takes it over: say and print what Earshot can do.
public enum Introduction {
    public static let lines = [
        "Earshot, a self-voicing chat client for the terminal.",
        "earshot say TEXT speaks text: --voice ROLE or PATH, --rate WPM, --wav FILE.",
        "earshot voices lists the voice files.",
        "Every command takes --speech audio, text or off, and --speech-log FILE.",
    ]

    public static func run(output: SpeechOutput) throws(SpeechError) {
        for line in lines { print(line) }
        var opened: SpeechOutput.Opened?
        // The printed lines already show the words: text mode only keeps the log.
        let quiet = SpeechOutput(mode: output.mode == .text ? .off : output.mode, logPath: output.logPath)
        let engine = try SpeechEngine { rate throws(SpeechError) in
            let result = try quiet.open(sampleRate: rate)
            opened = result
            return result.sink
        }
        defer { engine.shutdown() }
        for line in lines { engine.speak(line, priority: .low) }
        engine.waitUntilIdle(timeoutSeconds: 120)
        engine.shutdown()
        try opened?.close()
    }
}
