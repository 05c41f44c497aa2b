import Settings
import Speech
import SpeechVocabulary
import Typography

/// A settings change as the listener hears it: the Settings module reports the change (old and
/// new settings, the problems found) and words nothing; this says it.
extension Wording {
    /// A sentence about a settings change, and how urgently it is said.
    public struct Announcement: Hashable, Sendable {
        public var text: String
        public var priority: SpeechPriority

        public init(_ text: String, _ priority: SpeechPriority) {
            self.text = text
            self.priority = priority
        }
    }

    /// What to say about `update`, most important first.
    ///
    /// - A text size change: "Text size: Accessibility Large, 194 percent" (default priority).
    /// - Contrast and reduce motion changes, and what changed in speech and braille.
    /// - Errors: "Settings error in config.toml, line 3, column 8, key text.size: … Keeping the
    ///   last good settings." at high priority (at start: "Using defaults for the bad keys.").
    /// - A file that had errors and now has none: "Settings fixed: config.toml reads without errors".
    /// - New warnings (unknown keys) at low priority.
    ///
    /// ```swift
    /// var new = Settings(); new.text.size = .accessibilityLarge
    /// Wording.announcements(for: SettingsUpdate(kind: .reload, old: Settings(), new: new, problems: [], applied: true))
    /// // [Announcement("Text size: Accessibility Large, 194 percent", .default)]
    /// ```
    public static func announcements(for update: SettingsUpdate) -> [Announcement] {
        var result: [Announcement] = []
        let (old, new) = (update.old, update.new)
        let errors = update.problems.filter { $0.severity == .error }
        if let first = errors.first {
            var text = "Settings error in \(spokenFile(first.file)), line \(first.line), column \(first.column)"
            if let key = first.key { text += ", key \(key)" }
            text += ": \(first.message)."
            if errors.count > 1 { text += " And \(errors.count - 1) more \(errors.count == 2 ? "error" : "errors")." }
            text += update.kind == .reload ? " Keeping the last good settings." : " Using defaults for the bad keys."
            result.append(Announcement(text, .high))
        }
        if update.kind == .reload, errors.isEmpty,
            let fixed = update.previousProblems.first(where: { $0.severity == .error })
        {
            // The file was broken and now reads well: the listener who fixed it hears so.
            result.append(Announcement("Settings fixed: \(spokenFile(fixed.file)) reads without errors", .default))
        }
        if old.text.size != new.text.size { result.append(Announcement(textSize(new.text.size), .default)) }
        if update.kind == .reload {
            if old.display.contrast != new.display.contrast {
                result.append(
                    Announcement("Contrast: \(new.display.contrast == .increased ? "increased" : "standard")", .default)
                )
            }
            if old.display.reduceMotion != new.display.reduceMotion {
                result.append(Announcement("Reduce motion: \(new.display.reduceMotion ? "on" : "off")", .default))
            }
            if let speech = speechChange(old: old.speech, new: new.speech) {
                result.append(Announcement(speech, .default))
            }
            if let braille = brailleChange(old: old.braille, new: new.braille) {
                result.append(Announcement(braille, .default))
            }
        }
        let oldWarnings = Set(update.previousProblems.filter { $0.severity == .warning }.compactMap(\.key))
        let newWarnings = update.problems.filter { $0.severity == .warning && !oldWarnings.contains($0.key ?? "") }
        if !newWarnings.isEmpty {
            let keys = newWarnings.compactMap(\.key).joined(separator: ", ")
            let noun = newWarnings.count == 1 ? "unknown setting" : "unknown settings"
            result.append(Announcement("Ignoring \(newWarnings.count) \(noun): \(keys)", .low))
        }
        return result
    }

    /// "Text size: Accessibility Large, 194 percent".
    public static func textSize(_ category: ContentSizeCategory) -> String { "Text size: " + sizeValue(category) }

    /// "Extra Large, 112 percent": the text-size control's value; at an end of the range it
    /// says so at once ("…, 312 percent, the largest"), not on a further, useless press.
    public static func sizeValue(_ category: ContentSizeCategory) -> String {
        let edge =
            category == ContentSizeCategory.allCases.last
            ? ", the largest" : category == ContentSizeCategory.allCases.first ? ", the smallest" : ""
        return "\(category.spokenName), \(category.percent) percent" + edge
    }

    /// "175 words per minute"; at an end of the range it says so ("80 words per minute, the
    /// slowest"), rather than nothing on a further press.
    static func rateValue(_ rate: Int) -> String {
        let range = SpeechParameters.rateRange
        let edge = rate <= range.lowerBound ? ", the slowest" : rate >= range.upperBound ? ", the fastest" : ""
        return "\(rate) words per minute" + edge
    }

    /// Whose joins and quits are spoken, in words: the settings sheet's and an edit's.
    static func events(_ policy: SpeechSettings.EventPolicy) -> String {
        switch policy {
        case .all: "everyone"
        case .recent: "people who wrote in the last 10 minutes"
        case .none: "nobody"
        }
    }

    /// A channel's entry in words ("sound", "all, in de").
    static func channelSpeech(_ channel: SpeechSettings.ChannelSpeech) -> String {
        [channel.messages?.rawValue, channel.language.map { "in \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }

    /// What changed in `[braille]`, in one sentence ("Braille table: en-ueb-g2.ctb, braille
    /// message time: 3 seconds"), or nil.
    static func brailleChange(old: BrailleSettings, new: BrailleSettings) -> String? {
        var parts: [String] = []
        if old.enabled != new.enabled {
            let word = new.enabled == .auto ? "automatic" : new.enabled.rawValue
            parts.append("braille: \(word), from the next start")
        }
        if old.table != new.table {
            parts.append("braille table: " + (new.table.isEmpty ? "computer braille" : new.table))
        }
        if old.messageTimeout != new.messageTimeout {
            parts.append(
                "braille message time: \(new.messageTimeout) \(new.messageTimeout == 1 ? "second" : "seconds")")
        }
        if old.messages != new.messages { parts.append("braille messages: \(new.messages.rawValue)") }
        return sentence(parts)
    }

    /// What changed in how much is spoken, in one sentence ("Joins and quits spoken: everyone,
    /// message times: on"), or nil. Rate, voice and the rest are heard in the voice itself.
    static func speechChange(old: SpeechSettings, new: SpeechSettings) -> String? {
        var parts: [String] = []
        if old.engine != new.engine { parts.append("speech engine: \(new.engine.rawValue), when Earshot starts again") }
        if old.events != new.events { parts.append("joins and quits spoken: \(events(new.events))") }
        if old.times != new.times { parts.append("message times: \(new.times ? "on" : "off")") }
        if old.mergeBursts != new.mergeBursts {
            parts.append("quick messages together: \(new.mergeBursts ? "on" : "off")")
        }
        if old.messages != new.messages { parts.append("messages spoken: \(new.messages.rawValue)") }
        if old.channels != new.channels {
            for name in Set(old.channels.keys).union(new.channels.keys).sorted()
            where old.channels[name] != new.channels[name] {
                parts.append(name + ": " + (new.channels[name].map(channelSpeech) ?? "like the others"))
            }
        }
        if old.pronounce != new.pronounce {
            let count = new.pronounce.count
            parts.append("\(count) \(count == 1 ? "pronunciation" : "pronunciations")")
        }
        return sentence(parts)
    }

    /// Parts as one sentence, its first letter a capital.
    static func sentence(_ parts: [String]) -> String? {
        guard let first = parts.first else { return nil }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + parts.dropFirst()).joined(separator: ", ")
    }

    /// The file's name without its directory, which is what a listener needs.
    static func spokenFile(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
