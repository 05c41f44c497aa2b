import SpeechVocabulary
import Testing
import Typography

@testable import Settings

@Suite struct SettingsDecodingTests {
    @Test(arguments: ContentSizeCategory.allCases)
    func categoryNamesRoundTripThroughTOML(category: ContentSizeCategory) throws {
        var document = try TOMLDocument(parsing: "")
        try document.set(.string(category.rawValue), at: ["text", "size"])
        let result = Settings.decode(text: document.text, file: "c.toml")
        #expect(result.settings.text.size == category)
        #expect(result.problems.isEmpty)
    }

    @Test(arguments: [
        ("\"194%\"", ContentSizeCategory.accessibilityLarge), ("194", .accessibilityLarge),
        ("100", .large), ("\"312 %\"", .accessibilityExtraExtraExtraLarge), ("160.0", .accessibilityMedium),
        ("150", .extraExtraExtraLarge),
    ])
    func sizeAsPercent(literal: String, expected: ContentSizeCategory) {
        let result = Settings.decode(text: "[text]\nsize = \(literal)\n", file: "c.toml")
        #expect(result.settings.text.size == expected)
        #expect(result.problems.isEmpty)
    }

    @Test(arguments: [
        ("true", DisplaySettings.ColorPreference.always), ("false", .never), ("\"auto\"", .auto),
        ("\"always\"", .always), ("\"never\"", .never), ("\"truecolor\"", .truecolor),
    ])
    func colorTakesTruecolorForThe24BitThemes(literal: String, expected: DisplaySettings.ColorPreference) {
        let result = Settings.decode(text: "[display]\ncolor = \(literal)\n", file: "c.toml")
        #expect(result.settings.display.color == expected)
        #expect(result.problems.isEmpty)
        let bad = Settings.decode(text: "[display]\ncolor = \"rainbow\"\n", file: "c.toml")
        #expect(bad.problems.first?.message.contains("\"truecolor\"") == true, "\(bad.problems)")
    }

    @Test func soundsAndTypingInterruptsAreReadAndCheckedWithLineAndColumn() throws {
        let good = Settings.decode(
            text: "[speech]\ntyping_interrupts = false\n[sounds]\nenabled = false\nvolume = 30\n", file: "c.toml")
        #expect(good.problems.isEmpty)
        #expect(good.settings.speech.typingInterrupts == false)
        #expect(good.settings.sounds.enabled == false)
        #expect(good.settings.sounds.volume == 30)
        #expect(Settings().sounds.enabled && Settings().speech.typingInterrupts)

        for literal in ["101", "-1", "inf", "nan", "1e300", "\"loud\""] {
            let bad = Settings.decode(text: "[sounds]\nvolume = \(literal)\n", file: "c.toml")
            let problem = try #require(bad.problems.first, "volume = \(literal) was accepted")
            #expect(problem.line == 2)
            #expect(problem.column > 0)
            #expect(bad.settings.sounds.volume == SoundSettings().volume)
        }
        #expect(Settings.decode(text: "[sounds]\nenabled = \"yes\"\n", file: "c.toml").problems.count == 1)
        #expect(Settings().values.contains { $0.key == "sounds.volume" && $0.value == .integer(50) })
    }

