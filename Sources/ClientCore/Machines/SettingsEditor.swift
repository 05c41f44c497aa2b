import IRC
import Settings

/// The settings as the listener changes them: a step of one setting (the settings sheet's
/// Up and Down, Control-plus, Alt-P), a person followed or no longer, a new file from disk.
/// Each change answers with what it reaches beyond the core's own state (the voice, the
/// sounds, the display), so the core tells only those parts.
///
/// ```swift
/// var editor = SettingsEditor(settings)
/// switch editor.adjust(.textSize, by: 1) {
/// case .changed(let reach): …      // reach.contains(.display)
/// case .atEnd: …                   // the value is said again
/// case .notAdjustable: break
/// }
/// ```
struct SettingsEditor: Sendable {
    /// The parts outside the core a change reaches.
    struct Reach: OptionSet, Sendable, Hashable {
        let rawValue: Int
        static let speech = Reach(rawValue: 1 << 0)
        static let sounds = Reach(rawValue: 1 << 1)
        static let soundPack = Reach(rawValue: 1 << 2)
        static let braille = Reach(rawValue: 1 << 3)
        static let display = Reach(rawValue: 1 << 4)
        /// `[speech.pronounce]`: the lexicon is made again.
        static let pronunciations = Reach(rawValue: 1 << 5)
    }

    /// What a step of a setting did.
    enum Step: Equatable, Sendable {
        case changed(Reach)
        /// The setting is at the end of its range: nothing changed.
        case atEnd
        /// The setting is not stepped (a list, a path).
        case notAdjustable
    }

    private(set) var settings: Settings

    init(_ settings: Settings) { self.settings = settings }

    /// The settings are `new` (the file changed, or a change was made elsewhere).
    mutating func replace(with new: Settings) -> Reach {
        let old = settings
        settings = new
        var reach: Reach = []
        if new.speech != old.speech { reach.insert(.speech) }
        if new.speech.pronounce != old.speech.pronounce { reach.insert(.pronunciations) }
        if new.sounds != old.sounds { reach.insert(.sounds) }
        if new.sounds.pack != old.sounds.pack { reach.insert(.soundPack) }
        if new.braille != old.braille { reach.insert(.braille) }
        if new.display != old.display || new.text != old.text { reach.insert(.display) }
        return reach
    }

    /// One step of `key` (negative: back).
    mutating func adjust(_ key: SettingKey, by delta: Int) -> Step {
        guard let descriptor = Settings.descriptor(key), descriptor.isAdjustable else { return .notAdjustable }
        let new = descriptor.adjusted(settings, by: delta)
        guard new != settings else { return .atEnd }
        return .changed(replace(with: new))
    }

    /// `nick`'s messages are said from every channel, or no longer (`speech.follow`).
    mutating func follow(_ nick: String, _ on: Bool, names: IRCCaseMapping) -> Reach {
        var new = settings
        new.speech.follow.removeAll { names.equal($0, nick) }
        if on { new.speech.follow.append(nick) }
        return replace(with: new)
    }

    /// Someone followed took another nick: followed under it, so their messages are still
    /// said (a nick is all IRC knows them by). Nil when `old` was not followed, or `new` is.
    mutating func followRenamed(from old: String, to new: String, names: IRCCaseMapping) -> Reach? {
        guard follows(old, names: names), !follows(new, names: names) else { return nil }
        var renamed = settings
        renamed.speech.follow = renamed.speech.follow.map { names.equal($0, old) ? new : $0 }
        return replace(with: renamed)
    }

    /// Whether `nick`'s messages are said from every channel.
    func follows(_ nick: String, names: IRCCaseMapping) -> Bool {
        settings.speech.follow.contains { names.equal($0, nick) }
    }
}
