import Synchronization
import Typography

/// The settings in effect, shared between the watcher thread and the app.
///
/// At start, bad keys fall back to their defaults and good keys are used. On reload, a file
/// with any error is refused and the last good settings stay. The file is never written here.
///
/// ```swift
/// let store = SettingsStore(file: file)
/// let first = store.loadInitial()
/// // later, after the file changed:
/// if let update = store.reload() { speak(Wording.announcements(for: update)) }  // in App
/// ```
public final class SettingsStore: Sendable {
    struct State {
        var settings = Settings.defaults
        var sources: [String: SettingsSource] = [:]
        var problems: [SettingsProblem] = []
        var text: String?
    }

    /// The file this store reads.
    public let file: SettingsFile
    private let state = Mutex(State())

    public init(file: SettingsFile) {
        self.file = file
    }

    /// The settings in effect now.
    public var current: Settings { state.withLock { $0.settings } }

    /// Where each effective key came from (keys absent here are defaults).
    public var sources: [String: SettingsSource] { state.withLock { $0.sources } }

    /// The problems of the last read.
    public var problems: [SettingsProblem] { state.withLock { $0.problems } }

    /// Reads the file for the first time: defaults for bad keys, good keys kept.
    @discardableResult
    public func loadInitial() -> SettingsUpdate {
        let (result, text) = file.load()
        return state.withLock { state in
            let old = state.settings
            let previous = state.problems
            state.settings = result.settings
            state.sources = result.sources
            state.problems = result.problems
            state.text = text
            return SettingsUpdate(
                kind: .initial, old: old, new: result.settings, problems: result.problems,
                previousProblems: previous, applied: true)
        }
    }

    /// Reads the file again after a change. Returns nil when the text did not change or the
    /// file is gone (the settings stay). Any error keeps the last good settings.
    public func reload() -> SettingsUpdate? {
        let (result, text) = file.load()
        guard let text else {
            if result.problems.isEmpty { return nil }
            return state.withLock { state in
                let previous = state.problems
                state.problems = result.problems
                return SettingsUpdate(
                    kind: .reload, old: state.settings, new: state.settings, problems: result.problems,
                    previousProblems: previous, applied: false)
            }
        }
        return state.withLock { state -> SettingsUpdate? in
            guard text != state.text else { return nil }
            state.text = text
            let old = state.settings
            let previous = state.problems
            state.problems = result.problems
            if !result.errors.isEmpty {
                return SettingsUpdate(
                    kind: .reload, old: old, new: old, problems: result.problems, previousProblems: previous,
                    applied: false)
            }
            state.settings = result.settings
            state.sources = result.sources
            return SettingsUpdate(
                kind: .reload, old: old, new: result.settings, problems: result.problems,
                previousProblems: previous, applied: true)
        }
    }

    /// Changes one key in the file (atomically, keeping comments) and in the settings in
    /// effect. Throws without writing when the file does not parse.
    @discardableResult
    public func set(_ value: TOMLValue, at keyPath: [String]) throws(SettingsProblem) -> SettingsUpdate? {
        try file.set(value, at: keyPath)
        return reload()
    }

    /// Adds a server to the file (see ``SettingsFile/appendServer(_:)``) and reloads.
    @discardableResult
    public func appendServer(_ server: IRCServerSettings) throws(SettingsProblem) -> SettingsUpdate? {
        try file.appendServer(server)
        return reload()
    }

    /// Changes the text size in the file and in the settings in effect.
    @discardableResult
    public func setTextSize(_ category: ContentSizeCategory) throws(SettingsProblem) -> SettingsUpdate? {
        try set(.string(category.rawValue), at: ["text", "size"])
    }
}
