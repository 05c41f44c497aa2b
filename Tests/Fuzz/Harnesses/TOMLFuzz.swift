/// libFuzzer target: the TOML module alone (the reader and the editor) on any bytes.
///
/// Nothing traps (deep nesting included); an error has a line and column from 1; a document
/// that parses can be edited (a key set, in a table that may not exist yet) and still parses
/// with the value in place and every other value unchanged, or the edit throws.
@_cdecl("LLVMFuzzerTestOneInput")
public func tomlFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document: TOMLDocument
    do {
        document = try TOMLDocument(parsing: bytes)
    } catch {
        fuzzCheck(error.line >= 1 && error.column >= 1, "an error without a place: \(error)")
        return 0
    }
    for path in [["text", "size"], ["speech", "rate"], ["fuzz"]] {
        var edited = document
        let value: TOMLValue = path.last == "rate" ? .integer(200) : .string("edited \"value\"\n")
        guard (try? edited.set(value, at: path)) != nil else { continue }
        fuzzCheck(
            edited.value(at: path)?.tomlLiteral == value.tomlLiteral,
            "the edit did not take: \(edited.text.debugDescription)")
        guard let reread = try? TOMLDocument(parsing: edited.text) else {
            fuzzCheck(false, "the edit does not parse: \(edited.text.debugDescription)")
            continue
        }
        fuzzCheck(reread.value(at: path)?.tomlLiteral == value.tomlLiteral, "the edit is not what is read back")
        for key in document.root.keys where [key] != Array(path.prefix(1)) {
            // Compared as text: `nan` is not equal to itself as a Double.
            fuzzCheck(
                reread.value(at: [key])?.tomlLiteral == document.value(at: [key])?.tomlLiteral,
                "the edit changed \(key)")
        }
    }
    return 0
}
