import SpeechVocabulary
import Typography

extension Settings {
    /// The keys Earshot knows, by section, in the order `earshot config` prints them.
    public static let knownKeys: [(section: String, keys: [String])] = [
        ("text", ["size"]),
        (
            "speech",
            [
                "voice", "rate", "pitch", "volume", "punctuation", "capitals", "hints", "echo", "typing_interrupts",
                "messages", "channels", "engine", "events", "times", "merge_bursts", "pronounce",
            ]
        ),
        ("sounds", ["enabled", "volume"]),
        ("braille", ["enabled", "table", "message_timeout", "messages"]),
        ("display", ["reduce_motion", "contrast", "color", "text_sizing", "screen_reader"]),
        ("irc", ["servers", "highlights", "monitor"]),
    ]

    static let serverKeys: Set<String> = [
        "host", "port", "tls", "nick", "channels", "sasl_user", "sasl_required", "password", "password_env", "ca_file",
        "server_password", "server_password_env", "client_cert", "client_key", "sasl_mechanism", "tls_fingerprint",
    ]

    /// Reads settings from TOML text.
    ///
    /// Every good key is used; a bad key keeps its default and adds an error; an unknown key
    /// adds a warning. A syntax error leaves every key at its default.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the path named in problems and sources.
    ///   - ownerOnly: whether the file is readable by its owner alone (mode 0600), which a
    ///     `password` key requires.
    public static func decode(text: String, file: String, ownerOnly: Bool = true) -> SettingsDecodeResult {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text)
        } catch {
            let problem = SettingsProblem(
                code: .syntax, message: error.message, file: file, line: error.line,
                column: error.column, key: error.key)
            return SettingsDecodeResult(settings: .defaults, sources: [:], problems: [problem])
        }
        return decode(document: document, file: file, ownerOnly: ownerOnly)
    }

    /// Reads settings from a parsed document; see ``decode(text:file:ownerOnly:)``.
    public static func decode(document: TOMLDocument, file: String, ownerOnly: Bool = true) -> SettingsDecodeResult {
        var reader = SettingsReader(document: document, file: file)
        var settings = Settings()
        reader.warnAboutUnknownKeys()

        if let size = reader.read(
            .textSize,
            { value -> Check<ContentSizeCategory> in
                switch value {
                case .string(let text):
                    if let category = ContentSizeCategory(rawValue: text) { return .ok(category) }
                    if text.hasSuffix("%") {
                        guard let percent = Settings.percent(text.dropLast().trimmingSpaces()) else {
                            return .bad("\"\(text)\" is not a percent: use digits such as \"194%\"")
                        }
                        return Settings.category(percent: percent)
                    }
                    return .bad(
                        "\"\(text)\" is not a size: use a name such as \"accessibilityLarge\" or a percent such as \"194%\""
                    )
                case .integer, .float:
                    return Settings.category(percent: value.numberValue ?? 100)
                default:
                    return .bad("expected a size name or a percent, found a \(value.typeName)")
                }
            })
        {
            settings.text.size = size
        }

        if let voice = reader.read(
            .speechVoice,
            { value -> Check<String> in
                guard let text = value.stringValue else {
                    return .bad("expected a voice name or path, found a \(value.typeName)")
                }
                return text.isEmpty ? .bad("the voice name is empty") : .ok(text)
            })
        {
            settings.speech.voice = voice
        }
        if let rate = reader.integer(.speechRate, in: SpeechSettings.rateRange, unit: " words per minute") {
            settings.speech.rate = rate
            settings.speech.explicit.insert("rate")
        }
        if let pitch = reader.integer("speech.pitch", in: SpeechSettings.pitchRange) {
            settings.speech.pitch = pitch
            settings.speech.explicit.insert("pitch")
        }
        if let volume = reader.integer("speech.volume", in: SpeechSettings.volumeRange, unit: " percent") {
            settings.speech.volume = volume
            settings.speech.explicit.insert("volume")
        }
        if let punctuation = reader.word(.speechPunctuation, PunctuationLevel.self) {
            settings.speech.punctuation = punctuation
        }
        if let capitals = reader.word(.speechCapitals, CapitalMarking.self) {
            settings.speech.capitals = capitals
        }
        if let hints = reader.bool(.speechHints) { settings.speech.hints = hints }
        if let echo = reader.word(.speechEcho, SpeechSettings.Echo.self) { settings.speech.echo = echo }
        if let interrupts = reader.bool(.speechTypingInterrupts) { settings.speech.typingInterrupts = interrupts }
        if let messages = reader.word("speech.messages", SpeechSettings.MessagePolicy.self) {
            settings.speech.messages = messages
        }
        if let channels = reader.read(
            "speech.channels",
            { value -> Check<[String: SpeechSettings.ChannelSpeech]> in
                guard let table = value.tableValue else {
                    return .bad("expected a table of channel names and policies, found a \(value.typeName)")
                }
                let choices = SpeechSettings.MessagePolicy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                var result: [String: SpeechSettings.ChannelSpeech] = [:]
                for entry in table.entries {
                    if let word = entry.value.stringValue {
                        guard let policy = SpeechSettings.MessagePolicy(rawValue: word) else {
                            return .bad(
                                "channel \(entry.key): expected one of \(choices), or a table such as { messages = \"all\", language = \"de\" }"
                            )
                        }
                        result[entry.key] = SpeechSettings.ChannelSpeech(messages: policy)
                        continue
                    }
                    guard let inner = entry.value.tableValue else {
                        return .bad(
                            "channel \(entry.key): expected one of \(choices), or a table such as { messages = \"all\", language = \"de\" }"
                        )
                    }
                    var channel = SpeechSettings.ChannelSpeech()
                    for field in inner.entries {
                        switch field.key {
                        case "messages":
                            guard let word = field.value.stringValue,
                                let policy = SpeechSettings.MessagePolicy(rawValue: word)
                            else {
                                return .bad("channel \(entry.key), messages: expected one of \(choices)")
                            }
                            channel.messages = policy
                        case "language":
                            guard let code = field.value.stringValue?.trimmingSpaces(), Settings.isLanguageCode(code)
                            else {
                                return .bad(
                                    "channel \(entry.key), language: expected a language code such as \"de\" or \"pt-br\""
                                )
                            }
                            channel.language = code.lowercased()
                        default:
                            return .bad("channel \(entry.key): unknown key \(field.key); use messages and language")
                        }
                    }
                    result[entry.key] = channel
                }
                return .ok(result)
            })
        {
            settings.speech.channels = channels
        }
        if let engine = reader.word(.speechEngine, SpeechSettings.Engine.self) { settings.speech.engine = engine }
        if let events = reader.word(.speechEvents, SpeechSettings.EventPolicy.self) {
            settings.speech.events = events
        }
        if let times = reader.bool(.speechTimes) { settings.speech.times = times }
        if let merge = reader.bool(.speechMergeBursts) { settings.speech.mergeBursts = merge }
        if let pronounce = reader.read(
            "speech.pronounce",
            { value -> Check<[String: String]> in
                guard let table = value.tableValue else {
                    return .bad("expected a table of words and how they are said, found a \(value.typeName)")
                }
                var result: [String: String] = [:]
                for entry in table.entries {
                    guard let spoken = entry.value.stringValue else {
                        return .bad("\(entry.key): expected how it is said, as a string")
                    }
                    guard !entry.key.trimmingSpaces().isEmpty else { return .bad("an empty word cannot be pronounced") }
                    result[entry.key.trimmingSpaces()] = spoken.trimmingSpaces()
                }
                return .ok(result)
            })
        {
            settings.speech.pronounce = pronounce
        }

        if let enabled = reader.bool(.soundsEnabled) { settings.sounds.enabled = enabled }
        if let volume = reader.integer(.soundsVolume, in: SoundSettings.volumeRange, unit: " percent") {
            settings.sounds.volume = volume
        }

        if let enabled = reader.read(
            .brailleEnabled,
            { value -> Check<BrailleSettings.Enabled> in
                switch value {
                case .boolean(let on): return .ok(on ? .on : .off)
                case .string("auto"): return .ok(.auto)
                default: return .bad("expected true, false or \"auto\"")
                }
            })
        {
            settings.braille.enabled = enabled
        }
        if let table = reader.read(
            .brailleTable,
            { value -> Check<String> in
                guard let text = value.stringValue else {
                    return .bad("expected a liblouis table name such as \"en-ueb-g2.ctb\", found a \(value.typeName)")
                }
                return .ok(text.trimmingSpaces())
            })
        {
            settings.braille.table = table
        }
        if let timeout = reader.integer(
            .brailleMessageTimeout, in: BrailleSettings.messageTimeoutRange, unit: " seconds")
        {
            settings.braille.messageTimeout = timeout
        }
        if let messages = reader.word(.brailleMessages, SpeechSettings.MessagePolicy.self) {
            settings.braille.messages = messages
        }

        if let reduceMotion = reader.bool(.displayReduceMotion) { settings.display.reduceMotion = reduceMotion }
        if let contrast = reader.word(.displayContrast, ContrastLevel.self) { settings.display.contrast = contrast }
        if let color = reader.read(
            "display.color",
            { value -> Check<DisplaySettings.ColorPreference> in
                switch value {
                case .boolean(let on): return .ok(on ? .always : .never)
                case .string("auto"): return .ok(.auto)
                case .string("always"): return .ok(.always)
                case .string("never"): return .ok(.never)
                case .string("truecolor"): return .ok(.truecolor)
                default: return .bad("expected true, false, \"auto\", \"always\", \"never\" or \"truecolor\"")
                }
            })
        {
            settings.display.color = color
        }
        if let sizing = reader.word("display.text_sizing", TextSizingPreference.self) {
            settings.display.textSizing = sizing
        }
        if let screenReader = reader.bool("display.screen_reader") { settings.display.screenReader = screenReader }

        if let highlights = reader.read(
            "irc.highlights",
            { value -> Check<[String]> in
                guard let array = value.arrayValue else {
                    return .bad("expected an array of words, found a \(value.typeName)")
                }
                let words = array.compactMap(\.stringValue).map {
                    String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
                }
                guard words.count == array.count else { return .bad("expected words as strings") }
                guard !words.contains(where: \.isEmpty) else { return .bad("an empty word would match every message") }
                return .ok(words)
            })
        {
            settings.highlights = highlights
        }
        if let monitor = reader.read(
            "irc.monitor",
            { value -> Check<[String]> in
                guard let array = value.arrayValue else {
                    return .bad("expected an array of nicks, found a \(value.typeName)")
                }
                let nicks = array.compactMap(\.stringValue)
                guard nicks.count == array.count else { return .bad("expected nicks as strings") }
                guard !nicks.contains(where: { $0.isEmpty || $0.contains(" ") || $0.contains(",") }) else {
                    return .bad("a nick has no spaces or commas and is not empty")
                }
                return .ok(nicks)
            })
        {
            settings.monitor = monitor
        }
        if let servers = reader.read(
            "irc.servers",
            { value -> Check<[TOMLValue]> in
                guard let array = value.arrayValue else {
                    return .bad("expected [[irc.servers]] tables, found a \(value.typeName)")
                }
                return .ok(array)
            })
        {
            for index in servers.indices {
                if let server = reader.server(at: index, ownerOnly: ownerOnly) {
                    settings.ircServers.append(server)
                }
            }
        }

        let problems = reader.problems.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
        return SettingsDecodeResult(settings: settings, sources: reader.sources, problems: problems)
    }

    /// Whether `code` looks like an espeak-ng language code: letters, digits and hyphens,
    /// 2 to 20 of them, starting with a letter ("de", "pt-br", "en-gb-x-rp").
    public static func isLanguageCode(_ code: String) -> Bool {
        guard (2...20).contains(code.count), code.first?.isLetter == true else { return false }
        return code.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
        }
    }

    /// The allowed text sizes, in percent of Large.
    static let percentRange: ClosedRange<Double> = 50...400

    /// A size in percent as a category; any value outside ``percentRange`` — negative,
    /// huge, infinite or NaN — is a problem, never a trap.
    static func category(percent: Double) -> Check<ContentSizeCategory> {
        guard percent.isFinite, percentRange.contains(percent) else {
            return .bad("\(spokenNumber(percent)) percent is out of range: use 50 to 400 percent")
        }
        return .ok(ContentSizeCategory(nearestPercent: percent))
    }

    /// The number in a percent string such as "194" or "312.5": digits with an optional
    /// fraction, nothing else (no sign, exponent, hex, "inf" or "nan" that `Double(_:)` takes).
    static func percent(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digitsOnly = parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard digitsOnly else { return nil }
        return Double(text)
    }

    /// A number as a message shows it, for any Double: "1000", "1e+300", "inf", "nan".
    static func spokenNumber(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
