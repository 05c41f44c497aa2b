/// What happened when the settings were (re)read: before, after, and the problems found.
public struct SettingsUpdate: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The first read, at start: bad keys fall back to their defaults.
        case initial
        /// A later read after the file changed: any error keeps the last good settings.
        case reload
    }

    public var kind: Kind
    /// The settings before the read.
    public var old: Settings
    /// The settings in effect after the read (equal to `old` when a reload was refused).
    public var new: Settings
    /// Problems found in this read.
    public var problems: [SettingsProblem]
    /// Problems found in the read before (so warnings already spoken are not spoken again).
    public var previousProblems: [SettingsProblem]
    /// Whether the file's settings were taken (false when a reload kept the last good ones).
    public var applied: Bool

    public init(
        kind: Kind, old: Settings, new: Settings, problems: [SettingsProblem],
        previousProblems: [SettingsProblem] = [], applied: Bool
    ) {
        self.kind = kind
        self.old = old
        self.new = new
        self.problems = problems
        self.previousProblems = previousProblems
        self.applied = applied
    }
}
