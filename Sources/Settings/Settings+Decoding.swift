import Typography

extension Settings {
    /// The keys Earshot knows, by section, in the order `earshot config` prints them.
    public static let knownKeys: [(section: String, keys: [String])] = [
        ("text", ["size"]),
        ("speech", ["voice", "rate", "pitch", "volume", "punctuation", "hints", "echo"]),
        ("display", ["reduce_motion", "contrast", "color", "text_sizing"]),
        ("irc", ["servers"]),
    ]

    static let serverKeys: Set<String> = [
        "host", "port", "tls", "nick", "channels", "sasl_user", "password", "password_env",
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
        } catch let error as TOMLError {
            let problem = SettingsProblem(
                code: .syntax, message: error.message, file: file, line: error.line,
                column: error.column, key: error.key)
            return SettingsDecodeResult(settings: .defaults, sources: [:], problems: [problem])
        } catch {
            let problem = SettingsProblem(
                code: .syntax, message: "\(error)", file: file, line: 1, column: 1, key: nil)
            return SettingsDecodeResult(settings: .defaults, sources: [:], problems: [problem])
        }
        return decode(document: document, file: file, ownerOnly: ownerOnly)
    }

    /// Reads settings from a parsed document; see ``decode(text:file:ownerOnly:)``.
    public static func decode(document: TOMLDocument, file: String, ownerOnly: Bool = true) -> SettingsDecodeResult {
        var reader = SettingsReader(document: document, file: file)
        var settings = Settings()
        reader.warnAboutUnknownKeys()

        if let size = reader.read("text.size", { value -> Check<ContentSizeCategory> in
            switch value {
            case .string(let text):
                if let category = ContentSizeCategory(rawValue: text) { return .ok(category) }
                if text.hasSuffix("%"), let percent = Double(text.dropLast().trimmingSpaces()) {
                    return Settings.category(percent: percent)
                }
                return .bad("\"\(text)\" is not a size: use a name such as \"accessibilityLarge\" or a percent such as \"194%\"")
            case .integer, .float:
                return Settings.category(percent: value.numberValue ?? 100)
            default:
                return .bad("expected a size name or a percent, found a \(value.typeName)")
            }
        }) { settings.text.size = size }

        if let voice = reader.read("speech.voice", { value -> Check<String> in
            guard let text = value.stringValue else { return .bad("expected a voice name or path, found a \(value.typeName)") }
            return text.isEmpty ? .bad("the voice name is empty") : .ok(text)
        }) { settings.speech.voice = voice }
        if let rate = reader.integer("speech.rate", in: SpeechSettings.rateRange, unit: " words per minute") {
            settings.speech.rate = rate
        }
        if let pitch = reader.integer("speech.pitch", in: SpeechSettings.pitchRange) { settings.speech.pitch = pitch }
        if let volume = reader.integer("speech.volume", in: SpeechSettings.volumeRange, unit: " percent") {
            settings.speech.volume = volume
        }
        if let punctuation = reader.word("speech.punctuation", SpeechSettings.Punctuation.self) {
            settings.speech.punctuation = punctuation
        }
        if let hints = reader.bool("speech.hints") { settings.speech.hints = hints }
        if let echo = reader.word("speech.echo", SpeechSettings.Echo.self) { settings.speech.echo = echo }

        if let reduceMotion = reader.bool("display.reduce_motion") { settings.display.reduceMotion = reduceMotion }
        if let contrast = reader.word("display.contrast", ContrastLevel.self) { settings.display.contrast = contrast }
        if let color = reader.read("display.color", { value -> Check<DisplaySettings.ColorPreference> in
            switch value {
            case .boolean(let on): return .ok(on ? .always : .never)
            case .string("auto"): return .ok(.auto)
            default: return .bad("expected true, false or \"auto\"")
            }
        }) { settings.display.color = color }
        if let sizing = reader.word("display.text_sizing", TextSizingPreference.self) {
            settings.display.textSizing = sizing
        }

        if let servers = reader.read("irc.servers", { value -> Check<[TOMLValue]> in
            guard let array = value.arrayValue else { return .bad("expected [[irc.servers]] tables, found a \(value.typeName)") }
            return .ok(array)
        }) {
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

    static func category(percent: Double) -> Check<ContentSizeCategory> {
        guard (50...400).contains(percent) else {
            return .bad("\(Int(percent)) percent is out of range: use 50 to 400 percent")
        }
        return .ok(ContentSizeCategory(nearestPercent: percent))
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
