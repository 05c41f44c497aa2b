import Settings
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
        if update.kind == .reload, update.problems.isEmpty, !update.previousProblems.isEmpty,
            !update.previousProblems.contains(where: { $0.severity == .error })
        {
            // Unknown keys renamed or taken out: as worth hearing as an error fixed.
            result.append(
                Announcement(
                    "Settings fixed: \(spokenFile(update.previousProblems[0].file)) has no unknown settings now",
                    .default))
        }
        if old.text.size != new.text.size { result.append(Announcement(textSize(new.text.size), .default)) }
        if update.kind == .reload {
            if let change = settingsChange(old: old, new: new) { result.append(Announcement(change, .default)) }
        }
        let oldWarnings = Set(update.previousProblems.filter { $0.severity == .warning }.compactMap(\.key))
        let newWarnings = update.problems.filter { $0.severity == .warning && !oldWarnings.contains($0.key ?? "") }
        if !newWarnings.isEmpty {
            // A misspelt key is most often one letter away from the one meant.
            let keys = newWarnings.compactMap(\.key).map { key in
                Settings.nearestKnownKey(to: key).map { "\(key), did you mean \($0)" } ?? key
            }.joined(separator: "; ")
            let noun = newWarnings.count == 1 ? "unknown setting" : "unknown settings"
            result.append(Announcement("Ignoring \(newWarnings.count) \(noun): \(keys)", .low))
        }
        return result
    }

    /// "Text size: Accessibility Large, 194 percent".
    public static func textSize(_ category: ContentSizeCategory) -> String { "Text size: " + sizeValue(category) }

    /// A channel's entry in words ("sound", "all, in de").
    static func channelSpeech(_ channel: SpeechSettings.ChannelSpeech) -> String {
        [channel.messages.map(policy), channel.language.map { "in \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }

    /// Which of a channel's messages are spoken, in the words of its actions.
    static func policy(_ policy: SpeechSettings.MessagePolicy) -> String {
        switch policy {
        case .all: "all"
        case .active: "when open, and mentions"
        case .mentions: "mentions only"
        case .none: "none"
        case .sound: "a sound for each, mentions said"
        }
    }

    /// What changed in the table's settings and in `speech.channels` and `speech.pronounce`, in
    /// one sentence ("Joins and quits spoken: everyone, message times: on"), or nil. The voice,
    /// rate, pitch and volume are heard in the voice itself.
    static func settingsChange(old: Settings, new: Settings) -> String? {
        var parts: [String] = []
        for descriptor in Settings.table
        where descriptor.announced && descriptor.value(in: old) != descriptor.value(in: new) {
            let label = settingLabel(descriptor.key)
            let name = label.prefix(1).lowercased() + label.dropFirst()
            parts.append(
                "\(name): \(settingValue(descriptor.key, in: new))"
                    + (descriptor.atNextStart ? ", from the next start" : ""))
        }
        if old.speech.channels != new.speech.channels {
            for name in Set(old.speech.channels.keys).union(new.speech.channels.keys).sorted()
            where old.speech.channels[name] != new.speech.channels[name] {
                parts.append(name + ": " + (new.speech.channels[name].map(channelSpeech) ?? "like the others"))
            }
        }
        if old.speech.pronounce != new.speech.pronounce {
            let count = new.speech.pronounce.count
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
