import Typography

extension SettingsUpdate {
    /// What to say about this update, most important first.
    ///
    /// - A text size change: "Text size: Accessibility Large, 194 percent" (default priority).
    /// - Contrast and reduce motion changes.
    /// - Errors: "Settings error in config.toml, line 3, column 8, key text.size: … Keeping
    ///   the last good settings." at high priority (at start: "Using defaults for the bad keys.").
    /// - A file that had errors and now has none: "Settings fixed: config.toml reads without errors".
    /// - New warnings (unknown keys) at low priority.
    ///
    /// ```swift
    /// var new = Settings(); new.text.size = .accessibilityLarge
    /// SettingsUpdate(kind: .reload, old: Settings(), new: new, problems: [], applied: true)
    ///     .announcements.first?.text  // "Text size: Accessibility Large, 194 percent"
    /// ```
    public var announcements: [SettingsAnnouncement] {
        var result: [SettingsAnnouncement] = []
        let errors = problems.filter { $0.severity == .error }
        if let first = errors.first {
            var text = "Settings error in \(Self.spokenFile(first.file)), line \(first.line), column \(first.column)"
            if let key = first.key { text += ", key \(key)" }
            text += ": \(first.message)."
            if errors.count > 1 { text += " And \(errors.count - 1) more \(errors.count == 2 ? "error" : "errors")." }
            text += kind == .reload ? " Keeping the last good settings." : " Using defaults for the bad keys."
            result.append(SettingsAnnouncement(text: text, priority: .high))
        }
        if kind == .reload, errors.isEmpty, let fixed = previousProblems.first(where: { $0.severity == .error }) {
            // The file was broken and now reads well: the listener who fixed it hears so.
            result.append(
                SettingsAnnouncement(
                    text: "Settings fixed: \(Self.spokenFile(fixed.file)) reads without errors", priority: .default))
        }
        if old.text.size != new.text.size {
            result.append(SettingsAnnouncement(text: Self.textSizePhrase(new.text.size), priority: .default))
        }
        if kind == .reload {
            if old.display.contrast != new.display.contrast {
                let word = new.display.contrast == .increased ? "increased" : "standard"
                result.append(SettingsAnnouncement(text: "Contrast: \(word)", priority: .default))
            }
            if old.display.reduceMotion != new.display.reduceMotion {
                let word = new.display.reduceMotion ? "on" : "off"
                result.append(SettingsAnnouncement(text: "Reduce motion: \(word)", priority: .default))
            }
            if let speech = Self.speechPhrase(old: old.speech, new: new.speech) {
                result.append(SettingsAnnouncement(text: speech, priority: .default))
            }
            if let braille = Self.braillePhrase(old: old.braille, new: new.braille) {
                result.append(SettingsAnnouncement(text: braille, priority: .default))
            }
        }
        let oldWarnings = Set(previousProblems.filter { $0.severity == .warning }.compactMap(\.key))
        let newWarnings = problems.filter { $0.severity == .warning && !oldWarnings.contains($0.key ?? "") }
        if !newWarnings.isEmpty {
            let keys = newWarnings.compactMap(\.key).joined(separator: ", ")
            let noun = newWarnings.count == 1 ? "unknown setting" : "unknown settings"
            result.append(SettingsAnnouncement(text: "Ignoring \(newWarnings.count) \(noun): \(keys)", priority: .low))
        }
        return result
    }

    /// "Text size: Accessibility Large, 194 percent".
    public static func textSizePhrase(_ category: ContentSizeCategory) -> String {
        "Text size: \(category.spokenName), \(category.percent) percent"
    }

    /// What changed in `[braille]`, in one sentence ("Braille table: en-ueb-g2.ctb, braille
    /// message time: 3 seconds"), or nil.
    static func braillePhrase(old: BrailleSettings, new: BrailleSettings) -> String? {
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
        guard let first = parts.first else { return nil }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + parts.dropFirst()).joined(separator: ", ")
    }

    /// What changed in how much is spoken, in one sentence ("Joins and quits spoken: all,
    /// message times: on"), or nil. Rate, voice and the rest are heard in the voice itself.
    static func speechPhrase(old: SpeechSettings, new: SpeechSettings) -> String? {
        var parts: [String] = []
        if old.engine != new.engine { parts.append("speech engine: \(new.engine.rawValue), when Earshot starts again") }
        if old.events != new.events {
            parts.append("joins and quits spoken: \(new.events.spokenName)")
        }
        if old.times != new.times { parts.append("message times: \(new.times ? "on" : "off")") }
        if old.mergeBursts != new.mergeBursts {
            parts.append("quick messages together: \(new.mergeBursts ? "on" : "off")")
        }
        if old.messages != new.messages { parts.append("messages spoken: \(new.messages.rawValue)") }
        if old.channels != new.channels {
            for name in Set(old.channels.keys).union(new.channels.keys).sorted()
            where old.channels[name] != new.channels[name] {
                parts.append(name + ": " + (new.channels[name].map(SpeechSettings.describe) ?? "like the others"))
            }
        }
        if old.pronounce != new.pronounce {
            let count = new.pronounce.count
            parts.append("\(count) \(count == 1 ? "pronunciation" : "pronunciations")")
        }
        guard let first = parts.first else { return nil }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + parts.dropFirst()).joined(separator: ", ")
    }

    /// The file's name without its directory, which is what a listener needs.
    static func spokenFile(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
