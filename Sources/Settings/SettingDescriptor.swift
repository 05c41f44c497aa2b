/// One setting, described once: where it lives in the file, how it is read and checked, how it
/// is written back, how one step changes it and how the settings sheet shows it. The table of
/// them (``Settings/table``) drives decoding, the known keys, `earshot config`'s listing,
/// writing, the settings sheet's rows and adjusting, so a new setting is its field, one entry
/// here and its words in the phrase book (App's `Wording+SettingWords.swift`).
///
/// ```swift
/// let times = Settings.descriptor(.speechTimes)!
/// times.control                                     // .toggle
/// times.adjusted(Settings(), by: 1).speech.times    // true
/// times.value(in: Settings())                       // .boolean(false)
/// ```
public struct SettingDescriptor: Sendable {
    /// How the settings sheet shows it.
    public enum Control: Sendable, Equatable {
        /// A toggle button: Enter switches it, its state is the `selected` trait.
        case toggle
        /// An adjustable: Up and Down step it, its value said.
        case adjustable
        /// Set in the file only.
        case fileOnly
    }

    public let key: SettingKey
    public let control: Control
    /// Whether a change made in the file is said ("Message times: on"). The voice, rate, pitch
    /// and volume are heard in the voice itself.
    public let announced: Bool
    /// Whether a change takes effect only when Earshot starts again.
    public let atNextStart: Bool

    let read: @Sendable (inout SettingsReader, inout Settings) -> Void
    let write: @Sendable (Settings) -> TOMLValue
    let step: (@Sendable (Settings, Int) -> Settings)?
    let on: (@Sendable (Settings) -> Bool)?

    /// What it is in `settings`, as the file writes it.
    public func value(in settings: Settings) -> TOMLValue { write(settings) }

    /// `settings` after one step (`delta` steps up, negative down; a toggle switches). Equal to
    /// `settings` at an end, or for a setting no key steps.
    public func adjusted(_ settings: Settings, by delta: Int) -> Settings { step?(settings, delta) ?? settings }

    /// Whether a key steps it.
    public var isAdjustable: Bool { step != nil }

    /// For a toggle, whether it is on.
    public func isOn(in settings: Settings) -> Bool { on?(settings) ?? false }

    /// Its key dotted: "speech.times".
    public var dotted: String { key.dotted }
}

extension SettingDescriptor {
    typealias Path<Value> = WritableKeyPath<Settings, Value> & Sendable

    /// A setting the table reads and writes its own way.
    static func custom(
        _ key: SettingKey, _ control: Control = .fileOnly, announced: Bool? = nil, atNextStart: Bool = false,
        read: @escaping @Sendable (inout SettingsReader, inout Settings) -> Void,
        write: @escaping @Sendable (Settings) -> TOMLValue,
        step: (@Sendable (Settings, Int) -> Settings)? = nil,
        on: (@Sendable (Settings) -> Bool)? = nil
    ) -> SettingDescriptor {
        SettingDescriptor(
            key: key, control: control, announced: announced ?? (control != .fileOnly), atNextStart: atNextStart,
            read: read, write: write, step: step, on: on)
    }

    /// A true-or-false setting, a toggle in the sheet unless said otherwise.
    static func toggle(_ key: SettingKey, _ path: Path<Bool>, _ control: Control = .toggle) -> SettingDescriptor {
        custom(
            key, control,
            read: { reader, settings in if let value = reader.bool(key.dotted) { settings[keyPath: path] = value } },
            write: { .boolean($0[keyPath: path]) },
            step: { settings, _ in
                var changed = settings
                changed[keyPath: path].toggle()
                return changed
            },
            on: { $0[keyPath: path] })
    }