    @Test func fullFile() {
        let text = """
            [text]
            size = "accessibilityExtraLarge"
            [speech]
            voice = "en-gb"
            rate = 300
            pitch = 40
            volume = 80
            punctuation = "all"
            hints = false
            echo = "both"
            [display]
            reduce_motion = true
            contrast = "increased"
            color = false
            text_sizing = "dec"
            [[irc.servers]]
            host = "127.0.0.1"
            port = 6667
            tls = false
            nick = "ada"
            channels = ["#a", "#b"]
            sasl_user = "ada"
            password_env = "PW"
            """
        let result = Settings.decode(text: text, file: "/x/c.toml")
        #expect(result.problems.isEmpty)
        let s = result.settings
        #expect(s.text.size == .accessibilityExtraLarge)
        #expect(s.speech.voice == "en-gb" && s.speech.rate == 300 && s.speech.pitch == 40 && s.speech.volume == 80)
        #expect(s.speech.punctuation == .all && !s.speech.hints && s.speech.echo == .both)
        #expect(s.display.reduceMotion && s.display.contrast == .increased && s.display.color == .never)
        #expect(s.display.textSizing == .dec)
        #expect(
            s.ircServers == [
                IRCServerSettings(
                    host: "127.0.0.1", port: 6667, tls: false, nick: "ada", channels: ["#a", "#b"], saslUser: "ada",
                    passwordEnvironmentVariable: "PW")
            ])
        #expect(s.ircServers.first?.resolvedPassword(environment: ["PW": "secret"]) == "secret")
        #expect(result.sources["speech.rate"] == .file(path: "/x/c.toml", line: 5))
        #expect(result.sources["display.color"] == .file(path: "/x/c.toml", line: 14))
    }

    @Test func badValuesUseDefaultsAndKeepGoodKeys() throws {
        let text = """
            [text]
            size = "huge"
            [speech]
            rate = 900
            pitch = "high"
            volume = 60
            [display]
            contrast = "extreme"
            reduce_motion = true
            colour = true
            """
        let result = Settings.decode(text: text, file: "/home/a/config.toml")
        #expect(result.settings.text.size == .large)
        #expect(result.settings.speech.rate == 175)
        #expect(result.settings.speech.pitch == 50)
        #expect(result.settings.speech.volume == 60)
        #expect(result.settings.display.contrast == .standard)
        #expect(result.settings.display.reduceMotion)
        let found = result.problems.map { "\($0.key ?? "-")@\($0.line):\($0.column) \($0.severity) \($0.code)" }
        #expect(
            Set(found) == [
                "text.size@2:8 error wrong type",
                "speech.rate@4:8 error out of range",
                "speech.pitch@5:9 error wrong type",
                "display.contrast@8:12 error out of range",
                "display.colour@10:1 warning unknown key",
            ])
        #expect(result.sources["text.size"] == nil)
        #expect(result.sources["speech.volume"] == .file(path: "/home/a/config.toml", line: 6))
    }

    @Test func syntaxErrorGivesFileLineColumnAndKey() throws {
        let result = Settings.decode(text: "[speech]\nrate = 200\npitch = 5 0\n", file: "/c/config.toml")
        let problem = try #require(result.problems.first)
        #expect(result.problems.count == 1)
        #expect(problem.code == .syntax)
        #expect(problem.description == "/c/config.toml:3:11: speech.pitch: expected the end of the line, found '0'")
        #expect(result.settings == .defaults)
    }

    @Test func passwordNeedsAnOwnerOnlyFile() {
        let text = "[[irc.servers]]\nhost = \"h\"\npassword = \"pw\"\n"
        let open = Settings.decode(text: text, file: "c.toml", ownerOnly: false)
        #expect(open.settings.ircServers.first?.password == nil)
        #expect(open.problems.map(\.code) == [.insecurePassword])
        #expect(open.problems.first?.line == 3)
        let closed = Settings.decode(text: text, file: "c.toml", ownerOnly: true)
        #expect(closed.settings.ircServers.first?.password == "pw")
        #expect(closed.problems.isEmpty)
    }

    @Test func serverWithoutHostIsLeftOut() {
        let result = Settings.decode(text: "[[irc.servers]]\nnick = \"x\"\nport = 99999\n", file: "c.toml")
        #expect(result.settings.ircServers.isEmpty)
        #expect(result.problems.map(\.code) == [.missingKey])
    }
}

@Suite struct CapitalsSettingTests {
    @Test(arguments: [("none", CapitalMarking.none), ("pitch", .pitch), ("word", .word)])
    func capitalsAreReadFromTheSpeechSection(_ word: String, _ expected: CapitalMarking) {
        let result = Settings.decode(text: "[speech]\ncapitals = \"\(word)\"\n", file: "/x/c.toml")
        #expect(result.problems.isEmpty)
        #expect(result.settings.speech.capitals == expected)
    }

