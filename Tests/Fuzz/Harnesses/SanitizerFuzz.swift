/// libFuzzer target: the sanitiser's promise holds on every output.
///
/// Nothing that reaches the terminal may be a control: no C0 control (ESC included), no DEL,
/// no C1 control, no bidirectional override or isolate, no line or paragraph separator.
@_cdecl("LLVMFuzzerTestOneInput")
public func sanitizerFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let output = Sanitizer.plainText(bytes: bytes)
    for scalar in output.unicodeScalars {
        let value = scalar.value
        let forbidden =
            value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0x061C
            || (0x200E...0x200F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029
        fuzzCheck(!forbidden, "U+\(String(value, radix: 16)) survived in \(Array(bytes))")
    }
    // Sanitising twice changes nothing more.
    fuzzCheck(Sanitizer.plainText(output) == output, "not idempotent: \(Array(bytes))")
    return 0
}
