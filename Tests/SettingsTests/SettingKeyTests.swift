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
        settings.speech.pitch = 70
        settings.speech.volume = 80
        settings.speech.explicit = ["rate", "pitch", "volume"]
        settings.speech.messages = .active
        settings.display.color = .truecolor
        settings.display.textSizing = .kitty
        settings.display.screenReader = true
        settings.highlights = ["deploy"]
        settings.monitor = ["kim"]
        settings.speech.typing = false
        settings.speech.emoji = .short
        settings.sendTyping = false
        settings.speech.follow = ["kim"]
        settings.speech.speakerVoices = true
        settings.speech.names = .never
        settings.braille.paced = true
        settings.sounds.pack = "soft"
        return settings
    }

    /// Every key of the table (servers are written whole, by Add a server), and one of each
    /// kind made per name.
    static let keys: [SettingKey] =
        Settings.table.map(\.key).filter { $0 != .ircServers } + [.pronounce("kpcyrd"), .channelSpeech("#de")]

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

/// The table drives the known keys, the listing and the steps: what it says is what the file
/// takes.
@Suite struct SettingTableTests {
    @Test func everyKeyOfTheTableIsKnownOnceAndListedInItsOrder() {
        let dotted = Settings.table.map(\.dotted)
        #expect(Set(dotted).count == dotted.count, "a key twice in the table")
        let known = Settings.knownKeys.flatMap { section in section.keys.map { "\(section.section).\($0)" } }
        #expect(known == dotted)
        #expect(Settings().values.map(\.key) == dotted.filter { $0 != "irc.servers" })
        let decoded = Settings.decode(text: "[speech]\ntimes = true\nshout = 1\n", file: "config.toml")
        #expect(decoded.settings.speech.times)
        #expect(decoded.problems.map(\.key) == ["speech.shout"])
    }

    @Test func everyControlStepsToAValueTheFileTakes() throws {
        for descriptor in Settings.table where descriptor.control != .fileOnly {
            #expect(descriptor.isAdjustable, "\(descriptor.dotted) has a control but no step")
            for delta in [1, -1] {
                let stepped = descriptor.adjusted(Settings(), by: delta)
                var document = try TOMLDocument(parsing: "")
                try document.set(descriptor.value(in: stepped), at: descriptor.key.keyPath)
                let read = Settings.decode(text: document.text, file: "config.toml")
                #expect(read.problems.isEmpty, "\(descriptor.dotted): \(read.problems)")
                #expect(descriptor.value(in: read.settings) == descriptor.value(in: stepped), "\(descriptor.dotted)")
            }
        }
    }

    /// Every choice holds at its ends, as an adjustable does: one key never goes from the last
    /// choice to the first (capitals and punctuation went round).
    @Test func choicesStopAtTheirEnds() {
        var settings = Settings()
        for key in [
            SettingKey.speechPunctuation, .speechCapitals, .speechEcho, .speechEmoji, .speechNames, .speechVoice,
        ] {
            let descriptor = Settings.descriptor(key)!
            var last = settings
            for _ in 0..<20 { last = descriptor.adjusted(last, by: 1) }
            #expect(descriptor.adjusted(last, by: 1) == last, "\(descriptor.dotted) stops at its last choice")
            #expect(descriptor.adjusted(last, by: -1) != last, "\(descriptor.dotted) steps back from it")
            var first = settings
            for _ in 0..<20 { first = descriptor.adjusted(first, by: -1) }
            #expect(descriptor.adjusted(first, by: -1) == first, "\(descriptor.dotted) stops at its first choice")
        }
        let events = Settings.descriptor(.speechEvents)!
        settings.speech.events = .all
        #expect(events.adjusted(settings, by: 1) == settings, "events stop at everyone")
        let volume = Settings.descriptor(.soundsVolume)!
        settings.sounds.volume = 37
        #expect(volume.adjusted(settings, by: 1).sounds.volume == 40, "a step lands on the grid")
        #expect(volume.adjusted(settings, by: -1).sounds.volume == 30)
    }
}
