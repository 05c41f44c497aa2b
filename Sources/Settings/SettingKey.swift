/// A setting's place in the settings file, typed, so the client never spells a key path. The
/// keys of the table's settings are declared beside their entries (``Settings/table``); two are
/// made per name: a word's pronunciation and a channel's speech.
///
/// ```swift
/// var settings = Settings()
/// settings.speech.rate = 220
/// SettingKey.speechRate.keyPath              // ["speech", "rate"]
/// SettingKey.speechRate.value(in: settings)  // .integer(220)
/// ```
public struct SettingKey: Sendable, Hashable, CustomStringConvertible {
    /// Its table and key in the file.
    public let keyPath: [String]

    /// A key by its dotted path ("speech.rate").
    public init(_ dotted: String) { keyPath = dotted.split(separator: ".").map(String.init) }

    init(path: [String]) { keyPath = path }

    /// How `word` is said (`[speech.pronounce]`); a word without an entry is written as itself,
    /// so it is said as written again.
    public static func pronounce(_ word: String) -> SettingKey { SettingKey(path: ["speech", "pronounce", word]) }

    /// How the channel named so is spoken (`[speech.channels]`): its policy, or a table with its
    /// language.
    public static func channelSpeech(_ name: String) -> SettingKey { SettingKey(path: ["speech", "channels", name]) }

    /// Its key path dotted, as problems and sources name it: "speech.rate".
    public var dotted: String { keyPath.joined(separator: ".") }

    public var description: String { dotted }

    /// What it is in `settings`, as the file writes it.
    public func value(in settings: Settings) -> TOMLValue {
        if keyPath.count == 3, keyPath[0] == "speech", keyPath[1] == "pronounce" {
            let word = keyPath[2]
            let spoken = settings.speech.pronounce.first { $0.key.lowercased() == word.lowercased() }?.value
            return .string(spoken ?? word)
        }
        if keyPath.count == 3, keyPath[0] == "speech", keyPath[1] == "channels" {
            return settings.speech.channels[keyPath[2]]?.tomlValue ?? .string(settings.speech.messages.rawValue)
        }
        guard let descriptor = Settings.descriptor(self) else {
            preconditionFailure("\(dotted) is not in Settings.table")
        }
        return descriptor.value(in: settings)
    }
}
