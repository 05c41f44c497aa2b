import Testing

@testable import Settings

/// Every key the client writes is read back by the decoder as the same setting: the key paths
/// in `SettingKey` and the ones the decoder reads cannot drift apart.
@Suite struct SettingKeyTests {
    /// Settings with every written key away from its default.
    static var changed: Settings {
        var settings = Settings()
        settings.text.size = .extraLarge
        settings.speech.rate = 231
        settings.speech.explicit = ["rate"]  // the file names it, so speech-dispatcher gets it
        settings.speech.voice = "announcer"
        settings.speech.echo = .both
        settings.speech.punctuation = .all
        settings.speech.capitals = .word
        settings.speech.hints = false
        settings.speech.typingInterrupts = !settings.speech.typingInterrupts
        settings.speech.engine = .speechDispatcher
        settings.speech.events = .none
        settings.speech.times = !settings.speech.times
        settings.speech.mergeBursts = !settings.speech.mergeBursts
        settings.speech.pronounce = ["kpcyrd": "k p cyrd"]
        settings.speech.channels = ["#de": .init(messages: .mentions, language: "de")]
        settings.sounds.enabled = !settings.sounds.enabled
        settings.sounds.volume = 37
        settings.display.reduceMotion = !settings.display.reduceMotion
        settings.display.contrast = .increased
        settings.braille.enabled = .on
        settings.braille.table = "en-ueb-g2.ctb"
        settings.braille.messageTimeout = 9
        settings.braille.messages = .mentions
        return settings
    }

    static let keys: [SettingKey] = [
        .textSize, .speechRate, .speechVoice, .speechEcho, .speechPunctuation, .speechCapitals, .speechHints,
        .speechTypingInterrupts, .speechEngine, .speechEvents, .speechTimes, .speechMergeBursts, .soundsEnabled,
        .soundsVolume, .displayReduceMotion, .displayContrast, .brailleEnabled, .brailleTable,
        .brailleMessageTimeout, .brailleMessages, .pronounce("kpcyrd"), .channelSpeech("#de"),
    ]

    @Test func everyWrittenKeyIsReadBackAsTheSameSetting() throws {
        let changed = Self.changed
        var document = try TOMLDocument(parsing: "")
        for key in Self.keys { try document.set(key.value(in: changed), at: key.keyPath) }
        let read = Settings.decode(text: document.text, file: "config.toml")
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.settings == changed, "written:\n\(document.text)")
        // And each alone: no key depends on another being written.
        for key in Self.keys {
            var one = try TOMLDocument(parsing: "")
            try one.set(key.value(in: changed), at: key.keyPath)
            let alone = Settings.decode(text: one.text, file: "config.toml")
            #expect(alone.problems.isEmpty, "\(key): \(alone.problems)")
            #expect(alone.settings != Settings(), "\(key) was not read back: \(one.text)")
        }
    }
}
