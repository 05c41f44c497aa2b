/// The outcome of checking one settings value: the value, or the message that says why not.
enum Check<Value> {
    case ok(Value)
    case bad(String)
}

extension Check where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `Value`'s words, as the file writes it.
    static func word(_ value: TOMLValue) -> Check<Value> {
        let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let text = value.stringValue else { return .bad("expected one of \(allowed), found a \(value.typeName)") }
        return Value(rawValue: text).map { .ok($0) } ?? .bad("\"\(text)\" is not one of \(allowed)")
    }
}