    /// One of a few words. Up and Down step through the `choices` and stop at the ends.
    static func choice<Value: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ key: SettingKey, _ path: Path<Value>, choices: [Value]? = nil,
        _ control: Control = .adjustable, announced: Bool? = nil, atNextStart: Bool = false
    ) -> SettingDescriptor where Value.RawValue == String {
        among(
            key, path, choices ?? Array(Value.allCases), control, announced: announced,
            atNextStart: atNextStart, check: Check<Value>.word,
            written: { .string($0.rawValue) })
    }

    /// One of `choices`, read by `check` and written by `written`; Up and Down step through the
    /// choices, held at the ends (as every adjustable: one key never goes from last to first).
    static func among<Value: Equatable & Sendable>(
        _ key: SettingKey, _ path: Path<Value>, _ choices: [Value],
        _ control: Control = .adjustable, announced: Bool? = nil, atNextStart: Bool = false,
        check: @escaping @Sendable (TOMLValue) -> Check<Value>, written: @escaping @Sendable (Value) -> TOMLValue
    ) -> SettingDescriptor {
        custom(
            key, control, announced: announced, atNextStart: atNextStart,
            read: { reader, settings in if let value = reader.read(key, check) { settings[keyPath: path] = value } },
            write: { written($0[keyPath: path]) },
            step: { settings, delta in
                var changed = settings
                changed[keyPath: path] = Self.next(in: choices, from: settings[keyPath: path], by: delta)
                return changed
            })
    }

    /// A whole number within `range`, `unit` naming it in problems (" percent"). A step lands on
    /// a multiple of `step` (175 goes to 200, and 80 to 100), within the range. `explicit` marks
    /// it set, for speech-dispatcher, which keeps its own otherwise.
    static func number(
        _ key: SettingKey, _ path: Path<Int>, in range: ClosedRange<Int>, step: Int, unit: String = "",
        _ control: Control = .adjustable, announced: Bool? = nil, explicit: String? = nil
    ) -> SettingDescriptor {
        custom(
            key, control, announced: announced,
            read: { reader, settings in
                if let value = reader.integer(key.dotted, in: range, unit: unit) {
                    settings[keyPath: path] = value
                    if let explicit { settings.speech.explicit.insert(explicit) }
                }
            },
            write: { .integer(Int64($0[keyPath: path])) },
            step: { settings, delta in
                var changed = settings
                let current = settings[keyPath: path]
                let landed = delta > 0 ? (current / step + 1) * step : ((current + step - 1) / step - 1) * step
                changed[keyPath: path] = max(range.lowerBound, min(range.upperBound, landed))
                if let explicit { changed.speech.explicit.insert(explicit) }
                return changed
            })
    }

    /// A table of names to values (`[speech.pronounce]`), written in the names' order.
    static func keyed<Value: Sendable>(
        _ key: SettingKey, _ path: Path<[String: Value]>,
        check: @escaping @Sendable (TOMLValue) -> Check<[String: Value]>,
        written: @escaping @Sendable (Value) -> TOMLValue
    ) -> SettingDescriptor {
        custom(
            key,
            read: { reader, settings in if let value = reader.read(key, check) { settings[keyPath: path] = value } },
            write: { settings in
                .table(
                    TOMLTable(
                        entries: settings[keyPath: path].sorted { $0.key < $1.key }.map {
                            TOMLTable.Entry(key: $0.key, value: written($0.value))
                        }))
            })
    }

    /// An array of words (`irc.highlights`).
    static func list(
        _ key: SettingKey, _ path: Path<[String]>, announced: Bool = false,
        check: @escaping @Sendable (TOMLValue) -> Check<[String]>
    ) -> SettingDescriptor {
        custom(
            key, announced: announced,
            read: { reader, settings in if let value = reader.read(key, check) { settings[keyPath: path] = value } },
            write: { .array($0[keyPath: path].map(TOMLValue.string)) })
    }

    /// The choice `delta` steps from `current`, held at the ends. A value not among them (one
    /// set by hand) steps from the first.
    public static func next<Value: Equatable>(
        in choices: [Value], from current: Value, by delta: Int
    ) -> Value {
        guard !choices.isEmpty else { return current }
        let index = choices.firstIndex(of: current) ?? (delta > 0 ? -1 : choices.count)
        let target = index + delta
        return choices[max(0, min(choices.count - 1, target))]
    }
}
