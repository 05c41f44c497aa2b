/// libFuzzer target: the TOML reader and settings decoding on any bytes.
///
/// Nothing traps (deep nesting included); every problem has a line and column from 1; a
/// document that parses can be edited (the text size set) and still parses with the value
/// in place, or the edit throws.
@_cdecl("LLVMFuzzerTestOneInput")
public func tomlSettingsFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = Settings.decode(text: String(decoding: bytes, as: UTF8.self), file: "fuzz.toml")
    for problem in result.problems {
        fuzzCheck(problem.line >= 1 && problem.column >= 1, "problem without a place: \(problem)")
    }
    guard var document = try? TOMLDocument(parsing: bytes) else { return 0 }
    let decoded = Settings.decode(document: document, file: "fuzz.toml")
    fuzzCheck(decoded.problems.allSatisfy { $0.code != .syntax }, "a parsed document has a syntax problem")
    if (try? document.set(.string("accessibilityLarge"), at: ["text", "size"])) != nil {
        fuzzCheck(
            document.value(at: ["text", "size"]) == .string("accessibilityLarge"),
            "the edit did not take: \(document.text.debugDescription)")
        fuzzCheck((try? TOMLDocument(parsing: document.text)) != nil, "the edit does not parse")
    }
    return 0
}
