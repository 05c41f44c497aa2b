import SpeechVocabulary
import Typography

extension SettingKey {
    public static let textSize = SettingKey("text.size")
    public static let speechRate = SettingKey("speech.rate")
    public static let speechVoice = SettingKey("speech.voice")
    public static let speechHints = SettingKey("speech.hints")
    public static let speechEcho = SettingKey("speech.echo")
    public static let speechPunctuation = SettingKey("speech.punctuation")
    public static let speechCapitals = SettingKey("speech.capitals")
    public static let speechTypingInterrupts = SettingKey("speech.typing_interrupts")
    public static let speechTyping = SettingKey("speech.typing")
    public static let speechEmoji = SettingKey("speech.emoji")
    public static let speechFollow = SettingKey("speech.follow")
    public static let speechSpeakerVoices = SettingKey("speech.speaker_voices")
    public static let speechNames = SettingKey("speech.names")
    public static let speechEngine = SettingKey("speech.engine")
    public static let speechEvents = SettingKey("speech.events")
    public static let speechTimes = SettingKey("speech.times")
    public static let speechMergeBursts = SettingKey("speech.merge_bursts")
    public static let speechPitch = SettingKey("speech.pitch")
    public static let speechVolume = SettingKey("speech.volume")
    public static let speechMessages = SettingKey("speech.messages")
    public static let speechChannels = SettingKey("speech.channels")
    public static let speechPronounce = SettingKey("speech.pronounce")
    public static let soundsEnabled = SettingKey("sounds.enabled")
    public static let soundsVolume = SettingKey("sounds.volume")
    public static let soundsPack = SettingKey("sounds.pack")
    public static let brailleEnabled = SettingKey("braille.enabled")
    public static let brailleTable = SettingKey("braille.table")
    public static let brailleMessageTimeout = SettingKey("braille.message_timeout")
    public static let brailleMessages = SettingKey("braille.messages")
    public static let braillePaced = SettingKey("braille.paced")
    public static let displayReduceMotion = SettingKey("display.reduce_motion")
    public static let displayContrast = SettingKey("display.contrast")
    public static let displayColor = SettingKey("display.color")
    public static let displayTextSizing = SettingKey("display.text_sizing")
    public static let displayScreenReader = SettingKey("display.screen_reader")
    public static let ircServers = SettingKey("irc.servers")
    public static let ircHighlights = SettingKey("irc.highlights")
    public static let ircMonitor = SettingKey("irc.monitor")
    public static let ircSendTyping = SettingKey("irc.send_typing")
}

