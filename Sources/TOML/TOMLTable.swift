/// A TOML table: keys in the order the file gives them.
///
/// ```swift
/// let size = document.root["text"]?.tableValue?["size"]?.stringValue
/// ```
public struct TOMLTable: Sendable, Equatable {
    /// One key and its value.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: TOMLValue

        public init(key: String, value: TOMLValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in file order.
    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The keys in file order.
    public var keys: [String] { entries.map(\.key) }

    /// The value for `key`, or nil.
    public subscript(key: String) -> TOMLValue? {
        entries.first { $0.key == key }?.value
    }
}
