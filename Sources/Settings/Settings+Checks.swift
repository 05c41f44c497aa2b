import SpeechVocabulary
import Typography

/// The checks of the settings that are more than a switch, a word or a number, each a value in
/// and the setting or the reason out; the table (``Settings/table``) reads each key with one.
extension Settings {
    /// `text.size`: a category name or a percent.
    static func checkTextSize(_ value: TOMLValue) -> Check<ContentSizeCategory> {
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
                "\"\(text)\" is not a size: use a name such as \"accessibilityLarge\" or a percent such as \"194%\"")
        case .integer, .float:
            return Settings.category(percent: value.numberValue ?? 100)
        default:
            return .bad("expected a size name or a percent, found a \(value.typeName)")
        }
    }

    /// `speech.voice`: a role name or a path.
    static func checkVoice(_ value: TOMLValue) -> Check<String> {
        guard let text = value.stringValue else {
            return .bad("expected a voice name or path, found a \(value.typeName)")
        }
        return text.isEmpty ? .bad("the voice name is empty") : .ok(text)
    }

    /// `speech.channels`: channel names to a policy, or to a table with a policy and a language.
    static func checkChannels(_ value: TOMLValue) -> Check<[String: SpeechSettings.ChannelSpeech]> {
        guard let table = value.tableValue else {
            return .bad("expected a table of channel names and policies, found a \(value.typeName)")
        }
        let choices = SpeechSettings.MessagePolicy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let expected = "expected one of \(choices), or a table such as { messages = \"all\", language = \"de\" }"
        var result: [String: SpeechSettings.ChannelSpeech] = [:]
        for entry in table.entries {
            if let word = entry.value.stringValue {
                guard let policy = SpeechSettings.MessagePolicy(rawValue: word) else {
                    return .bad("channel \(entry.key): \(expected)")
                }
                result[entry.key] = SpeechSettings.ChannelSpeech(messages: policy)
                continue
            }
            guard let inner = entry.value.tableValue else { return .bad("channel \(entry.key): \(expected)") }
            var channel = SpeechSettings.ChannelSpeech()
            for field in inner.entries {
                switch field.key {
                case "messages":
                    guard let word = field.value.stringValue, let policy = SpeechSettings.MessagePolicy(rawValue: word)
                    else {
                        return .bad("channel \(entry.key), messages: expected one of \(choices)")
                    }
                    channel.messages = policy
                case "language":
                    guard let code = field.value.stringValue?.trimmingSpaces(), Settings.isLanguageCode(code) else {
                        return .bad(
                            "channel \(entry.key), language: expected a language code such as \"de\" or \"pt-br\"")
                    }
                    channel.language = code.lowercased()
                default:
                    return .bad("channel \(entry.key): unknown key \(field.key); use messages and language")
                }
            }
            result[entry.key] = channel
        }
        return .ok(result)
    }

    /// `speech.pronounce`: words to how they are said.
    static func checkPronounce(_ value: TOMLValue) -> Check<[String: String]> {
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
    }

    /// `sounds.pack`: a folder's name, or "" for the built-in tones.
    static func checkPack(_ value: TOMLValue) -> Check<String> {
        guard let name = value.stringValue?.trimmingSpaces() else {
            return .bad("expected the name of a sound pack's folder, or \"\" for the built-in tones")
        }
        guard !name.contains("/"), name != ".", name != ".." else {
            return .bad("a sound pack is named by its folder alone, such as \"soft\"")
        }
        return .ok(name)
    }

    /// `braille.enabled`: true, false or "auto".
    static func checkBrailleEnabled(_ value: TOMLValue) -> Check<BrailleSettings.Enabled> {
        switch value {
        case .boolean(let on): .ok(on ? .on : .off)
        case .string("auto"): .ok(.auto)
        default: .bad("expected true, false or \"auto\"")
        }
    }

    /// `braille.table`: a liblouis table list, or "" for computer braille.
    static func checkBrailleTable(_ value: TOMLValue) -> Check<String> {
        guard let text = value.stringValue else {
            return .bad("expected a liblouis table name such as \"en-ueb-g2.ctb\", found a \(value.typeName)")
        }
        return .ok(text.trimmingSpaces())
    }

    /// `display.color`: true, false, or one of its words.
    static func checkColor(_ value: TOMLValue) -> Check<DisplaySettings.ColorPreference> {
        switch value {
        case .boolean(let on): .ok(on ? .always : .never)
        case .string("auto"): .ok(.auto)
        case .string("always"): .ok(.always)
        case .string("never"): .ok(.never)
        case .string("truecolor"): .ok(.truecolor)
        default: .bad("expected true, false, \"auto\", \"always\", \"never\" or \"truecolor\"")
        }
    }

    /// `irc.highlights`: words, none empty.
    static func checkHighlights(_ value: TOMLValue) -> Check<[String]> {
        guard let array = value.arrayValue else { return .bad("expected an array of words, found a \(value.typeName)") }
        let words = array.compactMap(\.stringValue).map { $0.trimmingSpaces() }
        guard words.count == array.count else { return .bad("expected words as strings") }
        guard !words.contains(where: \.isEmpty) else { return .bad("an empty word would match every message") }
        return .ok(words)
    }

    /// `irc.monitor`, `speech.follow`: nicks.
    static func checkNicks(_ value: TOMLValue) -> Check<[String]> {
        guard let array = value.arrayValue else { return .bad("expected an array of nicks, found a \(value.typeName)") }
        let nicks = array.compactMap(\.stringValue)
        guard nicks.count == array.count else { return .bad("expected nicks as strings") }
        guard !nicks.contains(where: { $0.isEmpty || $0.contains(" ") || $0.contains(",") }) else {
            return .bad("a nick has no spaces or commas and is not empty")
        }
        return .ok(nicks)
    }
}

extension BrailleSettings {
    /// Computer braille (BRLTTY's own table), then liblouis's English tables: what the sheet
    /// steps through.
    public static let tables = ["", "en-ueb-g2.ctb", "en-ueb-g1.ctb", "en-us-g2.ctb"]
}