extension Settings {
    /// Every setting, in the order the settings sheet shows them and `earshot config` lists
    /// them (those set in the file only last in their section). A new setting is its field in the
    /// section's type, one entry here, and its words in the phrase book.
    public static let table: [SettingDescriptor] = [
        .among(
            .textSize, \.text.size, ContentSizeCategory.allCases, announced: false, check: Settings.checkTextSize,
            written: { .string($0.rawValue) }),
        .number(
            .speechRate, \.speech.rate, in: SpeechSettings.rateRange, step: 25, unit: " words per minute",
            announced: false, explicit: "rate"),
        .among(
            .speechVoice, \.speech.voice, VoiceRole.builtIn.map(\.rawValue), announced: false,
            check: Settings.checkVoice, written: { .string($0) }),
        .toggle(.speechHints, \.speech.hints),
        .choice(.speechEcho, \.speech.echo),
        .choice(.speechPunctuation, \.speech.punctuation),
        .choice(.speechCapitals, \.speech.capitals),
        .toggle(.speechTypingInterrupts, \.speech.typingInterrupts),
        .toggle(.speechTyping, \.speech.typing),
        .choice(.speechEmoji, \.speech.emoji),
        .choice(.speechEngine, \.speech.engine, atNextStart: true),
        .choice(.speechEvents, \.speech.events),
        .toggle(.speechTimes, \.speech.times),
        .toggle(.speechMergeBursts, \.speech.mergeBursts),
        .toggle(.speechSpeakerVoices, \.speech.speakerVoices),
        .choice(.speechNames, \.speech.names),
        .number(.speechPitch, \.speech.pitch, in: SpeechSettings.pitchRange, step: 10, .fileOnly, explicit: "pitch"),
        .number(
            .speechVolume, \.speech.volume, in: SpeechSettings.volumeRange, step: 10, unit: " percent", .fileOnly,
            explicit: "volume"),
        .choice(.speechMessages, \.speech.messages, .fileOnly, announced: true),
        .keyed(.speechChannels, \.speech.channels, check: Settings.checkChannels, written: \.tomlValue),
        .list(.speechFollow, \.speech.follow, announced: true, check: Settings.checkNicks),
        .keyed(.speechPronounce, \.speech.pronounce, check: Settings.checkPronounce, written: { .string($0) }),
        .toggle(.soundsEnabled, \.sounds.enabled),
        .number(.soundsVolume, \.sounds.volume, in: SoundSettings.volumeRange, step: 10, unit: " percent"),
        .among(
            .soundsPack, \.sounds.pack, [], .fileOnly, announced: true, check: Settings.checkPack,
            written: { .string($0) }),
        .among(
            .brailleEnabled, \.braille.enabled, BrailleSettings.Enabled.allCases, atNextStart: true,
            check: Settings.checkBrailleEnabled, written: { $0 == .auto ? .string("auto") : .boolean($0 == .on) }),
        .among(
            .brailleTable, \.braille.table, BrailleSettings.tables, check: Settings.checkBrailleTable,
            written: { .string($0) }),
        .number(
            .brailleMessageTimeout, \.braille.messageTimeout, in: BrailleSettings.messageTimeoutRange, step: 1,
            unit: " seconds"),
        .choice(
            .brailleMessages, \.braille.messages, choices: SpeechSettings.MessagePolicy.allCases.filter { $0 != .sound }
        ),
        .toggle(.braillePaced, \.braille.paced),
        .toggle(.displayReduceMotion, \.display.reduceMotion),
        .custom(
            .displayContrast, .toggle,
            read: { reader, settings in
                if let level = reader.read(.displayContrast, Check<ContrastLevel>.word) {
                    settings.display.contrast = level
                }
            },
            write: { .string($0.display.contrast.rawValue) },
            step: { settings, _ in
                var changed = settings
                changed.display.contrast = settings.display.contrast == .increased ? .standard : .increased
                return changed
            },
            on: { $0.display.contrast == .increased }),
        .custom(
            .displayColor,
            read: { reader, settings in
                if let color = reader.read(.displayColor, Settings.checkColor) { settings.display.color = color }
            },
            write: {
                let color = $0.display.color
                return color == .auto || color == .truecolor ? .string(color.rawValue) : .boolean(color == .always)
            }),
        .choice(.displayTextSizing, \.display.textSizing, .fileOnly),
        .toggle(.displayScreenReader, \.display.screenReader, .fileOnly),
        .custom(
            .ircServers,
            read: { _, _ in },  // each server is read by `SettingsReader.server(at:ownerOnly:)`
            write: { _ in .array([]) }),
        .list(.ircHighlights, \.highlights, check: Settings.checkHighlights),
        .list(.ircMonitor, \.monitor, check: Settings.checkNicks),
        .toggle(.ircSendTyping, \.sendTyping),
    ]

    /// The known key nearest `dotted` ("speech.emojii" → "speech.emoji"): one or two letters
    /// away, or nil.
    public static func nearestKnownKey(to dotted: String) -> String? {
        let candidates = table.map(\.dotted).map { ($0, distance(Array(dotted), Array($0))) }
        return candidates.filter { $0.1 <= 2 && $0.1 > 0 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance: letters put in, taken out or changed.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard abs(a.count - b.count) <= 2 else { return 3 }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The entry of `key`, when the table has one.
    public static func descriptor(_ key: SettingKey) -> SettingDescriptor? { descriptors[key] }

    private static let descriptors: [SettingKey: SettingDescriptor] = Dictionary(
        table.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

    /// The keys Earshot knows, by section, in the order `earshot config` prints them.
    public static let knownKeys: [(section: String, keys: [String])] = {
        var result: [(section: String, keys: [String])] = []
        for descriptor in table {
            let section = descriptor.key.keyPath[0]
            let key = descriptor.key.keyPath.dropFirst().joined(separator: ".")
            if result.last?.section == section {
                result[result.count - 1].keys.append(key)
            } else {
                result.append((section, [key]))
            }
        }
        return result
    }()
}