    @Test func aBadCapitalsValueKeepsTheDefaultAndSaysWhere() {
        let result = Settings.decode(text: "[speech]\ncapitals = \"loud\"\n", file: "/x/c.toml")
        #expect(result.settings.speech.capitals == .none)
        let problem = result.problems.first
        #expect(problem?.key == "speech.capitals" && problem?.line == 2)
        #expect(problem?.message.contains("\"none\", \"pitch\", \"word\"") == true, "\(String(describing: problem))")
    }

    @Test func capitalsAreAmongTheEffectiveValues() {
        #expect(Settings().values.contains { $0.key == "speech.capitals" && $0.value == .string("none") })
    }
}

/// The settings of issue 23: engine, events, times, bursts, pronunciations, channel languages.
@Suite struct ListeningSettingsTests {
    @Test func everyKeyIsRead() {
        let text = """
            [speech]
            engine = "speech-dispatcher"
            events = "none"
            times = true
            merge_bursts = false
            rate = 200
            [speech.channels]
            "#busy" = "sound"
            "#de" = { messages = "all", language = "de" }
            "#ru" = { language = "ru" }
            [speech.pronounce]
            kpcyrd = "k p cyrd"
            """
        let result = Settings.decode(text: text, file: "/c/config.toml")
        #expect(result.problems.isEmpty, "\(result.problems)")
        let speech = result.settings.speech
        #expect(speech.engine == .speechDispatcher)
        #expect(speech.events == SpeechSettings.EventPolicy.none)
        #expect(speech.times && !speech.mergeBursts)
        #expect(speech.explicit == ["rate"])
        #expect(speech.messagePolicy(in: "#BUSY") == .sound)
        #expect(speech.messagePolicy(in: "#de") == .all && speech.language(in: "#de") == "de")
        #expect(speech.messagePolicy(in: "#ru") == .all && speech.language(in: "#ru") == "ru")
        #expect(speech.pronounce == ["kpcyrd": "k p cyrd"])
        // Written back as they were: a policy alone, or a table.
        #expect(speech.channels["#busy"]?.tomlValue.tomlLiteral == "\"sound\"")
        #expect(speech.channels["#de"]?.tomlValue.tomlLiteral.contains("language = \"de\"") == true)
    }

    @Test(arguments: [
        ("[speech.channels]\n\"#de\" = { language = \"d e\" }", "language code"),
        ("[speech.channels]\n\"#de\" = { voice = \"de\" }", "unknown key voice"),
        ("[speech]\nevents = \"some\"", "events"),
        ("[speech]\nengine = \"festival\"", "engine"),
        ("[speech.pronounce]\nkim = 3", "as a string"),
    ])
    func aBadValueSaysWhatIsExpected(text: String, words: String) {
        let result = Settings.decode(text: text, file: "/c/config.toml")
        #expect(
            result.problems.contains {
                $0.severity == .error && ($0.message.contains(words) || ($0.key ?? "").contains(words))
            }, "\(result.problems)")
    }

    /// A bare word is text without its quotes, not a broken number; a wrong word names the choices.
    @Test func aBareWordAsksForQuotesAndAWrongWordNamesTheChoices() {
        let bare = Settings.decode(text: "[speech]\ntyping = maybe\n", file: "config.toml")
        #expect(bare.problems.first?.message.contains("text goes in quotes") == true, "\(bare.problems)")
        #expect(bare.problems.first?.message.contains("digits") == false)
        let word = Settings.decode(text: "[speech]\nemoji = \"shortest\"\n", file: "config.toml")
        #expect(word.problems.first?.message == "\"shortest\" is not one of \"names\", \"short\", \"none\"")
        #expect(word.problems.first?.code == .outOfRange)
    }
}
