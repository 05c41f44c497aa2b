/// The outcome of reading a settings file: the settings (defaults for bad or missing keys),
/// where each one came from, and every problem found.
public struct SettingsDecodeResult: Sendable, Equatable {
    public var settings: Settings
    /// Source of each effective key, by dotted key ("speech.rate").
    public var sources: [String: SettingsSource]
    public var problems: [SettingsProblem]

    public init(settings: Settings, sources: [String: SettingsSource], problems: [SettingsProblem]) {
        self.settings = settings
        self.sources = sources
        self.problems = problems
    }

    /// The problems that are errors (not warnings).
    public var errors: [SettingsProblem] { problems.filter { $0.severity == .error } }
}
