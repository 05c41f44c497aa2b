/// Where an effective setting came from.
public enum SettingsSource: Sendable, Equatable, CustomStringConvertible {
    /// Earshot's default (the key is absent or was bad).
    case `default`
    /// The settings file, at a line.
    case file(path: String, line: Int)

    public var description: String {
        switch self {
        case .default: "default"
        case .file(let path, let line): "\(path):\(line)"
        }
    }
}
